// The LiveSource the HTTP layer reads: the REST poller's last snapshot and the game-data
// cache joined with the pals of the last parse. Never calls the game (spec: /server,
// /world/* read the pollers' caches only).
import { EMPTY_LIVE, type LiveSource } from '../http/deps.js';
import type { Clock } from '../lib/time.js';
import type { GameDataPoller } from '../poller/game-data-poller.js';
import type { RestPoller } from '../poller/rest-poller.js';
import { baseWorkers, indexSavePals, worldSummary, type SavePalLookup } from '../poller/world-views.js';
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
    worldSummary: () => (gameData ? worldSummary(gameData.getCache(clock()), savePals()) : EMPTY_LIVE.worldSummary()),
    worldWorkers: () => (gameData ? baseWorkers(gameData.getCache(clock()), savePals()) : EMPTY_LIVE.worldWorkers()),
  };
}
