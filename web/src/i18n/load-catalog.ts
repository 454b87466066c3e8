// A language's messages, loaded when that language is first used, in two chunks built by
// web/build/catalogs-plugin.ts from every area's file (catalogs/<area>/<language>.json): `first`,
// what the sign-in page and the shell say, and `rest`, every screen's words, asked for once signed
// in. English is under each for any id the language lacks; messages come precompiled, so the page
// carries no ICU parser.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import catalogs from 'virtual:catalogs';
import type { Language } from './languages';
import type { PSEUDO_LOCALE } from './pseudo';

export type Messages = Record<string, MessageFormatElement[]>;
export type Locale = Language | typeof PSEUDO_LOCALE;

export async function loadCatalog(locale: Locale, all: boolean): Promise<Messages> {
  const parts = await Promise.all(all ? [catalogs[locale].first(), catalogs[locale].rest()] : [catalogs[locale].first()]);
  return Object.assign({}, ...parts.map((p) => p.default)) as Messages;
}
