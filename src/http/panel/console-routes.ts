// The panel's console routes (spec: Console; issue 13), admin only: a command through RCON, the
// log of commands and replies, and saved commands with placeholders ({userId}, {playerId},
// {name}) filled from a chosen player at run time. The spec's `DELETE /api/v1/console/saved`
// names no id in its path, so the id comes as the `id` query parameter.
import { z } from 'zod';
import { userActor } from '../../lib/actor.js';
import { fillPlaceholders } from '../../lib/console-text.js';
import { GameUnavailableError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { playerIdOfSaveUid } from '../../lib/player-id.js';
import { encodeCursor } from '../cursor.js';
import type { HttpDeps } from '../deps.js';
import type { ConsolePort } from '../../actions/console-port.js';
import { json, noContent } from '../respond.js';
import { cursorParam, limitParam } from '../routes/page-params.js';
import { Timestamp } from '../../rows/schemas.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';

const Command = z.string().min(1).max(4000).meta({ description: 'One line; `{userId}`, `{playerId}` and `{name}` are filled from `player`.', examples: ['ShowPlayers'] });
const ExecRequest = z
  .strictObject({
    command: Command.optional(),
    savedId: z.string().regex(/^[0-9a-f]{8}$/).optional().meta({ description: 'Run a saved command instead of `command`.' }),
    player: z.string().regex(/^[0-9a-fA-F-]{1,36}$/).optional().meta({ description: "A player's save uid: fills the placeholders." }),
  })
  .meta({ description: 'Exactly one of `command` and `savedId`.' });
const LogEntry = z.strictObject({ id: z.int(), at: Timestamp, actor: z.string(), command: z.string(), outcome: z.enum(['ok', 'truncated', 'failed']), reply: z.string() });
const Saved = z.strictObject({ id: z.string(), name: z.string(), command: z.string(), createdAt: Timestamp, createdBy: z.string() });
const SaveRequest = z.strictObject({ name: z.string().min(1).max(64), command: Command });
const LogQuery = z.strictObject({ limit: limitParam(50, 500, 'Page size'), cursor: cursorParam });
const SavedQuery = z.strictObject({ id: z.string().regex(/^[0-9a-f]{8}$/).meta({ description: 'The saved command to remove.', examples: ['0a1b2c3d'] }) });

function consoleOf(deps: HttpDeps): ConsolePort {
  if (!deps.console) throw new GameUnavailableError('RCON is not configured: set SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD.');
  return deps.console;
}

const exec: PanelHandler<{ body: typeof ExecRequest }> = async ({ deps, body, user }) => {
  if ((body.command === undefined) === (body.savedId === undefined)) throw new ValidationError('Give exactly one of "command" and "savedId".');
  let command = body.command ?? deps.store.console.savedById(body.savedId!).command;
  if (body.player !== undefined) {
    const saved = deps.store.world.player(body.player);
    if (!saved) throw new NotFoundError('No player has that uid.');
    const key = body.player.replace(/-/g, '').toUpperCase();
    const filled = fillPlaceholders(command, { userId: deps.store.moderation.account(key)?.userId, playerId: playerIdOfSaveUid(saved.uid), name: saved.name });
    if (filled.missing.length) throw new ValidationError(`This player has no value for ${filled.missing.join(', ')} yet (palpanel learns the platform id when it sees them online).`);
    command = filled.command;
  } else if (/\{(userId|playerId|name)\}/.test(command)) {
    throw new ValidationError('The command has placeholders: choose a "player" to fill them.');
  }
  return json(200, { data: await consoleOf(deps).exec(command, userActor(user.username)) });
};

const log: PanelHandler<{ query: typeof LogQuery }> = ({ deps, query }) => {
  const before = query.cursor === null || query.cursor === undefined ? null : Number(query.cursor);
  if (before !== null && !(Number.isSafeInteger(before) && before > 0)) throw new ValidationError('The cursor is not valid.', 'invalid_cursor');
  const rows = deps.store.console.page(query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  return json(200, { data: page, nextCursor: rows.length > query.limit ? encodeCursor(String(page[page.length - 1].id)) : null });
};

const listSaved: PanelHandler = ({ deps }) => json(200, { data: deps.store.console.saved() });
const save: PanelHandler<{ body: typeof SaveRequest }> = ({ deps, body, user }) => {
  const { saved, replaced } = deps.store.console.save(body.name, body.command, userActor(user.username));
  return json(replaced ? 200 : 201, { data: saved });
};
const unsave: PanelHandler<{ query: typeof SavedQuery }> = ({ deps, query, user }) => {
  deps.store.console.unsave(query.id, userActor(user.username));
  return noContent();
};

export function consoleRoutes(): PanelRoute[] {
  return [
    route({
      method: 'POST',
      path: '/console/exec',
      auth: 'session',
      role: 'admin',
      operationId: 'consoleExec',
      summary: 'Run one command through RCON (one at a time, with a deadline); logged and audited with passwords masked',
      request: { body: ExecRequest },
      responses: { 200: { description: 'The reply as the game sent it.', schema: z.strictObject({ data: LogEntry }) } },
      errors: { 503: '`game_unavailable`: RCON is not configured, refused the password, or did not answer (the message says which).' },
      handler: exec,
    }),
    route({ method: 'GET', path: '/console/log', auth: 'session', role: 'admin', operationId: 'consoleLog', summary: 'Commands and replies, newest first (the latest 10,000)', request: { query: LogQuery }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(LogEntry), nextCursor: z.string().nullable() }) } }, handler: log }),
    route({ method: 'GET', path: '/console/saved', auth: 'session', role: 'admin', operationId: 'listSavedCommands', summary: 'Saved commands', responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(Saved) }) } }, handler: listSaved }),
    route({ method: 'POST', path: '/console/saved', auth: 'session', role: 'admin', operationId: 'saveCommand', summary: 'Save a command under a name (at most 200); a name already saved gets the new command', request: { body: SaveRequest }, responses: { 200: { description: 'A command of that name (case aside) was saved: it now runs this command and keeps its id.', schema: z.strictObject({ data: Saved }) }, 201: { description: 'Saved.', schema: z.strictObject({ data: Saved }) } }, errors: { 409: '`conflict`: 200 saved commands exist.' }, handler: save }),
    route({
      method: 'DELETE',
      path: '/console/saved',
      auth: 'session',
      role: 'admin',
      operationId: 'removeSavedCommand',
      summary: 'Remove a saved command; the spec names no id in the path, so it is the `id` query parameter',
      request: { query: SavedQuery },
      responses: { 204: { description: 'Removed.' } },
      errors: { 404: '`not_found`: no saved command has that id.' },
      handler: unsave,
    }),
  ];
}
