// Keyset cursors (spec: Limits, Keyset pagination): opaque to clients, versioned inside.
// A cursor is base64url (no padding) of `1:<key>`, where <key> is the last row's ordering key.
// Part of the wire contract (the `cursor` parameter decodes with it); it knows no HTTP: a cursor
// that is not valid throws InvalidCursor, which http/cursor.ts answers as `invalid_cursor`.

const VERSION_PREFIX = '1:';
export const MAX_CURSOR_CHARS = 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function encodeCursor(key: string): string {
  return Buffer.from(VERSION_PREFIX + key, 'utf8').toString('base64url');
}

export class InvalidCursor extends Error {
  constructor() {
    super('The cursor is not valid.');
  }
}

function invalid(): InvalidCursor {
  return new InvalidCursor();
}

/** The key after which the page starts; null for the first page (absent or empty cursor). */
export function cursorKey(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  const bytes = Buffer.from(raw, 'base64url');
  // Only the canonical encoding is accepted: trailing bits or a stray length decode to
  // something else and re-encode differently.
  if (bytes.toString('base64url') !== raw) throw invalid();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalid();
  }
  if (!text.startsWith(VERSION_PREFIX)) throw invalid();
  const key = text.slice(VERSION_PREFIX.length);
  // eslint-disable-next-line no-control-regex
  if (key === '' || /[\u0000-\u001f\u007f]/.test(key)) throw invalid();
  return key;
}
