// Applies a completed parse: swaps in the world database the worker built, records first
// sightings of players, and emits the drift system events on transitions, once each.
import { say } from '../domain/server-text.js';
import type { Store } from '../store/index.js';
import type { StoreParseResult } from './parse-job.js';
import { pendingItems, placeKeptItems } from './kept-items.js';
import type { Logger } from '../lib/logger.js';

export function applyParse(store: Store, out: StoreParseResult, log: Logger): void {
  const previous = store.world.parseInfo();
  const wasDrift = previous.lastParseAt !== null && previous.formatDrift;
  const t0 = performance.now();
  // The kept items' file first: the world database names the parse, so a crash between the two
  // leaves items that match no world (read as none until the next parse), never another's.
  placeKeptItems(store.world.file, out.itemsTemp);
  store.world.swap(out.world, out.worldTemp, out.itemsTemp ? pendingItems(store.world.file, out.parsedAt) : undefined);
  const swapMs = performance.now() - t0;
  store.history.recordParse(out.players, out.parsedAt);
  if (out.formatDrift && !wasDrift) store.events.append({ at: out.parsedAt, kind: 'system', ...say('event.system.driftDetected') });
  if (!out.formatDrift && wasDrift) store.events.append({ at: out.parsedAt, kind: 'system', ...say('event.system.driftResolved') });
  const t = out.timings;
  log(
    'info',
    `world parsed: ${out.counts.players} players, ${out.counts.pals} pals, ${out.counts.guilds} guilds` +
      ` (${out.meta.container}, game ${out.meta.gameVersion}${out.formatDrift ? `, drift: ${out.warnings.length} warnings` : ''};` +
      ` read ${out.readMs.toFixed(0)} ms, decompress ${t.decompressMs.toFixed(0)} ms, decode ${t.decodeMs.toFixed(0)} ms,` +
      ` map ${t.mapMs.toFixed(0)} ms, build ${out.buildMs.toFixed(0)} ms, swap ${swapMs.toFixed(0)} ms)`,
  );
}
