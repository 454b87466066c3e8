// The game's own names in the web UI's languages: species (pals and the humans a player can
// capture), passive and active skills, elements and work suitability, from the project's tables in
// assets/names/<kind>/<language>.json (built by scripts/build-name-tables.mjs; its README says from
// what). Each table is one JSON string (in the bundle packed further, brotli and base64, by
// scripts/bundle.mjs), parsed on first use: a process that never names anything in Japanese never
// holds the Japanese names. The English names the other routes give stay those of names.ts and
// skill-names.ts; these tables serve the UI's language and the search by a name in it.
import { brotliDecompressSync } from 'node:zlib';
import { NAME_KINDS, NAME_LANGUAGES, type NameTableKind, type NameLanguage } from '../../contract/panel/names.js';
import { fallbackName, speciesKey } from './names.js';
import species_en from '../../../assets/names/species/en.json' with { type: 'json' };
import species_zhHans from '../../../assets/names/species/zh-Hans.json' with { type: 'json' };
import species_zhHant from '../../../assets/names/species/zh-Hant.json' with { type: 'json' };
import species_ja from '../../../assets/names/species/ja.json' with { type: 'json' };
import species_ko from '../../../assets/names/species/ko.json' with { type: 'json' };
import species_de from '../../../assets/names/species/de.json' with { type: 'json' };
import species_fr from '../../../assets/names/species/fr.json' with { type: 'json' };
import species_es from '../../../assets/names/species/es.json' with { type: 'json' };
import species_ptBR from '../../../assets/names/species/pt-BR.json' with { type: 'json' };
import species_ru from '../../../assets/names/species/ru.json' with { type: 'json' };
import passive_en from '../../../assets/names/passive/en.json' with { type: 'json' };
import passive_zhHans from '../../../assets/names/passive/zh-Hans.json' with { type: 'json' };
import passive_zhHant from '../../../assets/names/passive/zh-Hant.json' with { type: 'json' };
import passive_ja from '../../../assets/names/passive/ja.json' with { type: 'json' };
import passive_ko from '../../../assets/names/passive/ko.json' with { type: 'json' };
import passive_de from '../../../assets/names/passive/de.json' with { type: 'json' };
import passive_fr from '../../../assets/names/passive/fr.json' with { type: 'json' };
import passive_es from '../../../assets/names/passive/es.json' with { type: 'json' };
import passive_ptBR from '../../../assets/names/passive/pt-BR.json' with { type: 'json' };
import passive_ru from '../../../assets/names/passive/ru.json' with { type: 'json' };
import active_en from '../../../assets/names/active/en.json' with { type: 'json' };
import active_zhHans from '../../../assets/names/active/zh-Hans.json' with { type: 'json' };
import active_zhHant from '../../../assets/names/active/zh-Hant.json' with { type: 'json' };
import active_ja from '../../../assets/names/active/ja.json' with { type: 'json' };
import active_ko from '../../../assets/names/active/ko.json' with { type: 'json' };
import active_de from '../../../assets/names/active/de.json' with { type: 'json' };
import active_fr from '../../../assets/names/active/fr.json' with { type: 'json' };
import active_es from '../../../assets/names/active/es.json' with { type: 'json' };
import active_ptBR from '../../../assets/names/active/pt-BR.json' with { type: 'json' };
import active_ru from '../../../assets/names/active/ru.json' with { type: 'json' };
import element_en from '../../../assets/names/element/en.json' with { type: 'json' };
import element_zhHans from '../../../assets/names/element/zh-Hans.json' with { type: 'json' };
import element_zhHant from '../../../assets/names/element/zh-Hant.json' with { type: 'json' };
import element_ja from '../../../assets/names/element/ja.json' with { type: 'json' };
import element_ko from '../../../assets/names/element/ko.json' with { type: 'json' };
import element_de from '../../../assets/names/element/de.json' with { type: 'json' };
import element_fr from '../../../assets/names/element/fr.json' with { type: 'json' };
import element_es from '../../../assets/names/element/es.json' with { type: 'json' };
import element_ptBR from '../../../assets/names/element/pt-BR.json' with { type: 'json' };
import element_ru from '../../../assets/names/element/ru.json' with { type: 'json' };
import work_en from '../../../assets/names/work/en.json' with { type: 'json' };
import work_zhHans from '../../../assets/names/work/zh-Hans.json' with { type: 'json' };
import work_zhHant from '../../../assets/names/work/zh-Hant.json' with { type: 'json' };
import work_ja from '../../../assets/names/work/ja.json' with { type: 'json' };
import work_ko from '../../../assets/names/work/ko.json' with { type: 'json' };
import work_de from '../../../assets/names/work/de.json' with { type: 'json' };
import work_fr from '../../../assets/names/work/fr.json' with { type: 'json' };
import work_es from '../../../assets/names/work/es.json' with { type: 'json' };
import work_ptBR from '../../../assets/names/work/pt-BR.json' with { type: 'json' };
import work_ru from '../../../assets/names/work/ru.json' with { type: 'json' };

/** A table as its JSON text, or packed by scripts/bundle.mjs (brotli, base64). */
type Packed = string | { brotli: string };

