// `palpanel demo`: serve on a generated world with a simulated game server (src/app/demo.ts).
// On exit the demo leaves nothing behind but a data dir the user named: the generated world
// goes (startDemo's stop), and so does the temp data dir when the demo made one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSaveDir, startDemo, type RunningDemo } from '../app/demo.js';
import { createLogger } from '../lib/logger.js';
import { ValidationError } from '../domain/errors.js';
import type { CliIo } from './io.js';
import { palpanelVersion } from './version.js';

export interface DemoFlags {
  dataDir?: string;
  listen?: string;
  seed: string;
  players: string;
  pals: string;
}

function count(name: string, value: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max)
    throw new ValidationError(`Invalid --${name} "${value}": expected a whole number from 1 to ${max}.`);
  return n;
}

export async function demo(io: CliIo, flags: DemoFlags): Promise<void> {
  const players = count('players', flags.players, 1000);
  const pals = count('pals', flags.pals, 200_000);
  const seed = count('seed', flags.seed, 2 ** 31);
  const named = flags.dataDir ?? (io.env.SERVICE_DATA_DIR || undefined);
  const dataDir = named ?? mkdtempSync(join(tmpdir(), 'palpanel-demo-'));
  // The orderly path removes these after stopping (below); this covers an exit that skips it
  // (an uncaught error). Synchronous, as 'exit' listeners must be.
  const leftovers = named === undefined ? dataDir : demoSaveDir(dataDir);
  const removeLeftovers = (): void => rmSync(leftovers, { recursive: true, force: true, maxRetries: 3 });
  process.once('exit', removeLeftovers);
  const log = createLogger('text', io.err, io.debug);
  // Signals are ours from the start: a SIGTERM while the demo is still starting cuts the wait
  // for live data short and then stops it cleanly (exit 0), like one after the key was printed.
  const stopping = new AbortController();
  const onSignal = (): void => stopping.abort();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  try {
    const dataDirNote = named === undefined ? '(a temp folder, removed when the demo stops)' : undefined;
    const base = {
      dataDir,
      dataDirNote,
      seed,
      players,
      pals,
      env: io.env,
      log,
      version: palpanelVersion(),
      print: io.out,
      signal: stopping.signal,
    };
    let running: RunningDemo;
    try {
      running = await startDemo({ ...base, listen: flags.listen ?? io.env.SERVICE_LISTEN ?? '127.0.0.1:8080' });
    } catch (err) {
      // The default port is taken: any free port will do for a demo.
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || flags.listen) throw err;
      running = await startDemo({ ...base, listen: '127.0.0.1:0' });
    }
    if (!stopping.signal.aborted)
      await new Promise<void>((resolve) => stopping.signal.addEventListener('abort', () => resolve(), { once: true }));
    await running.stop();
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    process.off('exit', removeLeftovers);
    removeLeftovers();
  }
}
