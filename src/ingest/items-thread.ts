// Reads a world's items in a second worker thread while the parse walks the rest of Level.sav
// (ParseOptions.decodeItemsApart): the items are 18 MB of the 1.0 world's 37 MB level, and
// reading them in the same walk doubled its decode time.
import { Worker } from 'node:worker_threads';
import { WarningSink, type ItemsApart } from '../save/index.js';
import type { LevelItems } from '../save/palworld/level-items.js';

interface ItemsReply {
  ok: boolean;
  items?: LevelItems;
  warnings?: { list: WarningSink['list']; drift: boolean; dropped: number };
  error?: { code: string; message: string };
}

/** A `decodeItemsApart` that starts the items' worker (`code`: bundled items-worker.ts) and moves
 * a copy of the GVAS to it before the main walk begins. */
export function itemsInWorker(code: string): (gvas: Uint8Array) => Promise<ItemsApart> {
  return (gvas) => {
    const copy = gvas.slice();
    const worker = new Worker(code, { eval: true });
    worker.postMessage(copy, [copy.buffer]);
    return new Promise<ItemsApart>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (msg: ItemsReply) => {
        void worker.terminate();
        if (!msg.ok) return reject(new Error(msg.error?.message ?? 'the items could not be read'));
        const warnings = new WarningSink();
        for (const w of msg.warnings!.list) warnings.list.push(w);
        warnings.drift = msg.warnings!.drift;
        warnings.dropped = msg.warnings!.dropped;
        resolve({ items: msg.items!, warnings });
      });
    });
  };
}
