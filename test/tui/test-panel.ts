// A real Integration API for the dashboard tests: the HTTP core (createHandler) behind the
// node:http adapter on a loopback port, over a real store on a temp dir seeded with a world,
// and a LiveSource of plain values. `seen` lists every request that reached it.
import { createHandler } from '../../src/http/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import type { Handler } from '../../src/http/types.js';
import { HOST_UID, makeWorld, onlinePlayer, playerUid, silentLog, tempStore, TestLive } from '../helpers/fixture.js';

export interface PanelOptions {
  rateLimit?: number;
}

/** Starts the panel; registers its shutdown with `cleanup` (run in reverse order after each test). */
export async function startTestPanel(cleanup: (() => Promise<void> | void)[], opts: PanelOptions = {}) {
  const ts = await tempStore();
  cleanup.push(() => ts.cleanup());
  ts.store.world.replace(makeWorld({ players: 12, pals: 40 }), new Date(Date.now() - 120_000).toISOString());
  ts.store.events.append({ at: new Date(Date.now() - 60_000).toISOString(), kind: 'system', message: 'Palworld REST API is reachable' });
  ts.store.events.append({ at: new Date(Date.now() - 30_000).toISOString(), kind: 'join', message: 'Player 1 joined the server' });
  const live = new TestLive();
  live.setRunning([onlinePlayer(HOST_UID, 'Player 0'), onlinePlayer(playerUid(1), 'Player 1')], new Date().toISOString());
  live.summary = {
    state: 'ready',
    capturedAt: new Date().toISOString(),
    lastAttemptAt: new Date().toISOString(),
    fps: 59.5,
    fpsAvg: 58.25,
    counts: { players: 2, partyPals: 3, basePals: 10, wildPals: 700, npcs: 12, palBoxes: 1, unknown: 0 },
    activity: {
      working: 7,
      transporting: 1,
      eating: 0,
      sleeping: 2,
      idle: 0,
      inactive: 0,
      combat: 0,
      incapacitated: 0,
      moving: 0,
      unknown: 0,
    },
    linkedBasePals: 9,
  };
  const core = createHandler({
    store: ts.store,
    live,
    settings: { integrationRateLimit: opts.rateLimit ?? 10_000, sessionTtlMs: 1e6 },
    clock: () => new Date(),
    log: silentLog,
    version: 'test',
  });
  // Every request that reaches the panel, with its conditional header.
  const seen: { path: string; inm?: string; at: number }[] = [];
  const handler: Handler = Object.assign(
    (req: Parameters<Handler>[0]) => {
      seen.push({ path: `${req.path}${req.query ? `?${req.query}` : ''}`, inm: req.headers['if-none-match'], at: Date.now() });
      return core(req);
    },
    { bodyLimit: core.bodyLimit?.bind(core) },
  );
  let server: RunningHttpServer | null = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log: silentLog });
  const port = server.port;
  cleanup.push(() => server?.close(0));
  const { key, id } = ts.store.keys.create('tui', 'cli');
  return {
    store: ts.store,
    live,
    seen,
    key,
    keyId: id,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server?.close(0);
      server = null;
    },
    async restart() {
      server = await startHttpServer(handler, { host: '127.0.0.1', port, log: silentLog });
    },
  };
}
