// `parse --json` text written piece by piece as the pal rows stream out of the parse: the very
// text JSON.stringify made of the whole rows before (issue 16), in chunks that decode one by one.
import { describe, expect, it } from 'vitest';
import { ChunkWriter, writeParseJson } from '../../src/ingest/parse-json.js';
import { generateSyntheticWorld } from '../../src/demo/world-gen/index.js';
import { guildRow, palWithOwnerRow, playerRow } from '../../src/views/world-rows.js';
import { defaultNameTable, parseWorld, parseWorldStreamed, type SaveFiles } from '../../src/save/index.js';
import { containerRow, ownerNamesOf } from '../../src/views/item-rows.js';
import { loadWorld } from '../save/fixtures.js';

const byKey =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The text as the command made it before: the whole rows, one JSON.stringify. */
async function wholeText(files: SaveFiles, at: Date): Promise<string> {
  const r = await parseWorld(files);
  const iso = at.toISOString();
  return (
    JSON.stringify({
      players: [...r.players].sort(byKey((p) => p.uid)).map((p) => playerRow(p, false, undefined, iso)),
      pals: [...r.pals].sort(byKey((p) => p.instanceId)).map(palWithOwnerRow),
      guilds: [...r.guilds].sort(byKey((g) => g.id)).map(guildRow),
      items: r.items!.containers.map((c) =>
        containerRow(c, 'en', ownerNamesOf(r.players, r.guilds), (id) => defaultNameTable().palName(id)),
      ),
      formatDrift: r.formatDrift,
      warnings: r.warnings,
    }) + '\n'
  );
}

const synthetic = () => {
  const w = generateSyntheticWorld({ seed: 3, players: 14, pals: 500 });
  return { level: w.files['Level.sav'], levelMeta: w.files['LevelMeta.sav'], players: w.files.players };
};

describe('parse --json text', () => {
  it.each([
    ['v1.0-relics', () => loadWorld('v1.0-relics')],
    ['v0.1-unicode', () => loadWorld('v0.1-unicode')],
    ['a synthetic world with non-ASCII names', synthetic],
  ])('%s: the same text as JSON.stringify of the whole rows, in chunks that each decode alone', async (_, files) => {
    const at = new Date('2026-07-01T12:00:00.000Z');
    // Small chunks: many boundaries, some next to multi-byte characters.
    const out = new ChunkWriter(64);
    writeParseJson(await parseWorldStreamed(files()), at, out.write);
    const chunks = out.finish();
    const text = chunks.map((c) => Buffer.from(c).toString('utf8')).join('');
    expect(text).toBe(await wholeText(files(), at));
    expect(out.bytes).toBe(Buffer.byteLength(text));
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(chunks.length);
  });
});
