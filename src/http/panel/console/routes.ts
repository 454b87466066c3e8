// The panel's console routes (spec: Console; issue 13), admin only: a command through RCON, the
// log of commands and replies, and saved commands with placeholders ({userId}, {playerId},
// {name}) filled from a chosen player at run time. The spec's `DELETE /api/v1/console/saved`
// names no id in its path, so the id comes as the `id` query parameter.
import { z } from 'zod';
import { route, adminOnly, type PanelRoute } from '../context.js';
import { exec, log, listSaved, save, unsave } from './handlers.js';
import { ExecRequest, LogEntry, Saved, SaveRequest, LogQuery, SavedQuery } from '../../../contract/panel/console.js';

export function consoleRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        method: 'POST',
        path: '/console/exec',
        operationId: 'consoleExec',
        needs: 'console',
        summary: 'Run one command through RCON (one at a time, with a deadline); logged and audited with passwords masked',
        request: { body: ExecRequest },
        responses: { 200: { description: 'The reply as the game sent it.', schema: z.strictObject({ data: LogEntry }) } },
        errors: {
          503: '`game_unavailable`: RCON refused the password or did not answer (the message says which).',
          409: '`conflict`: the command stops or restarts the server, kicks or bans everyone, or deletes something, and `confirm` is not `true`; nothing was sent.',
        },
        handler: exec,
      }),
      route({
        method: 'GET',
        path: '/console/log',
        operationId: 'consoleLog',
        summary: 'Commands and replies, newest first (the latest 10,000)',
        request: { query: LogQuery },
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(LogEntry), nextCursor: z.string().nullable() }) } },
        handler: log,
      }),
      route({
        method: 'GET',
        path: '/console/saved',
        operationId: 'listSavedCommands',
        summary: 'Saved commands',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(Saved) }) } },
        handler: listSaved,
      }),
      route({
        method: 'POST',
        path: '/console/saved',
        operationId: 'saveCommand',
        summary: 'Save a command under a name (at most 200); a name already saved gets the new command',
        request: { body: SaveRequest },
        responses: {
          200: {
            description: 'A command of that name (case aside) was saved: it now runs this command and keeps its id.',
            schema: z.strictObject({ data: Saved }),
          },
          201: { description: 'Saved.', schema: z.strictObject({ data: Saved }) },
        },
        errors: { 409: '`conflict`: 200 saved commands exist.' },
        handler: save,
      }),
      route({
        method: 'DELETE',
        path: '/console/saved',
        operationId: 'removeSavedCommand',
        summary: 'Remove a saved command; the spec names no id in the path, so it is the `id` query parameter',
        request: { query: SavedQuery },
        responses: { 204: { description: 'Removed.' } },
        errors: { 404: '`not_found`: no saved command has that id.' },
        handler: unsave,
      }),
    ]),
  ];
}
