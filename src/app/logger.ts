// Log lines go to stderr (results go to stdout). `json` writes one object per line.
export type LogLevel = 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, msg: string, detail?: unknown) => void;

export function createLogger(format: 'text' | 'json', write: (line: string) => void = (l) => process.stderr.write(l), debug = false): Logger {
  return (level, msg, detail) => {
    const at = new Date().toISOString();
    const extra = detail instanceof Error ? (debug ? detail.stack : `${detail.name}: ${detail.message}`) : detail;
    if (format === 'json') {
      write(JSON.stringify({ at, level, msg, ...(extra !== undefined ? { detail: String(extra) } : {}) }) + '\n');
    } else {
      write(`${at} ${level.padEnd(5)} ${msg}${extra !== undefined ? ` (${String(extra)})` : ''}\n`);
    }
  };
}
