import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { createHandler, EMPTY_LIVE } from '../../src/http/index.js';
import { makeWorld, toHttpRequest } from '../../test/http/fixture.js';
const store = await openStore(mkdtempSync(join(tmpdir(), 'p-')));
store.world.replace(makeWorld({ players: 1000, pals: 20000 }), new Date().toISOString());
const key = store.keys.create('x').key;
const h = createHandler({ store, live: EMPTY_LIVE, settings: { integrationRateLimit: 1e9, sessionTtlMs: 1e6 }, clock: () => new Date(), log: console.log as any, version: 'x' });
for (const path of ['/api/integration/v1/players?limit=100', '/api/integration/v1/pals?limit=100', '/api/integration/v1/map']) {
  const req = toHttpRequest({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } });
  for (let i = 0; i < 200; i++) await h(req);
  const s = performance.now(); const n = 2000;
  for (let i = 0; i < n; i++) await h(req);
  console.log(path, ((performance.now() - s) / n * 1000).toFixed(1), 'µs');
}
