// Keyset cursors on the HTTP surfaces: the grammar is the contract's (contract/cursor.ts); a
// cursor that is not valid answers 400 `invalid_cursor`.
import { cursorKey } from '../contract/cursor.js';
import { HttpError } from './errors.js';

/** The key after which the page starts; null for the first page (absent or empty cursor). */
export function decodeCursor(raw: string | undefined): string | null {
  try {
    return cursorKey(raw);
  } catch {
    throw new HttpError(400, 'invalid_cursor', 'The cursor is not valid.');
  }
}
