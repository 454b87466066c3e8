// Live-only data (spec: Server status, Metrics, World summary, Base workers, Event). Picked
// field by field from what the pollers hold, with numbers made safe for JSON, so whatever a
// LiveSource returns, only the spec's members leave (no worldGuid, no actor ids, no names).
import { type LiveSnapshot } from '../domain/live.js';
import { ACTIVITIES, GAME_DATA_STATES } from '../contract/vocabulary.js';
import { OWNER_SOURCES } from '../contract/vocabulary.js';
import { isPublicEvent, type EventRecord } from '../store/events.js';
import type { ParseInfo } from '../store/world.js';
import type { EventRow, Metrics, ServerStatus, WorkerRow, WorldSummary, WorldWorkers } from '../contract/integration-rows.js';
import { utc } from './world-rows.js';

const GAME_DATA_STATE_SET = new Set<string>(GAME_DATA_STATES);
const OWNER_SOURCE_SET = new Set<string>(OWNER_SOURCES);
const ACTIVITY_SET = new Set<string>(ACTIVITIES);

/** A finite number, else 0. */
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** A non-negative integer, else 0. */
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Live data counts only while the poller reaches the game and has answered at least once. */
export function isRunning(live: LiveSnapshot): boolean {
  return live.reachable && live.capturedAt !== null;
}

export function serverStatus(live: LiveSnapshot, info: ParseInfo): ServerStatus {
  const running = isRunning(live);
  return {
    name: running ? str(live.info?.name) : '',
    description: running ? str(live.info?.description) : '',
    version: running ? str(live.info?.version) : '',
    state: running ? 'running' : 'unreachable',
    uptimeSec: running ? count(live.metrics?.uptimeSec) : 0,
    save: {
      state: info.lastParseAt === null ? 'unknown' : info.formatDrift ? 'drift' : 'ok',
      formatDrift: info.formatDrift,
      lastParseAt: utc(info.lastParseAt) ?? null,
      players: count(info.players),
      pals: count(info.pals),
      guilds: count(info.guilds),
    },
  };
}

export function metrics(live: LiveSnapshot): Metrics {
  const m = isRunning(live) ? live.metrics : null;
  return {
    fps: num(m?.fps),
    fpsAvg: num(m?.fpsAvg),
    frameTimeMs: num(m?.frameTimeMs),
    players: count(m?.players),
    maxPlayers: count(m?.maxPlayers),
    day: count(m?.day),
    uptimeSec: count(m?.uptimeSec),
    baseCamps: count(m?.baseCamps),
  };
}

function gameDataState(v: unknown): WorldSummary['state'] {
  return typeof v === 'string' && GAME_DATA_STATE_SET.has(v) ? (v as WorldSummary['state']) : 'unavailable';
}

export function worldSummary(src: WorldSummary): WorldSummary {
  const out = { state: gameDataState(src.state) } as WorldSummary;
  const capturedAt = utc(src.capturedAt);
  if (capturedAt) out.capturedAt = capturedAt;
  const lastAttemptAt = utc(src.lastAttemptAt);
  if (lastAttemptAt) out.lastAttemptAt = lastAttemptAt;
  // fps and fpsAvg are always present (spec: World summary); 0 until the game has answered.
  out.fps = typeof src.fps === 'number' && Number.isFinite(src.fps) ? src.fps : 0;
  out.fpsAvg = typeof src.fpsAvg === 'number' && Number.isFinite(src.fpsAvg) ? src.fpsAvg : 0;
  const c = src.counts ?? {};
  out.counts = {
    players: count(c.players),
    partyPals: count(c.partyPals),
    basePals: count(c.basePals),
    wildPals: count(c.wildPals),
    npcs: count(c.npcs),
    palBoxes: count(c.palBoxes),
    unknown: count(c.unknown),
  };
  const a = (src.activity ?? {}) as Record<string, unknown>;
  out.activity = Object.fromEntries(ACTIVITIES.map((k) => [k, count(a[k])])) as WorldSummary['activity'];
  out.linkedBasePals = count(src.linkedBasePals);
  return out;
}

export function worldWorkers(src: WorldWorkers): WorldWorkers {
  const out = { state: gameDataState(src.state) } as WorldWorkers;
  const capturedAt = utc(src.capturedAt);
  if (capturedAt) out.capturedAt = capturedAt;
  out.workers = [];
  for (const w of Array.isArray(src.workers) ? src.workers : []) {
    // Only exact save-linked workers: no identity, no row.
    if (typeof w.instanceId !== 'string' || w.instanceId === '' || typeof w.baseId !== 'string' || w.baseId === '') continue;
    const row: WorkerRow = {
      instanceId: w.instanceId,
      characterId: str(w.characterId),
      displayName: str(w.displayName),
      isBoss: w.isBoss === true,
      level: count(w.level),
      hpPercent: Math.min(100, Math.max(0, num(w.hpPercent))),
      active: w.active === true,
      activity: ACTIVITY_SET.has(w.activity) ? w.activity : 'unknown',
      baseId: w.baseId,
    };
    if (typeof w.ownerUid === 'string') row.ownerUid = w.ownerUid;
    if (typeof w.ownerName === 'string') row.ownerName = w.ownerName;
    if (typeof w.ownerSource === 'string' && OWNER_SOURCE_SET.has(w.ownerSource)) row.ownerSource = w.ownerSource;
    out.workers.push(row);
  }
  return out;
}

/** Public events only, checked again at the edge (Endpoints rules 8 and 9). */
export function eventRows(events: EventRecord[]): EventRow[] {
  const out: EventRow[] = [];
  for (const e of events) {
    const at = utc(e.at);
    if (!at || !isPublicEvent(e.kind, e.message)) continue;
    out.push({ at, kind: e.kind as EventRow['kind'], message: e.message });
  }
  return out;
}
