// The items read apart from the main walk: decodeLevelItems (a walk of the items alone) gives what
// one walk with items gives, on every fixture; and a parse whose items are read in the items'
// worker thread (ingest/items-thread.ts, the bundled items-worker.ts) equals the parse in one walk.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureOodle, parseWorld, type ParseResult } from '../../src/save/index.js';
import { readContainer } from '../../src/save/container/container.js';
import { decodeLevel, decodeLevelItems } from '../../src/save/palworld/level.js';
import { WarningSink } from '../../src/save/warnings.js';
import { itemsInWorker } from '../../src/ingest/items-thread.js';
import { ROOT } from '../helpers/paths.js';
import { loadWorld, WORLDS } from './fixtures.js';

const json = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (v instanceof Map ? [...v] : v instanceof Uint8Array ? [...v] : v));
const gvasOf = (bytes: Uint8Array) => readContainer(bytes, { limit: 'maxDecompressedBytes', budget: { used: 0 } }).gvas;

beforeAll(async () => {
  await ensureOodle();
});

describe('the items in a walk of their own', () => {
  it.each(WORLDS)('%s: the same containers, dynamic items, map objects and guild storage as one walk', (world) => {
    const gvas = new Uint8Array(gvasOf(loadWorld(world).level));
    const one = decodeLevel(gvas, new WarningSink(), true).items!;
    const apart = decodeLevelItems(gvas, new WarningSink());
    expect(apart.containers.length).toBe(one.containers.length);
    expect(json(apart)).toBe(json(one));
  });
});

describe('the items read in a second thread', () => {
  let code: string;
  beforeAll(async () => {
    const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts/bundle.mjs')).href)) as {
      bundle: (o: object) => Promise<string>;
    };
    code = await bundle({
      entry: 'src/ingest/items-worker.ts',
      outfile: 'dist/items-worker.cjs',
      version: 'test',
      write: false,
      minify: false,
    });
  }, 60_000);

  it('v1.0-relics: the parse equals the parse in one walk, items and warnings included', async () => {
    const one: ParseResult = await parseWorld(loadWorld('v1.0-relics'));
    const apart: ParseResult = await parseWorld(loadWorld('v1.0-relics'), { decodeItemsApart: itemsInWorker(code) });
    expect(apart.items?.containers.length).toBeGreaterThan(1000);
    expect(json(apart.items)).toBe(json(one.items));
    expect(apart.warnings).toEqual(one.warnings);
    expect(json(apart.players)).toBe(json(one.players));
  }, 60_000);
});
