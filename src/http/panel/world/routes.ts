// The panel's world and map routes (issue 11), and the world summary and base workers that a
// key holder gets on the Integration API (a viewer sees all a key holder sees; issue 28, finding 7). Spread into the panel route table (routes.ts).
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getWorld, getWorldSummary, getWorldWorkers, parseWorld } from './handlers.js';
import { getMapDataset, getWorldSnapshot } from './map-handlers.js';

export function worldRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('getWorld', { 200: 'OK' }),
        summary: 'The last parse of the save: when, how long, sizes, format, drift in words; the next check',
        handler: getWorld,
      }),
      route({
        ...operation('getWorldSnapshot', { 200: 'OK' }),
        summary:
          'The live game-data snapshot for the live map: players, pals in parties and at bases, NPCs, PalBoxes, with names, guilds and positions',
        handler: getWorldSnapshot,
      }),
      route({
        ...operation('panelWorldSummary', { 200: 'OK' }),
        summary: "The live world summary (counts and activities), as the Integration API's /world/summary serves it",
        handler: getWorldSummary,
      }),
      route({
        ...operation('panelWorldWorkers', { 200: 'OK' }),
        summary: "The save-linked base workers with their live state, as the Integration API's /world/workers serves them",
        handler: getWorldWorkers,
      }),
      route({
        ...operation('getMapDataset', { 200: 'OK' }),
        summary: 'The map dataset with two point layers: bases from the save, players at their live positions, in map coordinates',
        handler: getMapDataset,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('parseWorld', { 200: 'The parse finished.' }),
        needs: 'world',
        summary: 'Parse the save now (one parse at a time)',
        description:
          'Answers when the parse has finished. A parse that fails answers `ok: false` with its reason; the last good world stays served.',
        errors: { 409: '`conflict`: a parse is running already, or no Level.sav is there to parse.' },
        handler: parseWorld,
      }),
    ]),
  ];
}
