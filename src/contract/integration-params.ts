// The Integration API's path and query parameters (spec: Endpoints, Limits), with the exact
// codes and messages they have always answered: `invalid_limit`, `invalid_cursor`, and
// `invalid_request` for `online`. The query objects are not strict: an unknown parameter is
// ignored, as it always was.
import { z } from 'zod';
import { cursorParam, limitParam } from './page-params.js';
import { withWireError } from './wire-errors.js';
import { UID_PATTERN } from './integration-rows.js';

const PAGE_DEFAULT = 100;
const PAGE_MAX = 500;
const EVENTS_DEFAULT = 50;
const EVENTS_MAX = 100;

const online = withWireError(
  z
    .enum(['true'])
    .optional()
    .meta({ description: 'Only `true` is allowed: only players currently online. Any other value: `invalid_request`.' }),
  'invalid_request',
  'The online parameter accepts only "true".',
);

// Members in the order the checks have always run: limit, cursor, online.
export const PlayersQuery = z.object({ limit: limitParam(PAGE_DEFAULT, PAGE_MAX, 'Page size'), cursor: cursorParam, online });
export const PalsQuery = z.object({ limit: limitParam(PAGE_DEFAULT, PAGE_MAX, 'Page size'), cursor: cursorParam });
export const EventsQuery = z.object({ limit: limitParam(EVENTS_DEFAULT, EVENTS_MAX, 'Number of events') });

/** Endpoints rule 2: a segment not matching the uid grammar is a 404 without any lookup. */
export const PlayerPath = z.object({
  uid: z
    .string()
    .regex(new RegExp(UID_PATTERN))
    .meta({
      description: 'Player uid. A segment not matching the pattern gets 404 without a lookup.',
      examples: ['00000000-0000-0000-0000-000000000001'],
    }),
});
