// Item facts and names, from the project's own tables in assets/items/ (built by
// scripts/build-item-tables.mjs; see its README): per item id its group, type, rarity and stack
// limit, and its display name in each language the tables have. Ids match case-insensitively, as
// the save's ids and the tables' differ in case now and then; an id no table knows is shown as
// itself.
import { brotliDecompressSync } from 'node:zlib';
import facts from '../../../assets/items/facts.json' with { type: 'json' };
import de from '../../../assets/items/names/de.json' with { type: 'json' };
import en from '../../../assets/items/names/en.json' with { type: 'json' };
import es from '../../../assets/items/names/es.json' with { type: 'json' };
import esMX from '../../../assets/items/names/es-MX.json' with { type: 'json' };
import fr from '../../../assets/items/names/fr.json' with { type: 'json' };
import id from '../../../assets/items/names/id.json' with { type: 'json' };
import it from '../../../assets/items/names/it.json' with { type: 'json' };
import ja from '../../../assets/items/names/ja.json' with { type: 'json' };
import ko from '../../../assets/items/names/ko.json' with { type: 'json' };
import pl from '../../../assets/items/names/pl.json' with { type: 'json' };
import ptBR from '../../../assets/items/names/pt-BR.json' with { type: 'json' };
import ru from '../../../assets/items/names/ru.json' with { type: 'json' };
import th from '../../../assets/items/names/th.json' with { type: 'json' };
import tr from '../../../assets/items/names/tr.json' with { type: 'json' };
import vi from '../../../assets/items/names/vi.json' with { type: 'json' };
import zhHans from '../../../assets/items/names/zh-Hans.json' with { type: 'json' };
import zhHant from '../../../assets/items/names/zh-Hant.json' with { type: 'json' };

export interface ItemFacts {
  /** `Common`, `Weapon`, `Head`, `Body`, `Accessory`, `Food`, `KeyItem`, `Shield`, `Glider`, … */
  group: string;
  /** `Material`, `Consume`, `Armor`, `Weapon`, `Food`, `Ammo`, `Blueprint`, `Essential`, … */
  type: string;
  /** 0 common, 1 uncommon, 2 rare, 3 epic, 4 legendary (a few special items go higher). */
  rarity: number;
  /** The most one slot holds. */
  stackLimit: number;
}

/** A name table as its JSON text (assets/items/README.md), or, in the bundle, packed by
 * scripts/bundle.mjs (brotli, base64) so that the 16 languages nobody asks for cost a few ASCII
 * characters each instead of their text twice (source and constant) in every process. */
type Table = string | { brotli: string };

/** Each table, unpacked and parsed on first use. */
const TABLES: Record<string, Table> = {
  de,
  en,
  es,
  'es-MX': esMX,
  fr,
  id,
  it,
  ja,
  ko,
  pl,
  'pt-BR': ptBR,
  ru,
  th,
  tr,
  vi,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

/** The languages item names come in (BCP 47 tags). */
export const ITEM_LANGUAGES: readonly string[] = Object.keys(TABLES).sort();

const lowered = new Map<string, Map<string, string>>();
/** A table keyed by lower-case id, made on first use. */
function byLowerId<T>(table: Table): Map<string, T> {
  const text = typeof table === 'string' ? table : brotliDecompressSync(Buffer.from(table.brotli, 'base64')).toString('utf8');
  const m = new Map<string, T>();
  for (const [k, v] of Object.entries(JSON.parse(text) as Record<string, T>)) m.set(k.toLowerCase(), v);
  return m;
}

let factsById: Map<string, ItemFacts> | undefined;
function allFacts(): Map<string, ItemFacts> {
  if (!factsById) {
    factsById = new Map();
    for (const [k, [group, type, rarity, stackLimit]] of byLowerId<[string, string, number, number]>(facts)) {
      factsById.set(k, { group, type, rarity, stackLimit });
    }
  }
  return factsById;
}

export function itemFacts(itemId: string): ItemFacts | undefined {
  return allFacts().get(itemId.toLowerCase());
}

/** The closest language the tables have: `de-AT` → `de`, `zh-CN` → `zh-Hans`; else English. */
export function itemLanguage(lang: string | undefined): string {
  if (!lang) return 'en';
  if (Object.hasOwn(TABLES, lang)) return lang;
  const l = lang.toLowerCase();
  for (const k of ITEM_LANGUAGES) if (k.toLowerCase() === l) return k;
  if (/^zh-(tw|hk|mo|hant)/.test(l)) return 'zh-Hant';
  if (l.startsWith('zh')) return 'zh-Hans';
  const base = l.split('-')[0];
  return ITEM_LANGUAGES.find((k) => k.toLowerCase() === base) ?? 'en';
}

function namesIn(lang: string): Map<string, string> {
  let m = lowered.get(lang);
  if (!m) lowered.set(lang, (m = byLowerId<string>(TABLES[lang] ?? en)));
  return m;
}

/** The item's name in `lang` (else in English, else its id). */
export function itemName(itemId: string, lang = 'en'): string {
  const key = itemId.toLowerCase();
  return namesIn(itemLanguage(lang)).get(key) ?? namesIn('en').get(key) ?? itemId;
}

/** Whether a table names the item (a name that is only the id is not one). */
export function isNamedItem(itemId: string, lang = 'en'): boolean {
  return namesIn(itemLanguage(lang)).has(itemId.toLowerCase());
}
