// `palpanel dash`: the CLI glue of the terminal dashboard (src/tui/run.ts).
import { ValidationError } from '../domain/errors.js';
import { KEY_PATTERN, KEY_SHAPE } from '../lib/key-grammar.js';
import type { CliIo } from './io.js';

export interface DashFlags {
  url?: string;
  key?: string;
  once?: boolean;
  budget: string;
}

export async function dash(io: CliIo, flags: DashFlags): Promise<number> {
  const url = flags.url ?? io.env.PALPANEL_URL ?? 'http://127.0.0.1:8080';
  const key = flags.key ?? io.env.PALPANEL_KEY;
  if (!key) throw new ValidationError('No API key: pass --key or set PALPANEL_KEY.');
  if (!KEY_PATTERN.test(key)) throw new ValidationError(`The API key is malformed: it looks like ${KEY_SHAPE}.`);
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new ValidationError(`Invalid --url "${url.slice(0, 200)}": expected http(s)://host:port.`);
  }
  const budget = Number(flags.budget);
  if (!/^\d+$/.test(flags.budget) || budget < 1 || budget > 100_000)
    throw new ValidationError(`Invalid --budget "${flags.budget}": expected requests per minute from 1 to 100000.`);
  const { runDash } = await import('../tui/run.js');
  return runDash({ url, key, once: !!flags.once, budget, stdout: process.stdout, stdin: io.stdin, err: io.err });
}
