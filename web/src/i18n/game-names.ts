// The game's own names (species, skills, items, elements, work suitability) in the UI's language.
// Every screen that shows one of these asks here, with the English name the API gave as the
// fallback: the language's table, then English, then a readable form of the id; never empty.
// The tables come from the panel API (`GET /names/{language}`, assets/names/README.md), one
// request per language and page load, after the first page is up: nothing of them is in the
// first page's bundle. Until they arrive, and for a name they lack, the English name shows.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { call } from '../api/operations';
import { useLanguage } from './I18nProvider';
import { PSEUDO_LOCALE, pseudoText } from './pseudo';
import type { GameNames, NameTableKind } from '../../../src/contract/panel/names';

export type NameKind = NameTableKind | 'item';

export type GameName = (kind: NameKind, id: string, english?: string | null) => string;

type Tables = GameNames;

/** "SheepBall" → "Sheep Ball", "EPalWazaID::FireBall" → "Fire Ball". */
export function readableId(id: string): string {
  const bare = id.includes('::') ? id.slice(id.lastIndexOf('::') + 2) : id;
  return bare
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
}

/** The key the tables use: species without BOSS_/GYM_/PREDATOR_, no enum prefix, lower-case. */
export function nameKey(kind: NameKind, id: string): string {
  const bare = id.includes('::') ? id.slice(id.lastIndexOf('::') + 2) : id;
  return (kind === 'species' ? bare.replace(/^(?:boss_|gym_|predator_)+/i, '') : bare).trim().toLowerCase();
}

/** The name from a language's tables (null: not named there, or not loaded). */
export function lookUp(tables: Tables | undefined, kind: NameKind, id: string): string | null {
  // Item names come from the item routes already in the UI's language (their `lang`): no table here.
  if (!tables || kind === 'item') return null;
  const table = tables[kind];
  // A species without its variant prefix, then a human with a name of its own under the whole id.
  const name = (table[nameKey(kind, id)] as string | undefined) ?? (kind === 'species' ? table[id.trim().toLowerCase()] : undefined);
  return name && name.trim() ? name : null;
}

/** The name to show, in the fallback order: the language's table, the English given, the
 * English table, a readable id. */
export function pickName(tables: Tables | undefined, english: Tables | undefined, kind: NameKind, id: string, given?: string | null) {
  // The dash only for an id with no letters at all: a cell is never empty.
  return lookUp(tables, kind, id) ?? (given && given.trim() ? given : null) ?? lookUp(english, kind, id) ?? (readableId(id) || '—');
}

// One copy per page: each language's tables, asked once; a failed request is asked again on the
// next render that needs it (a sign-in, a retry), never cached as empty.
const loaded = new Map<string, Tables>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function load(language: string): void {
  if (loaded.has(language) || asked.has(language)) return;
  asked.add(language);
  call('getGameNames', { params: { language } })
    .then((answer) => {
      // A 304 is answered by the browser's cache, so a body always arrives; null only if it did not.
      if (!answer) throw new Error('no tables');
      loaded.set(language, answer.data);
      version++;
      for (const fn of listeners) fn();
    })
    .catch(() => asked.delete(language));
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const snapshot = () => version;

/** `name(kind, id, englishFromApi)`: the game's name in the UI's language. The component
 * re-renders when its language's tables arrive. */
export function useGameName(): GameName {
  const { language } = useLanguage();
  useSyncExternalStore(subscribe, snapshot, snapshot);
  // English names come with the API's rows; the English tables are read only in an English UI
  // that asks for a name it was not given (an element, a work suitability).
  useEffect(() => {
    if (language !== 'en') load(language);
  }, [language]);
  // In English the API's own names come first (a host's names.json, "Human: …" for captured humans):
  // the English tables only fill what it did not give.
  const tables = language === 'en' ? undefined : loaded.get(language);
  const english = loaded.get('en');
  // The pseudo-locale has no tables: it brackets and accents the English name, as it does a
  // catalog's message, so its walk proves each name on a screen came through here.
  const pseudo = useIntl().locale === PSEUDO_LOCALE;
  return useCallback<GameName>(
    (kind, id, given) => {
      if (language === 'en' && !(given && given.trim()) && !english) queueMicrotask(() => load('en'));
      const name = pickName(tables, english, kind, id, given);
      return pseudo ? pseudoText(name) : name;
    },
    [language, tables, english, pseudo],
  );
}

/** True when the text is found in any of the names (case-folded): a filter on screen matches
 * a species by its name in the UI's language and in English. */
export function nameMatches(needle: string, ...names: (string | null | undefined)[]): boolean {
  const n = needle.trim().toLocaleLowerCase();
  return n === '' || names.some((s) => !!s && s.toLocaleLowerCase().includes(n));
}
