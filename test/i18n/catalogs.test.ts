// The web UI's catalogs (web/src/i18n/catalogs/<area>/<language>.json), each area and language
// on its own line of the report: every id of English in every language, no other, none empty;
// each message valid ICU (parsed by FormatJS's own parser, the one the build precompiles with);
// each translation keeps the English message's placeholders and tags, no more and no fewer; every
// id starts with its area. And the pseudo-locale built from English keeps them too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../../src/contract/languages.js';
import { isAddress, pseudoMessage } from '../../web/src/i18n/pseudo.js';
import { ROOT } from '../helpers/paths.js';

const DIR = join(ROOT, 'web', 'src', 'i18n', 'catalogs');
const AREAS = readdirSync(DIR).sort();
const OTHERS = UI_LANGUAGES.filter((l) => l !== 'en');

function read(area: string, language: string): Record<string, string> | null {
  try {
    return JSON.parse(readFileSync(join(DIR, area, `${language}.json`), 'utf8')) as Record<string, string>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The placeholders (`arg:name`) and tags (`tag:name`) a message's tree uses, plural and select arms included. */
export function slots(ast: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === TYPE.tag) {
      into.add(`tag:${el.value}`);
      slots(el.children, into);
    } else if (el.type === TYPE.select || el.type === TYPE.plural) {
      into.add(`arg:${el.value}`);
      for (const o of Object.values(el.options)) slots(o.value, into);
    } else if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) {
      into.add(`arg:${el.value}`);
    }
  }
  return into;
}

const tree = (message: string) => parse(message);

describe('the catalogs', () => {
  it('has areas, each with English', () => {
    expect(AREAS.length).toBeGreaterThan(0);
    for (const area of AREAS) expect(read(area, 'en'), `${area}/en.json`).not.toBeNull();
  });

  describe.each(AREAS)('area %s', (area) => {
    const en = read(area, 'en') ?? {};

    it('English: ids start with the area, messages are not empty and parse', () => {
      const bad = Object.keys(en).filter((id) => !id.startsWith(`${area}.`));
      expect(bad, 'ids outside the area').toEqual([]);
      for (const [id, m] of Object.entries(en)) {
        expect(typeof m === 'string' && m.trim() !== '', `${id} is empty`).toBe(true);
        expect(() => tree(m), `${id}: ${m}`).not.toThrow();
      }
    });

    it.each(OTHERS)('%s: every id of English, no other, none empty, valid ICU, the same placeholders and tags', (language) => {
      const other = read(area, language);
      expect(other, `${area}/${language}.json is missing`).not.toBeNull();
      const mine = other ?? {};
      expect(
        Object.keys(mine).filter((id) => !(id in en)),
        'ids English does not have',
      ).toEqual([]);
      expect(
        Object.keys(en).filter((id) => !(id in mine)),
        'ids missing',
      ).toEqual([]);
      for (const [id, m] of Object.entries(mine)) {
        expect(typeof m === 'string' && m.trim() !== '', `${language} ${id} is empty`).toBe(true);
        let ast: MessageFormatElement[] = [];
        expect(() => (ast = tree(m)), `${language} ${id}: ${m}`).not.toThrow();
        expect([...slots(ast)].sort(), `${language} ${id}: ${m}`).toEqual([...slots(tree(en[id]))].sort());
      }
    });

    it('the pseudo-locale keeps each message’s placeholders and tags, bracketed and 40% longer (a web address alone: not longer)', () => {
      for (const [id, m] of Object.entries(en)) {
        const english = tree(m);
        const pseudo = pseudoMessage(english);
        expect([...slots(pseudo)].sort(), id).toEqual([...slots(english)].sort());
        const text = (ast: MessageFormatElement[]): string =>
          ast.map((e) => (e.type === TYPE.literal ? e.value : e.type === TYPE.tag ? text(e.children) : '')).join('');
        const shown = text(pseudo);
        expect(shown.startsWith('['), id).toBe(true);
        expect(shown.endsWith(']'), id).toBe(true);
        // A web address alone (an example URL, written alike in every language) does not grow.
        if (!isAddress(english)) expect(shown.length, id).toBeGreaterThanOrEqual(Math.floor(text(english).length * 1.4));
        expect(/[A-Za-z]/.test(shown), `${id}: a Latin letter left unaccented in "${shown}"`).toBe(false);
      }
    });
  });
});
