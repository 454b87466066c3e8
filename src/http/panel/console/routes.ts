import { route, adminOnly, moderators, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { exec, log, listSaved, save, unsave } from './handlers.js';

export function consoleRoutes(): PanelRoute[] {
  return [
    ...moderators([
      route({
        ...operation('consoleLog', { 200: 'OK' }),
        summary: 'Commands and replies, newest first (the latest 10,000)',
        handler: log,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('consoleExec', { 200: 'The reply as the game sent it.' }),
        needs: 'console',
        summary: 'Run one command through RCON (one at a time, with a deadline); logged and audited with passwords masked',
        errors: {
          503: '`game_unavailable`: RCON refused the password or did not answer (the message says which).',
          409: '`conflict`: the command stops or restarts the server, kicks or bans everyone, or deletes something, and `confirm` is not `true`; nothing was sent.',
        },
        handler: exec,
      }),
      route({
        ...operation('listSavedCommands', { 200: 'OK' }),
        summary: 'Saved commands',
        handler: listSaved,
      }),
      route({
        ...operation('saveCommand', {
          200: 'A command of that name (case aside) was saved: it now runs this command and keeps its id.',
          201: 'Saved.',
        }),
        summary: 'Save a command under a name (at most 200); a name already saved gets the new command',
        errors: { 409: '`conflict`: 200 saved commands exist.' },
        handler: save,
      }),
      route({
        ...operation('removeSavedCommand', { 204: 'Removed.' }),
        summary: 'Remove a saved command; the spec names no id in the path, so it is the `id` query parameter',
        errors: { 404: '`not_found`: no saved command has that id.' },
        handler: unsave,
      }),
    ]),
  ];
}
