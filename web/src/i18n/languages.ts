// The web UI's languages, named by BCP 47 tags (interface.md, "Language"; the list is the
// contract's, src/contract/languages.ts), each with its own name as its speakers write it (the
// language menu shows that, so a user finds theirs whatever is set).
import type { UiLanguage } from '../../../src/contract/languages';

export const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'zh-Hans', name: '简体中文' },
  { tag: 'zh-Hant', name: '繁體中文' },
  { tag: 'ja', name: '日本語' },
  { tag: 'ko', name: '한국어' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'fr', name: 'Français' },
  { tag: 'es', name: 'Español' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'ru', name: 'Русский' },
] as const satisfies readonly { tag: UiLanguage; name: string }[];

export type Language = (typeof LANGUAGES)[number]['tag'];
// Every language of the contract is named here (a compile error otherwise).
type Unnamed = Exclude<UiLanguage, Language>;
export const EVERY_LANGUAGE_NAMED: [Unnamed] extends [never] ? true : Unnamed = true;
export const DEFAULT_LANGUAGE: Language = 'en';

const TAGS = new Set<string>(LANGUAGES.map((l) => l.tag));
export const isLanguage = (x: unknown): x is Language => typeof x === 'string' && TAGS.has(x);

/** The first of the browser's languages we speak: an exact tag, then by script or region
 * (zh-CN → zh-Hans, zh-TW → zh-Hant, pt-PT → pt-BR, de-AT → de), else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const raw of preferred) {
    const tag = matchOne(raw);
    if (tag) return tag;
  }
  return DEFAULT_LANGUAGE;
}

function matchOne(raw: string): Language | null {
  let loc: Intl.Locale;
  try {
    loc = new Intl.Locale(raw).maximize();
  } catch {
    return null;
  }
  if (isLanguage(raw)) return raw;
  if (loc.language === 'zh') return loc.script === 'Hant' ? 'zh-Hant' : 'zh-Hans';
  if (loc.language === 'pt') return 'pt-BR';
  return isLanguage(loc.language) ? loc.language : null;
}
