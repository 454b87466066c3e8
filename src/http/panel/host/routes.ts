// The panel's host routes (issue 40): the machine's and the game process's resources, the game's
// crashes and versions, and Start. Spread into the panel route table (routes.ts).
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getGameStart, getResources, listCrashes, listGameVersions, resourceHistory, startGame } from './handlers.js';

export function hostRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('getResources', { 200: 'OK' }),
        summary: "The machine's CPU, memory, swap, load and disks, and the game process's CPU, memory and threads when visible",
        description:
          'The game process is found by SERVICE_GAME_PROCESS (its /proc comm name, or a pid file). While palpanel cannot see it, `game` is null and `gameHidden` says why: never zeros.',
        handler: getResources,
      }),
      route({
        ...operation('resourceHistory', { 200: 'OK' }),
        summary: 'The resources history: every poll for an hour, a point a minute for a day, one per ten minutes for 30 days',
        errors: { 400: '`invalid_request`: `from` not before `to`, or more steps than allowed.' },
        handler: resourceHistory,
      }),
      route({
        ...operation('listGameVersions', { 200: 'OK' }),
        summary: 'The game versions its REST API reported at each start, with the first and last day each was seen',
        handler: listGameVersions,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('listCrashes', { 200: 'OK' }),
        summary: "The game's crashes: the count, per day with the downtime, the last ten with their log tails, and whether it is down now",
        handler: listCrashes,
      }),
      route({
        ...operation('getGameStart', { 200: 'OK' }),
        summary: 'Whether a start command is configured, and its last run with its output',
        handler: getGameStart,
      }),
      route({
        ...operation('startGame', { 200: 'The start command ran: its exit code and output.' }),
        summary: 'Start a stopped game: runs SERVICE_GAME_START_COMMAND (no shell) once',
        description:
          'Refused while the game answers or its process still runs. The command runs as the off-site copy command does: without a shell, in its own process group, killed after 2 minutes; its output tail is kept (`GET /server/start`). A zero exit says the command worked, not that the game answers yet: the event log says when it does.',
        errors: {
          409: '`conflict`: the game answers (or its process runs), a start runs already, or no start command is configured (the message says which).',
        },
        handler: startGame,
      }),
    ]),
  ];
}
