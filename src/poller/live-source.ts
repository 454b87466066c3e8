// The LiveSource the HTTP layer reads: the REST poller's last snapshot and the game-data
// cache joined with the pals of the last parse. Never calls the game (spec: /server,
// /world/* read the pollers' caches only).
import type { LiveSnapshot } from '../domain/live.js';
import type { WorldSummary, WorldWorkers } from '../contract/integration-rows.js';
import type { Clock } from '../lib/time.js';
import type { GameDataPoller } from './game-data-poller.js';
import type { RestPoller } from './rest-poller.js';
import { baseWorkers, indexSavePals, worldSummary, type SavePalLookup } from './world-views.js';
import type { Store } from '../store/index.js';

export function createLiveSource(store: Store, clock: Clock, rest: RestPoller | null, gameData: GameDataPoller | null): LiveSource {
  // The lookup of save pals is rebuilt only when a new parse landed.
  let indexedAt: string | null | undefined;
  let lookup: SavePalLookup = () => undefined;
  const savePals = (): SavePalLookup => {
    const at = store.world.parseInfo().lastParseAt;
    if (at !== indexedAt) {
      indexedAt = at;
      lookup = indexSavePals(store.world.basePals());
    }
    return lookup;
  };
  return {
    snapshot: () => (rest ? rest.getSnapshot() : EMPTY_LIVE.snapshot()),
    drop: (uidKey) => rest?.drop(uidKey),
    worldSummary: () => (gameData ? worldSummary(gameData.getCache(clock()), savePals()) : EMPTY_LIVE.worldSummary()),
    worldWorkers: () => (gameData ? baseWorkers(gameData.getCache(clock()), savePals()) : EMPTY_LIVE.worldWorkers()),
  };
}

export interface LiveSource {
  /** Before any poll: `{reachable: false, info: null, metrics: null, players: [], capturedAt: null}`. */
  snapshot(): LiveSnapshot;
  /** `state: 'disabled'` when the game-data poller is off. */
  worldSummary(): WorldSummary;
  worldWorkers(): WorldWorkers;
  /** Takes a player the panel just kicked or banned off the live list at once (the game lists
   * them until its next poll); the next poll says again whoever is online. */
  drop?(uidKey: string): void;
}

/** The LiveSource value before any poller exists (e.g. `palpanel` without a game URL). */
export const EMPTY_LIVE: LiveSource = {
  snapshot: () => ({ reachable: false, info: null, metrics: null, players: [], capturedAt: null }),
  worldSummary: () => ({
    state: 'disabled',
    fps: 0,
    fpsAvg: 0,
    counts: { players: 0, partyPals: 0, basePals: 0, wildPals: 0, npcs: 0, palBoxes: 0, unknown: 0 },
    activity: {
      working: 0,
      transporting: 0,
      eating: 0,
      sleeping: 0,
      idle: 0,
      inactive: 0,
      combat: 0,
      incapacitated: 0,
      moving: 0,
      unknown: 0,
    },
    linkedBasePals: 0,
  }),
  worldWorkers: () => ({ state: 'disabled', workers: [] }),
};
