// Builds the HttpDeps.server port of `palpanel serve`: the game's admin actions, the parse
// jobs, the pollers' states in words, and the disk space of the data dir.
import { statfs } from 'node:fs/promises';
import type { DiskReport, PollerHealth, ServerPorts } from '../http/server-ports.js';
import type { GameActions } from '../actions/game-actions.js';
import type { Countdowns } from '../actions/countdown.js';
import type { WorldJobs } from '../ingest/world-jobs.js';
import type { Clock } from '../lib/time.js';
import type { GameDataPoller } from '../poller/game-data-poller.js';
import type { RestPoller } from '../poller/rest-poller.js';

export interface PanelPortParts {
  dataDir: string;
  clock: Clock;
  rest: RestPoller | null;
  gameData: GameDataPoller | null;
  game: GameActions | null;
  countdown?: Countdowns | null;
  world: WorldJobs | null;
}

function restHealth(rest: RestPoller): PollerHealth {
  const s = rest.getSnapshot();
  const state = s.lastAttemptAt === undefined ? 'pending' : s.reachable ? 'running' : (s.problem ?? 'unreachable');
  return {
    state,
    lastSuccessAt: s.capturedAt,
    lastAttemptAt: s.lastAttemptAt ?? null,
    lastError: rest.lastError(),
    failedPolls: rest.failedPollCount(),
  };
}

function gameDataHealth(poller: GameDataPoller, now: Date): PollerHealth {
  const c = poller.getCache(now);
  return { state: c.state, lastSuccessAt: c.capturedAt ?? null, lastAttemptAt: c.lastAttemptAt ?? null, lastError: poller.lastError() };
}

export async function diskOf(dir: string): Promise<DiskReport | null> {
  try {
    const s = await statfs(dir);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

export function createPanelPorts(p: PanelPortParts): ServerPorts {
  return {
    game: p.game,
    countdown: p.countdown ?? null,
    world: p.world,
    pollers: () => ({
      rest: p.rest ? restHealth(p.rest) : null,
      gameData: p.gameData ? gameDataHealth(p.gameData, p.clock()) : null,
    }),
    disk: () => diskOf(p.dataDir),
    liveMap: () => {
      if (!p.gameData) return null;
      const { cache, actors } = p.gameData.getMap(p.clock());
      return { state: cache.state, capturedAt: cache.capturedAt ?? null, actors };
    },
  };
}
