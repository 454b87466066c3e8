// The envelopes every answer is wrapped in (spec: Envelope): `{ data }` for one resource or a
// list, with any members the surface puts beside it (the Integration API's save members, a
// total), and a page `{ data: [items], …, nextCursor }` that a client walks until the cursor is
// null. Each call makes a new schema, as the inline objects they replace did: a route's answer
// without a component name is named after its operation in the OpenAPI document.
import { z } from 'zod';

/** `{ data, ...more }`, strict: no member beyond these. */
export function dataOf<S extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(data: S, more?: M) {
  return z.strictObject({ data, ...(more as M) });
}

/** `{ data: [item], ...more, nextCursor }`, strict; the cursor is `string | null` unless given
 * (the Integration API's carries its description). */
export function pageOf<
  S extends z.ZodType,
  M extends z.ZodRawShape = Record<never, never>,
  C extends z.ZodType<string | null> = z.ZodNullable<z.ZodString>,
>(item: S, more?: M, cursor?: C) {
  return z.strictObject({ data: z.array(item), ...(more as M), nextCursor: (cursor ?? z.string().nullable()) as C });
}
