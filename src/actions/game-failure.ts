// One translation of a failed game call into the domain errors the HTTP layer maps, and the
// audit of the attempt, for every admin action that goes through the game's REST API (server
// controls, moderation). The game's own text is never echoed: the words come from
// game/errors.ts `gameFailureWords`.
import { GameError, GameRequestRejectedError, gameFailureWords, InvalidGameCommandError } from '../game/errors.js';
import type { RefusalReason } from '../domain/audit.js';
import { ConflictError, GameUnavailableError, ValidationError, type DomainError } from '../domain/errors.js';
import type { AuditEntry } from '../store/audit.js';
import type { Store } from '../store/index.js';

/** The domain error for a failed game call, and the refusal reason its audit row carries (null:
 * bad input the client library refused before asking the game, which is no attempted change). */
export function gameFailure(err: unknown, what: string): { error: DomainError; reason: RefusalReason | null } {
  if (err instanceof InvalidGameCommandError) return { error: new ValidationError(err.message), reason: null };
  if (err instanceof GameRequestRejectedError) {
    return { error: new ConflictError('conflict', `The game server refused the ${what} (HTTP ${err.status}).`), reason: 'game_refused' };
  }
  if (err instanceof GameError) {
    return {
      error: new GameUnavailableError(`The game server did not do the ${what}: ${gameFailureWords(err)}.`),
      reason: 'game_unavailable',
    };
  }
  throw err;
}

/** Runs a game call. A failure is audited as refused (with `entry`) and thrown as its domain
 * error; success is left to the caller to record, with whatever it stores (a ban row). */
export async function attempt<T>(store: Store, entry: AuditEntry, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const { error, reason } = gameFailure(err, what);
    if (reason) store.audit.note(entry, reason);
    throw error;
  }
}
