// The catalogs, one module per language: `virtual:catalogs` maps each language to a loader of
// `virtual:catalogs/<language>`, which gathers that language's file of every area
// (web/src/i18n/catalogs/<area>/<language>.json) into one chunk, so a language costs one request
// however many areas there are. Each language's module is English with the language's messages
// over it: an id a translation lacks shows its English words, never the id.
// The messages are precompiled to ICU syntax trees (FormatJS's documented way), and the parser is
// aliased to its no-parser build, so the browser never downloads the ICU parser. The pseudo-locale
// (pseudo.ts) is built from English here too, so it is never out of step.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { PSEUDO_LOCALE, pseudoMessage } from '../src/i18n/pseudo';

const PREFIX = 'virtual:catalogs';
const RESOLVED = '\0' + PREFIX;

type Messages = Record<string, string>;

/** Every area's file of `language` under `dir`, merged (ids are unique across areas: each starts with its area). */
export function readCatalog(dir: string, language: string): Messages {
  const out: Messages = {};
  for (const area of readdirSync(dir).sort()) {
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
export function withFallback(dir: string, language: string): Messages {
  return language === 'en' ? readCatalog(dir, 'en') : { ...readCatalog(dir, 'en'), ...readCatalog(dir, language) };
}

export function catalogsPlugin(opts: { dir: string; languages: readonly string[] }): Plugin {
  const all = [...opts.languages, PSEUDO_LOCALE];
  return {
    name: 'palpanel-catalogs',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    }),
    resolveId: (id) => (id === PREFIX || id.startsWith(PREFIX + '/') ? '\0' + id : undefined),
    load(id) {
      if (id === RESOLVED) {
        const entries = all.map((l) => `  ${JSON.stringify(l)}: () => import(${JSON.stringify(`${PREFIX}/${l}`)}),`);
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(RESOLVED + '/')) return undefined;
      const language = id.slice(RESOLVED.length + 1);
      if (!all.includes(language)) throw new Error(`no such language: ${language}`);
      // Rebuild when a catalog changes (dev server and watch).
      const pseudo = language === PSEUDO_LOCALE;
      for (const area of readdirSync(opts.dir)) this.addWatchFile(join(opts.dir, area, `${pseudo ? 'en' : language}.json`));
      const messages = withFallback(opts.dir, pseudo ? 'en' : language);
      const body = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, pseudo ? pseudoMessage(parse(v)) : parse(v)]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(body))});\n`;
    },
  };
}
