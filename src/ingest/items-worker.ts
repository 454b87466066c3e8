// The items' worker entry: reads the items of one Level.sav GVAS (a copy moved to it) while the
// parse's own thread walks the rest (items-thread.ts). Bundled on its own into one CommonJS
// string and started with `new Worker(src, {eval})`, as the parse worker.
import { parentPort } from 'node:worker_threads';
import { decodeLevelItems, SaveError, WarningSink } from '../save/index.js';

parentPort!.on('message', (gvas: Uint8Array) => {
  try {
    const warnings = new WarningSink();
    const items = decodeLevelItems(gvas, warnings);
    // A dynamic item's rest is a view into the GVAS copy: its own bytes are sent, not the copy.
    for (const d of items.dynamic) d.rest = d.rest.slice();
    parentPort!.postMessage({ ok: true, items, warnings: { list: warnings.list, drift: warnings.drift, dropped: warnings.dropped } });
  } catch (err) {
    const e = err instanceof SaveError ? { code: err.code, message: err.message } : { code: 'parse_failed', message: String(err) };
    parentPort!.postMessage({ ok: false, error: e });
  }
});
