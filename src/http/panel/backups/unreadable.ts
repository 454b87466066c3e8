// A restore dry-run that could not read a side (the game saving the world in place, a Level.sav
// that does not parse) answers 503 `unavailable` with Retry-After and the words, never a diff
// (issue 37, finding 12; interface.md: Bounds, 503 `unavailable` with Retry-After).
import { RETRY_AFTER_S, SideUnreadableError } from '../../../backups/world-in-place.js';
import { HttpError } from '../../errors.js';

export async function unreadableSaid<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof SideUnreadableError) throw new HttpError(503, 'unavailable', err.message, { 'retry-after': String(RETRY_AFTER_S) });
    throw err;
  }
}
