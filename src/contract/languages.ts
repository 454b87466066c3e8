// The web UI's languages, named by BCP 47 tags (interface.md, "Language"). A user's choice is
// stored as one of these (or null: follow the browser). The web's language menu names each in
// its own words (web/src/i18n/languages.ts) from this list.
import { z } from 'zod';

export const UI_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR', 'ru'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

const TAGS = new Set<string>(UI_LANGUAGES);
export const isUiLanguage = (x: unknown): x is UiLanguage => typeof x === 'string' && TAGS.has(x);

export const UiLanguageSchema = z.enum(UI_LANGUAGES, {
  error: `must be one of the web UI's languages (${UI_LANGUAGES.join(', ')}), or null to follow the browser`,
});

export const LanguageChoiceSchema = UiLanguageSchema.nullable().meta({
  description: "The user's language for the web UI (a BCP 47 tag), or null to follow the browser's languages.",
  examples: ['ja'],
});

export const SetLanguageRequestSchema = z.strictObject({ language: LanguageChoiceSchema });
