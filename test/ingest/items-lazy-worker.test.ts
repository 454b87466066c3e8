// The items across serve's two workers: a store parse writes the item parts' bytes to a temp file
// beside the world database (never posting them to the main thread), and after the swap a second
// worker reads that file and posts the items encoded as the world database keeps them: the
// eager parse's items, and its holders.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keptItemsFile, placeKeptItems } from '../../src/ingest/kept-items.js';
import { parseForStoreInWorker, readItemsInWorker } from '../../src/ingest/parse-worker-host.js';
import { ensureOodle, parseWorld } from '../../src/save/index.js';
import { itemRow, uidKey } from '../../src/store/world.js';
import { FIXTURES, loadWorld } from '../save/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'palpanel-items-worker-'));
beforeAll(async () => {
  await ensureOodle();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('v1.0-relics: the parse worker keeps the items in a file; the items worker reads them as the eager parse maps them', async () => {
  const worldFile = join(dir, 'world.db');
  const out = await parseForStoreInWorker({ target: join(FIXTURES, 'v1.0-relics'), worldFile });
  expect(out.itemsTemp).toBeDefined();
  expect(Object.keys(out)).not.toContain('keptItems'); // no bytes reach the main thread
  placeKeptItems(worldFile, out.itemsTemp);
  expect(existsSync(keptItemsFile(worldFile))).toBe(true);

  const read = await readItemsInWorker({ worldFile, parsedAt: out.parsedAt });
  const eager = await parseWorld(loadWorld('v1.0-relics'));
  const want = itemRow(eager.items, uidKey)!;
  expect(read).not.toBeNull();
  expect(Buffer.from(read!.row.json).toString()).toBe(Buffer.from(want.json).toString());
  expect(Buffer.from(read!.row.held).toString()).toBe(Buffer.from(want.held).toString());
  expect(read!.formatDrift).toBe(false);

  // Another parse's file is not read.
  expect(await readItemsInWorker({ worldFile, parsedAt: '2000-01-01T00:00:00.000Z' })).toBeNull();
}, 120_000);
