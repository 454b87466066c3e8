// The Integration API's path and query parameters (spec: Endpoints, Limits), with the exact
// codes and messages they have always answered: `invalid_limit`, `invalid_cursor`, and
// `invalid_request` for `online`. The query objects are not strict: an unknown parameter is
// ignored, as it always was.
import { z } from 'zod';
import { decodeCursor, MAX_CURSOR_CHARS } from '../cursor.js';
import { withWireError } from '../routes/validate.js';
import { UID_PATTERN } from '../schemas.js';

export const PAGE_DEFAULT = 100;
export const PAGE_MAX = 500;
export const EVENTS_DEFAULT = 50;
export const EVENTS_MAX = 100;

/** `limit`: an integer from 1 to `max`, written the one canonical way (no sign, space, point
 * or leading zero), `def` when absent. */
function limit(def: number, max: number, what: string) {
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

/** `cursor`: the previous page's `nextCursor`, decoded to the key the page starts after
 * (null: the first page). */
const cursor = withWireError(
  z
    .codec(z.string().regex(/^[A-Za-z0-9_-]*$/).max(MAX_CURSOR_CHARS), z.string().nullable(), {
      decode: (raw, ctx) => {
        try {
          return decodeCursor(raw);
        } catch {
          // Reported as an issue, not thrown: a parameter before it may have failed first.
          ctx.issues.push({ code: 'custom', input: raw, message: CURSOR_INVALID });
          return z.NEVER;
        }
      },
      encode: (key) => key ?? '',
    })
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page; opaque. Empty means the first page. Otherwise `invalid_cursor`.' }),
  'invalid_cursor',
  CURSOR_INVALID,
);

const online = withWireError(
  z
    .enum(['true'])
    .optional()
    .meta({ description: 'Only `true` is allowed: only players currently online. Any other value: `invalid_request`.' }),
  'invalid_request',
  'The online parameter accepts only "true".',
);

// Members in the order the checks have always run: limit, cursor, online.
export const PlayersQuery = z.object({ limit: limit(PAGE_DEFAULT, PAGE_MAX, 'Page size'), cursor, online });
export const PalsQuery = z.object({ limit: limit(PAGE_DEFAULT, PAGE_MAX, 'Page size'), cursor });
export const EventsQuery = z.object({ limit: limit(EVENTS_DEFAULT, EVENTS_MAX, 'Number of events') });

/** Endpoints rule 2: a segment not matching the uid grammar is a 404 without any lookup. */
export const PlayerPath = z.object({
  uid: z
    .string()
    .regex(new RegExp(UID_PATTERN))
    .meta({ description: 'Player uid. A segment not matching the pattern gets 404 without a lookup.', examples: ['00000000-0000-0000-0000-000000000001'] }),
});
