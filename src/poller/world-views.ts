// Pure views of the game-data cache for `/world/summary` and `/world/workers` (spec: World
// summary, Base workers; interface.md: counts mapping, linkedBasePals, worker fields). Both are
// built field by field from allowlists: the summary holds only aggregates, a worker row only
// the save pal's identity and the actor's live numbers, so no actor name, runtime id, guild,
// trainer, location or raw action can reach the output.
import { normaliseInstanceId } from '../game/instance-id.js';
import { type GameDataActor, type GameDataCache } from '../domain/live.js';
import { ACTIVITIES } from '../contract/vocabulary.js';
import type { WorldPal } from '../domain/world.js';
import type { WorkerRow as BaseWorker, WorldSummary, WorldWorkers, WorldCounts } from '../contract/integration-rows.js';

// The views are built in the answer's own shape (contract/integration-rows.ts), declared once there.
type ActivityCounts = WorldSummary['activity'];

export type { BaseWorker, WorldSummary, WorldWorkers };

/** Finds the save pal of a normalised instance id (lower-case hex, no dashes). */
export type SavePalLookup = (normalisedInstanceId: string) => WorldPal | undefined;

/** Builds the lookup from the pals of the last parse. */
export function indexSavePals(pals: readonly WorldPal[]): SavePalLookup {
  const byId = new Map<string, WorldPal>();
  for (const p of pals) {
    const id = normaliseInstanceId(p.instanceId);
    if (id !== null && !byId.has(id)) byId.set(id, p);
  }
  return (id) => byId.get(id);
}

const UNIT_COUNTS: Record<string, keyof WorldCounts> = {
  Player: 'players',
  OtomoPal: 'partyPals',
  BaseCampPal: 'basePals',
  WildPal: 'wildPals',
  NPC: 'npcs',
};

function isCharacter(a: GameDataActor): boolean {
  return a.type === 'Character' || (a.type === '' && a.unitType !== '');
}

function emptyActivity(): ActivityCounts {
  return Object.fromEntries(ACTIVITIES.map((a) => [a, 0])) as ActivityCounts;
}

export function worldSummary(cache: GameDataCache, lookup: SavePalLookup): WorldSummary {
  const counts: WorldCounts = { players: 0, partyPals: 0, basePals: 0, wildPals: 0, npcs: 0, palBoxes: 0, unknown: 0 };
  const activity = emptyActivity();
  for (const a of cache.actors) {
    if (a.type === 'PalBox') counts.palBoxes++;
    else if (isCharacter(a) && Object.hasOwn(UNIT_COUNTS, a.unitType)) counts[UNIT_COUNTS[a.unitType]]++;
    else counts.unknown++;
    if (isCharacter(a)) activity[a.activity]++;
  }
  const out: WorldSummary = {
    state: cache.state,
    fps: cache.fps ?? 0,
    fpsAvg: cache.fpsAvg ?? 0,
    counts,
    activity,
    linkedBasePals: linkedWorkers(cache, lookup).length,
  };
  if (cache.capturedAt) out.capturedAt = cache.capturedAt;
  if (cache.lastAttemptAt) out.lastAttemptAt = cache.lastAttemptAt;
  return out;
}

export function baseWorkers(cache: GameDataCache, lookup: SavePalLookup): WorldWorkers {
  const workers = linkedWorkers(cache, lookup).map(([actor, pal]) => toWorker(actor, pal));
  workers.sort((a, b) => cmp(a.baseId, b.baseId) || cmp(a.instanceId, b.instanceId));
  const out: WorldWorkers = { state: cache.state, workers };
  if (cache.capturedAt) out.capturedAt = cache.capturedAt;
  return out;
}

/**
 * BaseCampPal actors matched exactly to a save pal placed at a base, one per instance id.
 * Actors without an id, with an id no save pal has, or matching a pal elsewhere are left out.
 */
function linkedWorkers(cache: GameDataCache, lookup: SavePalLookup): Array<[GameDataActor, WorldPal]> {
  const seen = new Set<string>();
  const out: Array<[GameDataActor, WorldPal]> = [];
  for (const a of cache.actors) {
    if (a.unitType !== 'BaseCampPal' || !isCharacter(a) || a.instanceId === null || seen.has(a.instanceId)) continue;
    const pal = lookup(a.instanceId);
    if (!pal || pal.placement !== 'base' || pal.baseId === null) continue;
    seen.add(a.instanceId);
    out.push([a, pal]);
  }
  return out;
}

function toWorker(a: GameDataActor, pal: WorldPal): BaseWorker {
  const w: BaseWorker = {
    instanceId: pal.instanceId,
    characterId: pal.characterId,
    displayName: pal.displayName,
    isBoss: /^boss_/i.test(pal.characterId),
    // Live level from the actor; the save's when the actor carried none.
    level: a.level > 0 ? a.level : pal.level,
    hpPercent: hpPercent(a.hp, a.maxHp),
    active: a.active,
    activity: a.activity,
    baseId: pal.baseId!,
  };
  if (pal.ownerUid !== '' && pal.ownerSource !== 'unresolved') {
    w.ownerUid = pal.ownerUid;
    w.ownerName = pal.ownerName;
    w.ownerSource = pal.ownerSource;
  }
  return w;
}

/** HP / MaxHP × 100, clamped to 0–100, two decimals; 0 when MaxHP is 0. */
export function hpPercent(hp: number, maxHp: number): number {
  if (!(maxHp > 0)) return 0;
  const p = Math.min(100, Math.max(0, (hp / maxHp) * 100));
  return Math.round(p * 100) / 100;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
