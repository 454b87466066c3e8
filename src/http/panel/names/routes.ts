// The panel's game names: the tables of one of the web UI's languages, read by any signed-in user
// (the UI loads its language's once and names species, skills, elements and work with them).
import { route, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getGameNames } from './handlers.js';

export function nameRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('getGameNames', {
          200: { description: "The language's tables; the ETag changes only with palpanel's version.", headers: ['ETag'] },
          304: { description: 'The tables match `If-None-Match`; no body.', headers: ['ETag'] },
        }),
        summary: "The game's names of species, skills, elements and work suitability in one language",
        errors: { 404: '`not_found`: the tables do not come in that language (the message lists those they do).' },
        handler: getGameNames,
      }),
    ]),
  ];
}
