// Runs parses off the main thread, so the HTTP server keeps answering while a large world
// parses. The worker is one bundled CommonJS string: a SEA asset inside the executable, bundled
// on the fly from the checkout (a worker cannot start from a .ts file under Node 20).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { DomainError, ValidationError } from '../domain/errors.js';
import { nodeRequire, seaModule } from '../lib/runtime.js';
import type { ItemsJob, ItemsJobResult, JsonParseResult, ParseJob, ParseJobResult, StoreParseResult } from './parse-job.js';
import type { WorkerRequest } from './parse-worker.js';
import { SaveFolderError, TornReadError } from './save-files.js';

export const PARSE_WORKER_ASSET = 'parse-worker.cjs';
/** A parse that takes longer than this is stuck; the worker is terminated. */
const PARSE_TIMEOUT_MS = 5 * 60_000;
/** Young generation of the parse worker (V8 splits it into semi-spaces of a third each). */
export const PARSE_YOUNG_GENERATION_MB = 24;
/** The items' read (after the swap) keeps little of what it allocates: with a young generation of
 * 6 MB its worker peaked 12 MB lower than with 48, in the same time (1.0 world, 183-185 ms
 * against 195-209 ms). */
const ITEMS_YOUNG_GENERATION_MB = 6;

let source: Promise<string> | undefined;

async function workerSource(): Promise<string> {
  const sea = seaModule();
  if (sea) return Buffer.from(sea.getAsset(PARSE_WORKER_ASSET)).toString('utf8');
  // A bundle run on plain node (scripts/bundle.mjs, bench/parse): the worker's bundle beside it.
  const beside = typeof __filename === 'string' ? join(dirname(__filename), PARSE_WORKER_ASSET) : undefined;
  if (beside && existsSync(beside)) return readFileSync(beside, 'utf8');
  const scriptUrl = pathToFileURL(nodeRequire.resolve('../../scripts/bundle.mjs')).href;
  const { bundleParseWorker } = (await import(scriptUrl)) as { bundleParseWorker: (o: object) => Promise<string> };
  return bundleParseWorker({ minify: false });
}

export class ParseFailedError extends DomainError {
  constructor(message: string) {
    super('parse_failed', message);
  }
}

/** Level.sav (or the single file given) is not a readable world save; `code` is the parser's
 * reason (`bad_magic`, `truncated`, `no_world_data`, ...). */
export class SaveFileError extends DomainError {}

/** Parses a save in a worker and returns its rows (the `parse` command). */
export const parseInWorker = (job: ParseJob, signal?: AbortSignal) => runInWorker<ParseJobResult>({ ...job, mode: 'rows' }, signal);

/** Parses a save and writes the `parse --json` text in a worker (the `parse --json` command). */
export const parseJsonInWorker = (job: ParseJob, signal?: AbortSignal) => runInWorker<JsonParseResult>({ ...job, mode: 'json' }, signal);

/** Parses a save and builds its world database in a worker (serve). */
export const parseForStoreInWorker = (job: ParseJob, signal?: AbortSignal) =>
  runInWorker<StoreParseResult>({ ...job, mode: 'store' }, signal);

/** Reads a parse's kept items and encodes them in a worker (serve, after the swap). */
export const readItemsInWorker = (job: ItemsJob, signal?: AbortSignal) =>
  runInWorker<ItemsJobResult | null>({ ...job, mode: 'items' }, signal);

/** Runs one job in a fresh worker thread; the thread ends with the job, returning its memory.
 * An abort (shutdown) ends the worker at once: a parse is never worth delaying an exit. */
async function runInWorker<T>(job: WorkerRequest, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new ParseFailedError('The parse was cancelled.');
  source ??= workerSource();
  const code = await source;
  return new Promise((resolve, reject) => {
    // A young generation of 24 MB (semi-spaces of 8 MB). Since decoding keeps only each entry's
    // facts (no entry trees), a larger one no longer buys time that bench/parse can see, while
    // its memory shows in the peak: 100,000 pals peaked at 360 / 380 / 410 / 470 MB with
    // semi-spaces of 8 / 16 / 32 / 64 MB (issue 16, Node 20); on Node 26, 382 MB with 8 MB
    // against 400-422 MB with 16, in the same time (medians of 5: 3,317 against 3,441 ms), and
    // the 1.0 world the same with either (issue 42).
    const worker = new Worker(code, {
      eval: true,
      resourceLimits: {
        maxOldGenerationSizeMb: 4096,
        maxYoungGenerationSizeMb: job.mode === 'items' ? ITEMS_YOUNG_GENERATION_MB : PARSE_YOUNG_GENERATION_MB,
      },
    });
    const timer = setTimeout(() => {
      finish();
      reject(new ParseFailedError('The parse took too long and was stopped.'));
    }, PARSE_TIMEOUT_MS);
    const onAbort = () => {
      finish();
      reject(new ParseFailedError('The parse was cancelled.'));
    };
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (msg: { ok: boolean; out?: T; error?: { name: string; code: string; message: string } }) => {
      finish();
      if (msg.ok) return resolve(msg.out!);
      const e = msg.error!;
      if (e.name === 'TornReadError') return reject(new TornReadError());
      if (e.name === 'ValidationError') return reject(new ValidationError(e.message));
      if (e.name === 'SaveFolderError') return reject(new SaveFolderError(e.message));
      if (e.name === 'SaveError') return reject(new SaveFileError(e.code, e.message));
      reject(new ParseFailedError(e.message));
    });
    worker.once('error', (err: Error) => {
      finish();
      reject(new ParseFailedError(`The parse worker failed: ${err.message}`));
    });
    worker.postMessage(job);
  });
}
