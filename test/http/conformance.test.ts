// Runs the conformance table in-process through `handle()` and over a real socket through
// startHttpServer on 127.0.0.1, port 0.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import type { Handler } from '../../src/http/types.js';
import { CONFORMANCE_CASES, runCase, type ConformanceFixture } from './conformance-table.js';
import { seedConformance } from './conformance-fixture.js';
import { inProcessSend, onlinePlayer, silentLog, socketSend, tempStore, TestLive, type Send, type TempStore } from '../helpers/fixture.js';

async function setup(): Promise<{ ts: TempStore; handler: Handler; fx: ConformanceFixture }> {
  const ts = await tempStore();
  const seeded = seedConformance(ts.store);
  const live = new TestLive();
  live.setRunning([]);
  const handler = createHandler({
    store: ts.store,
    live,
    settings: { integrationRateLimit: 1_000_000_000, sessionTtlMs: 86_400_000 },
    clock: () => new Date(),
    log: silentLog,
    version: '0.0.0-test',
  });
  const fx: ConformanceFixture = {
    ...seeded,
    setOnline(uids) {
      if (uids === null) live.live = { reachable: false, info: null, metrics: null, players: [], capturedAt: null };
      else live.setRunning(uids.map((u) => onlinePlayer(u)));
    },
    reparse: (snap, at) => ts.store.world.replace(snap, at),
  };
  return { ts, handler, fx };
}

describe('conformance, in-process through handle()', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let send: Send;
  beforeAll(async () => {
    env = await setup();
    send = inProcessSend(env.handler);
  });
  afterAll(() => env.ts.cleanup());
  for (const c of CONFORMANCE_CASES) it(c.name, () => runCase(c, send, env.fx));
});

describe('conformance, over a socket through startHttpServer', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let server: RunningHttpServer;
  let send: ReturnType<typeof socketSend>;
  beforeAll(async () => {
    env = await setup();
    server = await startHttpServer(env.handler, { host: '127.0.0.1', port: 0, log: silentLog });
    send = socketSend(`http://127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    send.close();
    await server.close(1000);
    env.ts.cleanup();
  });
  for (const c of CONFORMANCE_CASES) it(c.name, () => runCase(c, send, env.fx));
});
