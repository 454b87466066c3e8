// Log lines go to stderr (results go to stdout). `json` writes one object per line.
export type LogLevel = 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, msg: string, detail?: unknown) => void;

export function createLogger(
  format: 'text' | 'json',
  write: (line: string) => void = (l) => process.stderr.write(l),
  debug = false,
): Logger {
  return (level, msg, detail) => {
    const at = new Date().toISOString();
    const extra = detailText(detail, debug);
    if (format === 'json') {
      write(JSON.stringify({ at, level, msg, ...(extra !== undefined ? { detail: extra } : {}) }) + '\n');
    } else {
      write(`${at} ${level.padEnd(5)} ${msg}${extra !== undefined ? ` (${extra})` : ''}\n`);
    }
  };
}

/** A detail (usually a thrown value) as text: an Error by its name and message (its stack with
 * debug on); another object as JSON, which says more than '[object Object]'. */
function detailText(detail: unknown, debug: boolean): string | undefined {
  switch (typeof detail) {
    case 'undefined':
      return undefined;
    case 'string':
      return detail;
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'symbol':
      return detail.toString();
    case 'function':
      return `[function ${detail.name}]`;
  }
  if (detail instanceof Error) return debug ? detail.stack : `${detail.name}: ${detail.message}`;
  try {
    return JSON.stringify(detail) ?? Object.prototype.toString.call(detail);
  } catch {
    return Object.prototype.toString.call(detail); // a cycle or a BigInt inside
  }
}
