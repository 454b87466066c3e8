// The fail2ban filter of docs/monitoring.md, read from that page itself, applied as fail2ban does: the time
// that `datepattern` finds is cut out of the line, then `failregex` is matched against the rest
// (its `<HOST>` as any run of non-space characters: wider than fail2ban's own, so a test that
// finds no forged match with it finds none with fail2ban's either).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export interface Fail2banFilter {
  /** The address a line reports, or null when the filter does not match it. */
  host(line: string): string | null;
}

const TIME_PARTS: Record<string, string> = { Y: '\\d{4}', m: '\\d{2}', d: '\\d{2}', H: '\\d{2}', M: '\\d{2}', S: '\\d{2}', f: '\\d+' };

export function docsFail2banFilter(): Fail2banFilter {
  const page = readFileSync(join(ROOT, 'docs', 'monitoring.md'), 'utf8');
  const block = /# \/etc\/fail2ban\/filter\.d\/palpanel\.conf\n([\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/monitoring.md has no fail2ban filter');
  const setting = (name: string) => new RegExp(`^${name} = (.*)$`, 'm').exec(block)?.[1];
  const datePattern = setting('datepattern');
  const failRegex = setting('failregex');
  if (!failRegex) throw new Error('the fail2ban filter of docs/monitoring.md has no failregex');
  const date = datePattern ? new RegExp(datePattern.replace(/%%([YmdHMSf])/g, (_m, p: string) => TIME_PARTS[p])) : null;
  const fail = new RegExp(failRegex.replace('<HOST>', '(?<host>\\S+)'));
  return {
    host(line) {
      const rest = date ? line.replace(date, '') : line;
      return fail.exec(rest)?.groups?.host ?? null;
    },
  };
}
