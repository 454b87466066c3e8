// What is kept of a copy command's output: its last lines, bounded, with anything that looks
// secret replaced. Copy tools print remotes, URLs and sometimes their own flags; the panel shows
// these lines to admins and keeps them in the store, so a key or password must never reach either.
import { isSecretName } from '../domain/secret-names.js';

/** Lines kept of an attempt's output (stdout and stderr together, in the order they came). */
export const OUTPUT_LINES = 20;
/** A longer line is cut (a progress bar redrawn with \r is one long line). */
export const LINE_CHARS = 300;
/** Bytes of the output's tail held while the command runs: whatever it prints, memory is bounded. */
const TAIL_BYTES = 64 * 1024;

export const REDACTED = '[redacted]';

/** Holds the tail of a stream of output. */
export class OutputTail {
  private buf = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.buf = Buffer.concat([this.buf, chunk]);
    if (this.buf.length > TAIL_BYTES) this.buf = this.buf.subarray(this.buf.length - TAIL_BYTES);
  }

  /** The last lines, redacted, joined with \n (empty lines dropped). */
  text(redact: (line: string) => string): string {
    const lines = this.buf
      .toString('utf8')
      .split(/\r?\n|\r/)
      .map((l) => l.trimEnd())
      .filter((l) => l.length > 0)
      .slice(-OUTPUT_LINES);
    return lines.map((l) => redact(l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS)}…` : l)).join('\n');
  }
}

/** Names of the environment whose values are secret: what secret-names.ts says, and the `PASS`
 * word rclone uses (RCLONE_CONFIG_PASS, RCLONE_SFTP_PASS). */
export const isSecretEnvName = (name: string): boolean => isSecretName(name) || /(^|_)PASS(_|$)/i.test(name);

// `password=x`, `token: x`, and the like: the name stays, the value goes.
const NAMED_VALUE =
  /((?:pass(?:word|wd|phrase)?|pwd|secret|token|credentials?|(?:access|account|api|secret|private)[_-]?key)["']?\s*[=:]\s*)(["']?)[^\s"',;]+/gi;
// A flag that carries a secret, as a command line echoes it: `--sftp-pass x`, `--s3-secret-access-key=x`.
const FLAG_VALUE = /(--[\w-]*(?:pass|secret|token|key|credential)[\w-]*)(\s+|=)(?!-)\S+/gi;
// `https://user:password@host`: the user stays.
const URL_PASSWORD = /(\/\/[^/\s:@]+:)[^@\s/]+@/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
// AWS access key ids have a fixed form.
const AWS_KEY_ID = /\b(AKIA|ASIA)[0-9A-Z]{16}\b/g;

/** A redactor that removes the values of every secret-named variable of `env` (of at least 4
 * characters: shorter ones would blank ordinary words) and secret-looking text. */
export function redactor(env: Readonly<Record<string, string | undefined>>): (line: string) => string {
  const values = Object.entries(env)
    .filter(([k, v]) => v !== undefined && v.length >= 4 && isSecretEnvName(k))
    .map(([, v]) => v!)
    .sort((a, b) => b.length - a.length);
  return (line) => {
    let out = line;
    for (const v of values) out = out.split(v).join(REDACTED);
    return out
      .replace(URL_PASSWORD, `$1${REDACTED}@`)
      .replace(BEARER, `$1 ${REDACTED}`)
      .replace(AWS_KEY_ID, REDACTED)
      .replace(FLAG_VALUE, `$1$2${REDACTED}`)
      .replace(NAMED_VALUE, `$1$2${REDACTED}`);
  };
}
