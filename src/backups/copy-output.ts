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
  /** Whether the start of the output was dropped to the bound: the first line held is then a
   * fragment, which could begin inside a secret, where no pattern would know it for one. */
  private trimmed = false;

  push(chunk: Buffer): void {
    this.buf = Buffer.concat([this.buf, chunk]);
    if (this.buf.length > TAIL_BYTES) {
      this.buf = this.buf.subarray(this.buf.length - TAIL_BYTES);
      this.trimmed = true;
    }
  }

  /** The last lines, redacted, joined with \n (empty lines dropped). Each line is redacted whole
   * and only then cut: a secret across the cut would otherwise keep its first part (issue 37). */
  text(redact: (line: string) => string): string {
    let lines = this.buf.toString('utf8').split(/\r?\n|\r/);
    if (this.trimmed) lines = lines.length > 1 ? lines.slice(1) : ['[palpanel] (a line longer than 64 KiB, not kept)'];
    return lines
      .map((l) => l.trimEnd())
      .filter((l) => l.length > 0)
      .slice(-OUTPUT_LINES)
      .map((l) => {
        const r = redact(l);
        return r.length > LINE_CHARS ? `${r.slice(0, LINE_CHARS)}…` : r;
      })
      .join('\n');
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
// `https://user:password@host` and DSNs (`mysql://root:pw@db/x`): the user stays. A password may
// hold `/` and `@` (`https://u:p@ss/word@host`), so the user-info runs to the LAST `@` of the word;
// bounded, so a hostile line costs linear time, not quadratic.
const URL_PASSWORD = /(\/\/[^\s/:]{1,256}:)\S{0,1024}@/g;
// `-p secret`, as mysql and others echo it: a lone -p followed by a value that is not a flag.
const SHORT_PASS = /(^|\s)(-p)(\s+|=)(?!-)\S+/g;
// `Authorization: <scheme> <credentials>` of any scheme (Bearer, Basic, token, Digest, AWS4-…), or
// without one: the scheme stays, the rest of the value goes, to the end of the line or a quote.
const AUTH_HEADER = /(\bauthorization["']?\s*[:=]\s*["']?)((?:[A-Za-z]{2,20}|AWS4-HMAC-SHA256)\s+)?(?=\S)[^"'\r\n]+/gi;
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
      .replace(AUTH_HEADER, (_m, head: string, scheme: string | undefined) => `${head}${scheme ?? ''}${REDACTED}`)
      .replace(SHORT_PASS, `$1$2$3${REDACTED}`)
      .replace(BEARER, `$1 ${REDACTED}`)
      .replace(AWS_KEY_ID, REDACTED)
      .replace(FLAG_VALUE, `$1$2${REDACTED}`)
      .replace(NAMED_VALUE, `$1$2${REDACTED}`);
  };
}
