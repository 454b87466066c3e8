// Query parameters every paginated list takes (spec: Limits, Keyset pagination), with the exact
// codes and messages they answer on any surface: `invalid_limit`, `invalid_cursor`.
import { z } from 'zod';
import { cursorKey, MAX_CURSOR_CHARS } from './cursor.js';
import { withWireError } from './wire-errors.js';

/** `limit`: an integer from 1 to `max`, written the one canonical way (no sign, space, point
 * or leading zero), `def` when absent. `what` opens its description ("Page size"). */
export function limitParam(def: number, max: number, what: string) {
  return withWireError(
    z
      .int()
      .min(1)
      .max(max)
      .default(def)
      .meta({
        description: `${what}, ${def} when absent. Written as a plain decimal integer (no sign, space, point or leading zero); anything else or out of range: \`invalid_limit\`.`,
      }),
    'invalid_limit',
    `The limit must be an integer from 1 to ${max}.`,
  );
}

const CURSOR_INVALID = 'The cursor is not valid.';

/** `cursor`: the previous page's `nextCursor`, decoded to the key the page starts after (null
 * for the first page, absent or empty). */
export const cursorParam = withWireError(
  z
    .codec(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]*$/)
        .max(MAX_CURSOR_CHARS),
      z.string().nullable(),
      {
        decode: (raw, ctx) => {
          try {
            return cursorKey(raw);
          } catch {
            // Reported as an issue, not thrown: a parameter before it may have failed first,
            // and the first failure in the schema's order is the one answered.
            ctx.issues.push({ code: 'custom', input: raw, message: CURSOR_INVALID });
            return z.NEVER;
          }
        },
        encode: (key) => key ?? '',
      },
    )
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page; opaque. Empty means the first page. Otherwise `invalid_cursor`.' }),
  'invalid_cursor',
  CURSOR_INVALID,
);
