// The handler of the panel's game-names route (the table is routes.ts): one language's tables as
// one answer, made once per language and process, with an ETag from its bytes, so a browser asks
// again with If-None-Match and gets a bodyless 304 until palpanel is upgraded.
import { NotFoundError } from '../../../domain/errors.js';
import { NAME_LANGUAGES, namesIn } from '../../../save/world/game-names.js';
import { isNameLanguage, type NameLanguage, type NamesPath } from '../../../contract/panel/names.js';
import { etagMatches, json, represent } from '../../respond.js';
import type { PanelHandler } from '../context.js';

// Revalidated on every use (the path does not change with a new build), answered 304 when unchanged.
const CACHE = 'private, no-cache';

type Answer = { data: { language: NameLanguage } & ReturnType<typeof namesIn> };
const made = new Map<NameLanguage, { value: Answer; etag: string }>();

function answerFor(language: NameLanguage): { value: Answer; etag: string } {
  let a = made.get(language);
  if (!a) {
    const value: Answer = { data: { language, ...namesIn(language) } };
    a = { value, etag: represent(value).etag };
    made.set(language, a);
  }
  return a;
}

export const getGameNames = (({ req, params }) => {
  if (!isNameLanguage(params.language)) {
    throw new NotFoundError(`No name tables in "${params.language}": the languages are ${NAME_LANGUAGES.join(', ')}.`);
  }
  const { value, etag } = answerFor(params.language);
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && etagMatches(inm, etag)) {
    return { status: 304, headers: { 'cache-control': CACHE, etag } };
  }
  return json(200, value, { 'cache-control': CACHE, etag });
}) satisfies PanelHandler<{ params: typeof NamesPath }>;
