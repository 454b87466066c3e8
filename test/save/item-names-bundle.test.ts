// The item name tables as the executable carries them: scripts/bundle.mjs packs each language
// (brotli, base64) and item-facts.ts unpacks the one asked. The bundled module must name items
// exactly as the source does, in every language, and its text must stay ASCII (one character
// outside Latin-1 makes V8 hold a whole bundle's source in two bytes a character).
import { createRequire, Module } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ITEM_LANGUAGES, itemName } from '../../src/save/world/item-facts.js';

const ROOT = join(import.meta.dirname, '..', '..');
type Facts = typeof import('../../src/save/world/item-facts.js');

describe('item names in the bundle', () => {
  it('are packed, ASCII, and unpack to the same names in every language', async () => {
    const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts/bundle.mjs')).href)) as {
      bundle: (o: { entry: string; outfile: string; version: string; write: boolean }) => Promise<string>;
    };
    const text = await bundle({
      entry: 'src/save/world/item-facts.ts',
      outfile: 'dist/item-facts-check.cjs',
      version: 'test',
      write: false,
    });
    expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    // The Japanese name of a Pal Sphere is not in the text as itself nor escaped: packed.
    expect(text).not.toContain('\\u30D1\\u30EB\\u30B9\\u30D5\\u30A3\\u30A2');
    expect(text.length).toBeLessThan(1_200_000);
    // Loaded as the executable loads its bundle: a CommonJS module from text.
    const mod = new Module(join(ROOT, 'dist/item-facts-check.cjs')) as Module & { exports: Facts; _compile(t: string, f: string): void };
    mod.paths = createRequire(join(ROOT, 'package.json')).resolve.paths('x') ?? [];
    mod._compile(text, mod.id);
    const ids = ['PalSphere', 'Wood', 'Money', 'Stone', 'pal_crystal_ex', 'NoSuchItem'];
    for (const lang of ITEM_LANGUAGES) for (const id of ids) expect(mod.exports.itemName(id, lang)).toBe(itemName(id, lang));
    expect(mod.exports.itemName('PalSphere', 'ja')).toBe('パルスフィア');
  });
});