const TABLES: Record<NameTableKind, Record<NameLanguage, Packed>> = {
  species: {
    en: species_en,
    'zh-Hans': species_zhHans,
    'zh-Hant': species_zhHant,
    ja: species_ja,
    ko: species_ko,
    de: species_de,
    fr: species_fr,
    es: species_es,
    'pt-BR': species_ptBR,
    ru: species_ru,
  },
  passive: {
    en: passive_en,
    'zh-Hans': passive_zhHans,
    'zh-Hant': passive_zhHant,
    ja: passive_ja,
    ko: passive_ko,
    de: passive_de,
    fr: passive_fr,
    es: passive_es,
    'pt-BR': passive_ptBR,
    ru: passive_ru,
  },
  active: {
    en: active_en,
    'zh-Hans': active_zhHans,
    'zh-Hant': active_zhHant,
    ja: active_ja,
    ko: active_ko,
    de: active_de,
    fr: active_fr,
    es: active_es,
    'pt-BR': active_ptBR,
    ru: active_ru,
  },
  element: {
    en: element_en,
    'zh-Hans': element_zhHans,
    'zh-Hant': element_zhHant,
    ja: element_ja,
    ko: element_ko,
    de: element_de,
    fr: element_fr,
    es: element_es,
    'pt-BR': element_ptBR,
    ru: element_ru,
  },
  work: {
    en: work_en,
    'zh-Hans': work_zhHans,
    'zh-Hant': work_zhHant,
    ja: work_ja,
    ko: work_ko,
    de: work_de,
    fr: work_fr,
    es: work_es,
    'pt-BR': work_ptBR,
    ru: work_ru,
  },
};

export { NAME_KINDS, NAME_LANGUAGES };

/** The key a table is looked up by: species without `BOSS_`/`GYM_`/`PREDATOR_`, any id without an
 * enum prefix (`EPalWazaID::FireBall`), lower-case. */
export function nameKey(kind: NameTableKind, id: string): string {
  if (kind === 'species') return speciesKey(id.trim());
  return (id.includes('::') ? id.slice(id.lastIndexOf('::') + 2) : id).trim().toLowerCase();
}

const parsed = new Map<string, ReadonlyMap<string, string>>();

/** One kind's names in one language, unpacked and parsed on first use. */
export function nameTable(kind: NameTableKind, language: NameLanguage): ReadonlyMap<string, string> {
  const at = `${kind}/${language}`;
  let m = parsed.get(at);
  if (!m) {
    const t = TABLES[kind][language];
    const text = typeof t === 'string' ? t : brotliDecompressSync(Buffer.from(t.brotli, 'base64')).toString('utf8');
    m = new Map(Object.entries(JSON.parse(text) as Record<string, string>));
    parsed.set(at, m);
  }
  return m;
}

/** The language's own name for the id, if its table has one. */
export function gameName(kind: NameTableKind, id: string, language: NameLanguage): string | undefined {
  const table = nameTable(kind, language);
  // A species without its variant prefix, then a human with a name of its own under the whole id
  // (`BOSS_Male_NinjaElite`; assets/names/README.md).
  return table.get(nameKey(kind, id)) ?? (kind === 'species' ? table.get(id.trim().toLowerCase()) : undefined);
}

/** A readable form of an id no table names: `EPalWazaID::FireBall` → `Fire Ball`. */
export function readableName(id: string): string {
  return fallbackName(id.includes('::') ? id.slice(id.lastIndexOf('::') + 2) : id);
}

/** The name to show: the language's, else English, else a readable form of the id; never empty. */
export function shownName(kind: NameTableKind, id: string, language: NameLanguage): string {
  return gameName(kind, id, language) ?? gameName(kind, id, 'en') ?? readableName(id);
}

/** Every name of one language, as the panel's names route sends it. */
export function namesIn(language: NameLanguage): Record<NameTableKind, Record<string, string>> {
  return Object.fromEntries(NAME_KINDS.map((k) => [k, Object.fromEntries(nameTable(k, language))])) as Record<
    NameTableKind,
    Record<string, string>
  >;
}

/** How a typed text and a name compare: width folded (NFKC: half-width katakana, full-width
 * Latin), case folded, hiragana read as katakana (a Japanese player types アヌビス or あぬびす). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .trim();
}

const folded = new Map<NameLanguage, [string, string][]>();

/** The species ids (as given, e.g. a world's lower-case character ids) whose name in `language`
 * contains `text`. */
export function speciesNamed(speciesIds: readonly string[], text: string, language: NameLanguage): string[] {
  const needle = foldForSearch(text);
  if (needle === '') return [];
  let names = folded.get(language);
  if (!names) {
    names = [...nameTable('species', language)].map(([k, v]) => [k, foldForSearch(v)]);
    folded.set(language, names);
  }
  const keys = new Set(names.filter(([, v]) => v.includes(needle)).map(([k]) => k));
  // As gameName reads: the bare species, or a human named under its whole id.
  return keys.size === 0 ? [] : speciesIds.filter((s) => keys.has(speciesKey(s)) || keys.has(s.toLowerCase()));
}
