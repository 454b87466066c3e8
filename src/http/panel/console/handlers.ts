// The handlers of the panel's console routes (the table is routes.ts).
import { userActor } from '../../../domain/actor.js';
import { fillPlaceholders } from '../../../domain/console-text.js';
import { ValidationError } from '../../../domain/errors.js';
import { encodeCursor } from '../../../contract/cursor.js';
import { json, noContent } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { ExecRequest, SaveRequest, LogQuery, SavedQuery } from '../../../contract/panel/console.js';

export const exec = (async ({ service, players, deps, body, user }) => {
  if ((body.command === undefined) === (body.savedId === undefined))
    throw new ValidationError('Give exactly one of "command" and "savedId".');
  let command = body.command ?? deps.store.console.savedById(body.savedId!).command;
  if (body.player !== undefined) {
    const filled = fillPlaceholders(command, players.placeholders(body.player));
    if (filled.missing.length)
      throw new ValidationError(
        `This player has no value for ${filled.missing.join(', ')} yet (palpanel learns the platform id when it sees them online).`,
      );
    command = filled.command;
  } else if (/\{(userId|playerId|name)\}/.test(command)) {
    throw new ValidationError('The command has placeholders: choose a "player" to fill them.');
  }
  const confirmed = body.confirm === true;
  return json(200, { data: await service.exec(command, userActor(user.username), { confirmed }) });
}) satisfies PanelHandler<{ body: typeof ExecRequest }, 'console'>;

export const log = (({ deps, query }) => {
  const before = query.cursor === null || query.cursor === undefined ? null : Number(query.cursor);
  if (before !== null && !(Number.isSafeInteger(before) && before > 0))
    throw new ValidationError('The cursor is not valid.', 'invalid_cursor');
  const rows = deps.store.console.page(query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  return json(200, { data: page, nextCursor: rows.length > query.limit ? encodeCursor(String(page[page.length - 1].id)) : null });
}) satisfies PanelHandler<{ query: typeof LogQuery }>;

export const listSaved = (({ deps }) => json(200, { data: deps.store.console.saved() })) satisfies PanelHandler;

export const save = (({ deps, body, user }) => {
  const { saved, replaced } = deps.store.console.save(body.name, body.command, userActor(user.username));
  return json(replaced ? 200 : 201, { data: saved });
}) satisfies PanelHandler<{ body: typeof SaveRequest }>;

export const unsave = (({ deps, query, user }) => {
  deps.store.console.unsave(query.id, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ query: typeof SavedQuery }>;
