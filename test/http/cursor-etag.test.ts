// Cursors and entity tags rule by rule (http/cursor.ts, contract/page-params.ts,
// http/respond.ts): the routes' use of them is in conformance, edges and pagination-walk; these
// were written for the mutants Stryker found surviving there.
import { describe, expect, it } from 'vitest';
import { decodeCursor } from '../../src/http/cursor.js';
import { encodeCursor, MAX_CURSOR_CHARS } from '../../src/contract/cursor.js';
import { HttpError } from '../../src/http/errors.js';
import { etagMatches, ifMatchAccepts, noContent } from '../../src/http/respond.js';
import { cursorParam } from '../../src/contract/page-params.js';

const refused = (raw: string) => {
  try {
    decodeCursor(raw);
  } catch (err) {
    return err instanceof HttpError ? `${err.status} ${err.code}: ${err.message}` : String(err);
  }
  return 'accepted';
};

describe('cursors', () => {
  it('round-trips a key, up to the longest cursor accepted, and not one byte more', () => {
    // 768 bytes are exactly 1,024 base64url characters: "1:" and a 766-character key.
    const longest = encodeCursor('k'.repeat(766));
    expect(longest).toHaveLength(MAX_CURSOR_CHARS);
    expect(decodeCursor(longest)).toBe('k'.repeat(766));
    expect(refused(encodeCursor('k'.repeat(1500)))).toBe('400 invalid_cursor: The cursor is not valid.');
    expect(decodeCursor(encodeCursor('Zürich|2026'))).toBe('Zürich|2026');
  });

  it('a well-formed string that is no cursor of ours is a 400 at the query parameter, not a first page', () => {
    const bad = cursorParam.safeParse('AAAA');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['The cursor is not valid.']);
    expect(cursorParam.safeParse(encodeCursor('x')).data).toBe('x');
  });
});

describe('entity tags', () => {
  it('If-None-Match compares weakly, a strong tag too', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
  });

  it('If-Match: *, or a list naming the strong tag; never a weak one', () => {
    expect(ifMatchAccepts('*', '"v1"')).toBe(true);
    expect(ifMatchAccepts('"v0", "v1"', '"v1"')).toBe(true);
    expect(ifMatchAccepts(' "v1" ', '"v1"')).toBe(true);
    expect(ifMatchAccepts('"v0"', '"v1"')).toBe(false);
    expect(ifMatchAccepts('W/"v1"', '"v1"')).toBe(false);
  });

  it('a 204 is never cached, whatever else it carries', () => {
    expect(noContent({ etag: '"v2"' })).toEqual({ status: 204, headers: { 'cache-control': 'no-store', etag: '"v2"' } });
  });
});
