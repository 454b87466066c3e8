// The languages palpanel speaks, by BCP 47 tag (interface.md, "Language"): the web UI's, and the
// game's chat (SERVICE_GAME_LANGUAGE).
export const LANGUAGE_TAGS = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR', 'ru'] as const;
export type LanguageTag = (typeof LANGUAGE_TAGS)[number];
