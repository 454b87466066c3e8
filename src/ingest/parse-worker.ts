// The parse worker's entry: bundled on its own into one CommonJS string (a SEA asset inside the
// executable, built on the fly from the checkout) and started with `new Worker(src, {eval})`.
import { parentPort } from 'node:worker_threads';
import { DomainError } from '../domain/errors.js';
import { SaveError } from '../save/index.js';
import {
  runItemsJob,
  runJsonParseJob,
  runParseJob,
  runStoreParseJob,
  type ItemsJob,
  type ItemsJobResult,
  type JsonParseResult,
  type ParseJob,
  type ParseJobResult,
  type StoreParseResult,
} from './parse-job.js';

export type WorkerRequest = (ParseJob & { mode: 'rows' | 'store' | 'json' }) | (ItemsJob & { mode: 'items' });
type WorkerResult = ParseJobResult | StoreParseResult | JsonParseResult | ItemsJobResult | null;

async function run(job: WorkerRequest): Promise<WorkerResult> {
  if (job.mode === 'items') return runItemsJob(job);
  return job.mode === 'store' ? runStoreParseJob(job) : job.mode === 'json' ? runJsonParseJob(job) : runParseJob(job);
}

/** The world database and the JSON text move to the main thread without a copy. (The items'
 * encoded cells are copied: small ones share Buffer's pool, which must not be transferred.) */
function transferOf(out: WorkerResult): ArrayBuffer[] {
  if (out && 'world' in out) return [out.world.buffer as ArrayBuffer];
  if (out && 'json' in out) return out.json.map((c) => c.buffer as ArrayBuffer);
  return [];
}

parentPort!.on('message', (job: WorkerRequest) => {
  run(job).then(
    (out) => parentPort!.postMessage({ ok: true, out }, transferOf(out)),
    (err: unknown) =>
      parentPort!.postMessage({
        ok: false,
        error:
          err instanceof DomainError
            ? { name: err.name, code: err.code, message: err.message }
            : err instanceof SaveError
              ? { name: 'SaveError', code: err.code, message: err.message }
              : { name: 'Error', code: 'parse_failed', message: err instanceof Error ? err.message : String(err) },
      }),
  );
});
