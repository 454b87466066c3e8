// The panel's world and map routes (issue 11), and the world summary and base workers that a
// key holder gets on the Integration API (a viewer sees all a key holder sees; issue 28, finding 7). Spread into the panel route table (routes.ts).
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { getWorld, getWorldSummary, getWorldWorkers, parseWorld } from './handlers.js';
import { getMapDataset, getWorldSnapshot } from './map-handlers.js';
import {
  PanelMapDatasetEnvelopeSchema,
  PanelWorldSummaryEnvelopeSchema,
  PanelWorldWorkersEnvelopeSchema,
  ParseRunEnvelopeSchema,
  WorldSnapshotEnvelopeSchema,
  WorldStatusEnvelopeSchema,
} from '../../../contract/panel/world.js';

export function worldRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/world',
        operationId: 'getWorld',
        summary: 'The last parse of the save: when, how long, sizes, format, drift in words; the next check',
        responses: { 200: { description: 'OK', schema: WorldStatusEnvelopeSchema } },
        handler: getWorld,
      }),
      route({
        method: 'GET',
        path: '/world/snapshot',
        operationId: 'getWorldSnapshot',
        summary:
          'The live game-data snapshot for the live map: players, pals in parties and at bases, NPCs, PalBoxes, with names, guilds and positions',
        responses: { 200: { description: 'OK', schema: WorldSnapshotEnvelopeSchema } },
        handler: getWorldSnapshot,
      }),
      route({
        method: 'GET',
        path: '/world/summary',
        operationId: 'panelWorldSummary',
        summary: "The live world summary (counts and activities), as the Integration API's /world/summary serves it",
        responses: { 200: { description: 'OK', schema: PanelWorldSummaryEnvelopeSchema } },
        handler: getWorldSummary,
      }),
      route({
        method: 'GET',
        path: '/world/workers',
        operationId: 'panelWorldWorkers',
        summary: "The save-linked base workers with their live state, as the Integration API's /world/workers serves them",
        responses: { 200: { description: 'OK', schema: PanelWorldWorkersEnvelopeSchema } },
        handler: getWorldWorkers,
      }),
      route({
        method: 'GET',
        path: '/map/dataset',
        operationId: 'getMapDataset',
        summary: 'The map dataset with two point layers: bases from the save, players at their live positions, in map coordinates',
        responses: { 200: { description: 'OK', schema: PanelMapDatasetEnvelopeSchema } },
        handler: getMapDataset,
      }),
    ]),
    ...adminOnly([
      route({
        method: 'POST',
        path: '/world/parse',
        operationId: 'parseWorld',
        needs: 'world',
        summary: 'Parse the save now (one parse at a time)',
        description:
          'Answers when the parse has finished. A parse that fails answers `ok: false` with its reason; the last good world stays served.',
        responses: { 200: { description: 'The parse finished.', schema: ParseRunEnvelopeSchema } },
        errors: { 409: '`conflict`: a parse is running already, or no Level.sav is there to parse.' },
        handler: parseWorld,
      }),
    ]),
  ];
}
