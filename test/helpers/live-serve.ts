// `serve` in-process on a temp data dir, watching a copy of the v0.1 co-op save and polling the
// project's simulated game server at 100 ms, with a ready key. Shared by the tests that need the
// whole live pipeline.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import type { Settings } from '../../src/config/settings.js';
import { startSimGameServer, type SimGameServer, type SimOptions } from '../../src/demo/sim/index.js';
import { FIXTURES, tempDir } from './cli.js';
import { testSettings } from './settings.js';

export interface LiveServe {
  sim: SimGameServer;
  server: RunningServer;
  /** The save folder serve watches (a copy of the v0.1 co-op save). */
  saveDir: string;
  key: string;
  /** Stops the server (the sim keeps running); cleanup then skips it. */
  stop(): Promise<void>;
}

/** serve's settings on a fresh data dir: watch `saveDir` and poll `game` every 100 ms. */
export function liveSettings(saveDir: string, game: SimGameServer, env: Record<string, string> = {}): Settings {
  return testSettings(tempDir(), {
    SERVICE_SAVE_DIR: saveDir,
    SERVICE_SAVE_CHECK_INTERVAL: '100ms',
    SERVICE_GAME_REST_URL: game.restUrl,
    SERVICE_GAME_ADMIN_PASSWORD: game.password,
    SERVICE_POLL_INTERVAL: '100ms',
    ...env,
  });
}

/** Starts the sim and serve; registers their shutdown with `cleanup`. */
export async function startLiveServe(
  cleanup: (() => Promise<void> | void)[],
  sim: SimOptions,
  env: Record<string, string> = {},
): Promise<LiveServe> {
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
  const game = await startSimGameServer({ churnPeriodMs: 0, ...sim });
  cleanup.push(() => game.close());
  const settings = liveSettings(saveDir, game, { SERVICE_GAME_DATA: 'on', SERVICE_GAME_DATA_INTERVAL: '100ms', ...env });
  const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
  let stopped = false;
  cleanup.push(() => (stopped ? undefined : server.stop()));
  const { key } = server.store.keys.create('live test', 'cli');
  return {
    sim: game,
    server,
    saveDir,
    key,
    stop: async () => {
      stopped = true;
      await server.stop();
    },
  };
}
