// The catalogs, two modules per language: `virtual:catalogs` maps each language to loaders of
// `virtual:catalogs/<language>-first` (the areas the sign-in page and the shell need: FIRST_AREAS)
// and `virtual:catalogs/<language>-rest` (every other area), each gathering that language's file
// of its areas (web/src/i18n/catalogs/<area>/<language>.json) into one chunk: the first page
// carries only its own words, and a language costs two requests however many areas there are. Each language's module is English with the language's messages
// over it: an id a translation lacks shows its English words, never the id.
// The messages are precompiled to ICU syntax trees (FormatJS's documented way), and the parser is
// aliased to its no-parser build, so the browser never downloads the ICU parser. The pseudo-locale
// (pseudo.ts) is built from English here too, so it is never out of step.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { PSEUDO_LOCALE, pseudoMessage } from '../src/i18n/pseudo.js';

const PREFIX = 'virtual:catalogs';
const RESOLVED = '\0' + PREFIX;

type Messages = Record<string, string>;

/** The areas the sign-in page and the shell read, loaded first; the rest once signed in. */
export const FIRST_AREAS = ['app', 'auth', 'ui'];
export type Part = 'first' | 'rest' | 'all';
const inPart = (area: string, part: Part) => part === 'all' || (part === 'first') === FIRST_AREAS.includes(area);

/** Every area's file of `language` under `dir` (of one part), merged (ids are unique across areas: each starts with its area). */
export function readCatalog(dir: string, language: string, part: Part = 'all'): Messages {
  const out: Messages = {};
  for (const area of readdirSync(dir).sort()) {
    if (!inPart(area, part)) continue;
    let text: string;
    try {
      text = readFileSync(join(dir, area, `${language}.json`), 'utf8');
    } catch {
      continue; // an area not yet translated into this language: English fills it
    }
    Object.assign(out, JSON.parse(text) as Messages);
  }
  return out;
}

/** The messages a language's module holds: English, with the language's own over it. */
export function withFallback(dir: string, language: string, part: Part = 'all'): Messages {
  return language === 'en' ? readCatalog(dir, 'en', part) : { ...readCatalog(dir, 'en', part), ...readCatalog(dir, language, part) };
}

/** `keepParser`: for the tests, whose components are also given plain ICU strings (renderIntl). */
export function catalogsPlugin(opts: { dir: string; languages: readonly string[]; keepParser?: boolean }): Plugin {
  const all = [...opts.languages, PSEUDO_LOCALE];
  return {
    name: 'palpanel-catalogs',
    enforce: 'pre',
    config: () =>
      opts.keepParser
        ? {}
        : {
            resolve: {
              alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
            },
          },
    resolveId: (id) => (id === PREFIX || id.startsWith(PREFIX + '/') ? '\0' + id : undefined),
    load(id) {
      if (id === RESOLVED) {
        const entries = all.map(
          (l) =>
            `  ${JSON.stringify(l)}: { first: () => import(${JSON.stringify(`${PREFIX}/${l}-first`)}), rest: () => import(${JSON.stringify(`${PREFIX}/${l}-rest`)}) },`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(RESOLVED + '/')) return undefined;
      // `<language>-<part>` (a tag has dashes of its own: the part is after the last one).
      const name = id.slice(RESOLVED.length + 1);
      const language = name.slice(0, name.lastIndexOf('-'));
      const part = name.slice(name.lastIndexOf('-') + 1);
      if (!all.includes(language) || (part !== 'first' && part !== 'rest')) throw new Error(`no such catalog: ${id.slice(1)}`);
      // Rebuild when a catalog changes (dev server and watch).
      const pseudo = language === PSEUDO_LOCALE;
      for (const area of readdirSync(opts.dir)) this.addWatchFile(join(opts.dir, area, `${pseudo ? 'en' : language}.json`));
      const messages = withFallback(opts.dir, pseudo ? 'en' : language, part);
      const body = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, pseudo ? pseudoMessage(parse(v)) : parse(v)]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(body))});\n`;
    },
  };
}
