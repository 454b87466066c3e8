// A language's messages, loaded when that language is first used: each catalog file
// (catalogs/<area>/<language>.json) is its own chunk, so a page carries only its language's words.
// Areas are kept apart so each part of the UI owns its file; ids start with the area's name.
import type { Language } from './languages';

type Messages = Record<string, string>;

const FILES = import.meta.glob<Messages>('./catalogs/*/*.json', { import: 'default' });

export async function loadCatalog(language: Language): Promise<Messages> {
  const mine = Object.entries(FILES).filter(([path]) => path.endsWith(`/${language}.json`));
  const parts = await Promise.all(mine.map(([, load]) => load()));
  return Object.assign({}, ...parts) as Messages;
}
