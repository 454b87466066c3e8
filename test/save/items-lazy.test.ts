// The items read after the parse: the walk without items records where the item parts are, only
// those bytes are kept (copied, or handed to a keeper that writes them elsewhere), and reading
// them later gives what one walk with items gives, warnings included, at the file's offsets.
import { deserialize, serialize } from 'node:v8';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureOodle, laidBuffer, parseWorld, readKeptItems, type KeptRuns, type ParseResult } from '../../src/save/index.js';
import { readContainer } from '../../src/save/container/container.js';
import { decodeLevel } from '../../src/save/palworld/level.js';
import { decodeLaidItems, itemRuns, layRuns } from '../../src/save/palworld/level-items-lazy.js';
import { WarningSink } from '../../src/save/warnings.js';
import { loadWorld, WORLDS } from './fixtures.js';

const json = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (v instanceof Map ? [...v] : v instanceof Uint8Array ? [...v] : v));
const key = (w: { file?: string; offset: number; path: string; message: string }) => `${w.file}@${w.offset} ${w.path}: ${w.message}`;
const gvasOf = (bytes: Uint8Array) => readContainer(bytes, { limit: 'maxDecompressedBytes', budget: { used: 0 } }).gvas;

beforeAll(async () => {
  await ensureOodle();
});

describe('the items kept as bytes and read on first use', () => {
  it.each(WORLDS)('%s: the same items and warnings as one walk with items', (world) => {
    const gvas = new Uint8Array(gvasOf(loadWorld(world).level));
    const eagerWarnings = new WarningSink();
    const eager = decodeLevel(gvas, eagerWarnings, true);
    const rowWarnings = new WarningSink();
    const rows = decodeLevel(gvas, rowWarnings, false);
    expect(rows.items).toBeUndefined();
    const kept = itemRuns(gvas.length, rows.itemRanges ?? []);
    // Only the item parts are kept, not the whole GVAS.
    const keptBytes = kept.runs.reduce((n, r) => n + r.size, 0);
    expect(keptBytes).toBeLessThan(gvas.length);
    const laid = layRuns(gvas, kept);
    gvas.fill(0xee); // the kept bytes are a copy: the GVAS may be reused after the walk
    const itemWarnings = new WarningSink();
    const lazy = decodeLaidItems(laid, kept, 'Level.sav', itemWarnings);
    expect(lazy.containers.length).toBe(eager.items!.containers.length);
    expect(json(lazy)).toBe(json(eager.items));
    // The rows' warnings and the items' warnings together are the eager walk's, as a multiset
    // (the eager walk lists the items' between the walk's and the rows').
    expect([...rowWarnings.list, ...itemWarnings.list].map(key).sort()).toEqual(eagerWarnings.list.map(key).sort());
  });

  it('v1.0-relics has items to read', () => {
    const gvas = new Uint8Array(gvasOf(loadWorld('v1.0-relics').level));
    const rows = decodeLevel(gvas, new WarningSink(), false);
    expect(rows.itemRanges?.length).toBeGreaterThanOrEqual(3);
    const kept = itemRuns(gvas.length, rows.itemRanges!);
    expect(decodeLaidItems(layRuns(gvas, kept), kept, 'Level.sav', new WarningSink()).containers.length).toBeGreaterThan(1000);
  });
});

describe("a parse with items: 'lazy'", () => {
  it("v1.0-relics: no items in the parse; the first request gives the eager parse's items and warnings, the next the same", async () => {
    const eager: ParseResult = await parseWorld(loadWorld('v1.0-relics'));
    const lazy: ParseResult = await parseWorld(loadWorld('v1.0-relics'), { items: 'lazy' });
    expect(lazy.items).toBeUndefined();
    expect(lazy.lazyItems!.keptBytes).toBeGreaterThan(0);
    const got = lazy.lazyItems!.read();
    expect(got.items.containers.length).toBeGreaterThan(1000);
    expect(json(got.items)).toBe(json(eager.items));
    expect([...lazy.warnings, ...got.warnings].map(key).sort()).toEqual(eager.warnings.map(key).sort());
    expect(lazy.formatDrift || got.formatDrift).toBe(eager.formatDrift);
    expect(lazy.lazyItems!.read()).toBe(got); // read once, then kept
    expect(json(lazy.players)).toBe(json(eager.players));
    expect(json(lazy.pals)).toBe(json(eager.pals));
  }, 60_000);

  it('v1.0-relics: a keeper takes the bytes at the walk (none kept in the result); the mapping data survives a v8 round trip', async () => {
    const eager: ParseResult = await parseWorld(loadWorld('v1.0-relics'));
    let taken: { laid: Uint8Array; kept: KeptRuns } | undefined;
    const kept: ParseResult = await parseWorld(loadWorld('v1.0-relics'), {
      items: 'lazy',
      // As serve's keeper writes each run to a file, this one copies each run on its own.
      keepItems: (gvas, runs) => {
        const laid = laidBuffer(runs);
        for (const r of runs.runs) laid.set(gvas.slice(r.start, r.start + r.size), r.start);
        taken = { laid, kept: runs };
      },
    });
    expect(kept.items).toBeUndefined();
    expect(kept.lazyItems).toBeUndefined();
    expect(taken).toBeDefined();
    expect(kept.keptItems!.kept).toEqual(taken!.kept);
    // The mapping data as serve writes it beside the bytes (v8-serialized) and reads it back.
    const read = readKeptItems(taken!.laid, deserialize(serialize(kept.keptItems)) as typeof kept.keptItems & object);
    expect(json(read.items)).toBe(json(eager.items));
    expect([...kept.warnings, ...read.warnings].map(key).sort()).toEqual(eager.warnings.map(key).sort());
  }, 60_000);
});
