// A language's messages, loaded when that language is first used: one chunk per language, built by
// web/build/catalogs-plugin.ts from every area's file (catalogs/<area>/<language>.json), English
// under it for any id the language lacks, precompiled so the page carries no ICU parser.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import catalogs from 'virtual:catalogs';
import type { Language } from './languages';
import type { PSEUDO_LOCALE } from './pseudo';

export type Messages = Record<string, MessageFormatElement[]>;

export async function loadCatalog(language: Language | typeof PSEUDO_LOCALE): Promise<Messages> {
  return (await catalogs[language]()).default;
}
