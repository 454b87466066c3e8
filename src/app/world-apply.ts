// Applies a completed parse: swaps the world tables in one transaction, records first
// sightings of players, and emits the drift system events on transitions, once each.
import { iso, type Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import { uidKey } from '../store/world.js';
import type { ParseJobResult } from './parse-job.js';
import type { Logger } from './logger.js';

export const DRIFT_DETECTED = 'world save format drift detected';
export const DRIFT_RESOLVED = 'world save format drift resolved';

export function applyParse(store: Store, out: ParseJobResult, clock: Clock, log: Logger): void {
  const { result } = out;
  const previous = store.world.parseInfo();
  const wasDrift = previous.lastParseAt !== null && previous.formatDrift;
  const parsedAt = iso(clock());
  store.world.replace(result, parsedAt);
  store.history.recordParse(
    result.players.map((p) => ({ uidKey: uidKey(p.uid), lastOnlineAt: p.lastOnlineAt })),
    parsedAt,
  );
  if (result.formatDrift && !wasDrift) store.events.append({ at: parsedAt, kind: 'system', message: DRIFT_DETECTED });
  if (!result.formatDrift && wasDrift) store.events.append({ at: parsedAt, kind: 'system', message: DRIFT_RESOLVED });
  const t = result.timings;
  log(
    'info',
    `world parsed: ${result.players.length} players, ${result.pals.length} pals, ${result.guilds.length} guilds` +
      ` (${result.meta.container}, game ${result.meta.gameVersion}${result.formatDrift ? `, drift: ${result.warnings.length} warnings` : ''};` +
      ` read ${out.readMs.toFixed(0)} ms, decompress ${t.decompressMs.toFixed(0)} ms, decode ${t.decodeMs.toFixed(0)} ms, map ${t.mapMs.toFixed(0)} ms)`,
  );
}
