// The game-name tables as the executable carries them: scripts/bundle.mjs packs each table
// (brotli, base64) and game-names.ts unpacks the one asked. The bundled module must name as the
// source does, in every language and kind, and its text must stay ASCII (one character outside
// Latin-1 makes V8 hold a whole bundle's source in two bytes a character).
import { createRequire, Module } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAME_KINDS, NAME_LANGUAGES, shownName } from '../../src/save/world/game-names.js';
import { ROOT } from '../helpers/paths.js';

type Names = typeof import('../../src/save/world/game-names.js');

describe('game names in the bundle', () => {
  it('are packed, ASCII, and unpack to the same names in every language', async () => {
    const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts/bundle.mjs')).href)) as {
      bundle: (o: { entry: string; outfile: string; version: string; write: boolean }) => Promise<string>;
    };
    const text = await bundle({
      entry: 'src/save/world/game-names.ts',
      outfile: 'dist/game-names-check.cjs',
      version: 'test',
      write: false,
    });
    expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    // アヌビス (Anubis) is in the text neither as itself nor escaped: packed.
    expect(text).not.toMatch(/\\u30A2\\u30CC\\u30D3\\u30B9/i);
    expect(text.length).toBeLessThan(700_000);
    const mod = new Module(join(ROOT, 'dist/game-names-check.cjs')) as Module & { exports: Names; _compile(t: string, f: string): void };
    mod.paths = createRequire(join(ROOT, 'package.json')).resolve.paths('x') ?? [];
    mod._compile(text, mod.id);
    const ids: Record<(typeof NAME_KINDS)[number], string[]> = {
      species: ['SheepBall', 'BOSS_Anubis', 'BOSS_Male_NinjaElite', 'NoSuchPal'],
      passive: ['PAL_CorporateSlave', 'Legend', 'Witch'],
      active: ['EPalWazaID::FireBall', 'Unique_SheepBall_Roll'],
      element: ['Fire', 'Leaf'],
      work: ['EmitFlame', 'Handcraft'],
    };
    for (const lang of NAME_LANGUAGES) {
      for (const kind of NAME_KINDS)
        for (const id of ids[kind]) expect(mod.exports.shownName(kind, id, lang)).toBe(shownName(kind, id, lang));
    }
    expect(mod.exports.shownName('species', 'BOSS_Anubis', 'ja')).toBe('アヌビス');
  });
});
