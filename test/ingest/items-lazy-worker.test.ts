// The lazy items across serve's parse worker: a store parse with items 'lazy' posts the kept item
// bytes (transferred) and what mapping them needs, and reading them on the main thread gives the
// eager parse's items.
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { parseForStoreInWorker } from '../../src/ingest/parse-worker-host.js';
import { ensureOodle, lazyItems, parseWorld } from '../../src/save/index.js';
import { FIXTURES, loadWorld } from '../save/fixtures.js';

const json = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (v instanceof Map ? [...v] : v instanceof Uint8Array ? [...v] : v));

beforeAll(async () => {
  await ensureOodle();
});

it('v1.0-relics: the items kept in the worker read on the main thread as the eager parse maps them', async () => {
  const out = await parseForStoreInWorker({ target: join(FIXTURES, 'v1.0-relics'), items: 'lazy' });
  expect(out.keptItems).toBeDefined();
  const got = lazyItems(out.keptItems!).read();
  const eager = await parseWorld(loadWorld('v1.0-relics'));
  expect(got.items.containers.length).toBeGreaterThan(1000);
  expect(json(got.items)).toBe(json(eager.items));
}, 120_000);
