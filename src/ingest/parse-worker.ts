// The parse worker's entry: bundled on its own into one CommonJS string (a SEA asset inside the
// executable, built on the fly from the checkout) and started with `new Worker(src, {eval})`.
import { parentPort } from 'node:worker_threads';
import { DomainError } from '../domain/errors.js';
import { SaveError } from '../save/index.js';
import { runJsonParseJob, runParseJob, runStoreParseJob, type ParseJob } from './parse-job.js';

export type WorkerRequest = ParseJob & { mode: 'rows' | 'store' | 'json' };

parentPort!.on('message', (job: WorkerRequest) => {
  const run = job.mode === 'store' ? runStoreParseJob(job) : job.mode === 'json' ? runJsonParseJob(job) : runParseJob(job);
  run.then(
    (out) => {
      // The world database and the JSON text move to the main thread without a copy.
      const transfer =
        'world' in out
          ? [out.world.buffer as ArrayBuffer, ...(out.keptItems?.kept.runs.map((r) => r.bytes.buffer as ArrayBuffer) ?? [])]
          : 'json' in out
            ? out.json.map((c) => c.buffer as ArrayBuffer)
            : [];
      parentPort!.postMessage({ ok: true, out }, transfer);
    },
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
