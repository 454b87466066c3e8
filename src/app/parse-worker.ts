// The parse worker's entry: bundled on its own into one CommonJS string (a SEA asset inside the
// executable, built on the fly from the checkout) and started with `new Worker(src, {eval})`.
import { parentPort } from 'node:worker_threads';
import { DomainError } from '../lib/errors.js';
import { runParseJob, type ParseJob } from './parse-job.js';

parentPort!.on('message', (job: ParseJob) => {
  runParseJob(job).then(
    (out) => parentPort!.postMessage({ ok: true, out }),
    (err: unknown) =>
      parentPort!.postMessage({
        ok: false,
        error:
          err instanceof DomainError
            ? { name: err.name, code: err.code, message: err.message }
            : { name: 'Error', code: 'parse_failed', message: err instanceof Error ? err.message : String(err) },
      }),
  );
});
