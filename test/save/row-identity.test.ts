// Row identity: every fixture world and a few synthetic worlds give the very rows (players, pals,
// guilds, warnings, meta: byte for byte, in key order) recorded in row-digests.json, through both
// paths: the snapshot of `parseWorld` (the `parse` command) and the world database the store path
// builds (serve). The digests were recorded from the parser as it was before the streaming
// rewrite of issue 16; a change that alters any row fails here.
// To record them again on purpose: PALPANEL_RECORD_ROW_DIGESTS=1 npx vitest run --project unit test/save/row-identity.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runStoreParseJob } from '../../src/ingest/parse-job.js';
import { writeSyntheticWorld, type SyntheticWorldOptions } from '../../src/demo/world-gen/index.js';
import { parseWorld } from '../../src/save/index.js';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { databaseDigest, snapshotDigest, type RowDigest } from '../../src/store/world-digest.js';
import { tempDir } from '../helpers/temp.js';
import { FIXTURES, loadWorld, WORLDS } from './fixtures.js';

const DIGESTS = fileURLToPath(new URL('./row-digests.json', import.meta.url));
const record = process.env.PALPANEL_RECORD_ROW_DIGESTS === '1';
const recorded: Record<string, RowDigest> = record ? {} : (JSON.parse(readFileSync(DIGESTS, 'utf8')) as Record<string, RowDigest>);

/** Synthetic worlds: small enough for a unit test, with every placement and some bulk. */
const SYNTHETIC: Record<string, SyntheticWorldOptions> = {
  'synthetic-1k': { seed: 42, players: 5, pals: 1000 },
  'synthetic-3k-3guilds': { seed: 7, players: 20, pals: 3000, guilds: 3, basesPerGuild: 2 },
};

afterAll(() => {
  if (record) writeFileSync(DIGESTS, `${JSON.stringify(recorded, null, 2)}\n`);
});

async function check(name: string, folder: string, snapshot: () => Promise<RowDigest>): Promise<void> {
  const fromSnapshot = await snapshot();
  const job = await runStoreParseJob({ target: folder });
  const fromDatabase = databaseDigest(await loadSqlJs(), job.world);
  expect(fromDatabase).toEqual(fromSnapshot);
  if (record) recorded[name] = fromSnapshot;
  else expect(fromSnapshot).toEqual(recorded[name]);
}

describe('rows stay identical', () => {
  it.each(WORLDS)('%s', async (w) => {
    await check(w, `${FIXTURES}${w}`, async () => snapshotDigest(await parseWorld(loadWorld(w))));
  });

  it.each(Object.keys(SYNTHETIC))('%s', async (name) => {
    const dir = tempDir();
    const world = writeSyntheticWorld(dir, SYNTHETIC[name]);
    const files = { level: world.files['Level.sav'], levelMeta: world.files['LevelMeta.sav'], players: world.files.players };
    await check(name, dir, async () => snapshotDigest(await parseWorld(files)));
  });
});
