// Log lines go to stderr (results go to stdout). `json` writes one object per line.
// Every value in a line is escaped here, once, whoever logs it: a player's name, an RCON reply,
// a username or an error's message may hold a line break, ESC or a bidirectional override, and
// would otherwise start a line of its own that a log filter (the fail2ban filter of docs/monitoring.md) reads
// as palpanel's (issue 28, finding 9). Control characters are written as `\u{…}` escapes; a
// stack trace (with debug on) keeps its frames on lines of their own, each indented, so no
// continuation line can pass for the start of an entry.
import { printable } from './text.js';

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
    msg = printable(msg);
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
      return printable(detail);
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'symbol':
      return detail.toString();
    case 'function':
      return printable(`[function ${detail.name}]`);
  }
  if (detail instanceof Error) return debug ? stackText(detail) : printable(`${detail.name}: ${detail.message}`);
  try {
    return printable(JSON.stringify(detail) ?? Object.prototype.toString.call(detail));
  } catch {
    return Object.prototype.toString.call(detail); // a cycle or a BigInt inside
  }
}

/** An error's name and message escaped, then its stack frames, one indented line each. */
function stackText(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return [printable(`${err.name}: ${err.message}`), ...frames.map((f) => `    ${printable(f.trim())}`)].join('\n');
}
