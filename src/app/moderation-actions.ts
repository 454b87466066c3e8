// The panel's moderation port (ModerationActions) over the game's REST client: game failures become the domain
// errors the HTTP layer maps (503 `game_unavailable`, 409 when the game refused), with messages
// that never echo what the game sent.
import { GameError, GameRequestRejectedError, GameUnauthorizedError, InvalidGameCommandError } from '../game/errors.js';
import type { GameRestClient } from '../game/rest-client.js';
import type { ModerationActions } from '../http/deps.js';
import { ConflictError, GameUnavailableError, ValidationError } from '../lib/errors.js';

async function guarded(action: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (err instanceof InvalidGameCommandError) throw new ValidationError(err.message);
    if (err instanceof GameUnauthorizedError) throw new GameUnavailableError('The game server refused the admin password palpanel holds.');
    if (err instanceof GameRequestRejectedError) throw new ConflictError('conflict', `The game server refused the ${action} (HTTP ${err.status}).`);
    if (err instanceof GameError) throw new GameUnavailableError(`The game server did not answer the ${action}; try again when it is reachable.`);
    throw err;
  }
}

export function moderationActions(client: Pick<GameRestClient, 'kick' | 'ban' | 'unban' | 'announce'>): ModerationActions {
  return {
    kick: (userId, reason) => guarded('kick', () => client.kick(userId, reason)),
    ban: (userId, reason) => guarded('ban', () => client.ban(userId, reason)),
    unban: (userId) => guarded('unban', () => client.unban(userId)),
    announce: (message) => guarded('announcement', () => client.announce(message)),
  };
}
