// A panel route's handler is checked by the type system against the answers its entry declares:
// json()'s value must fit the status's schema. These entries are checked by `tsc --noEmit` (part of
// `npm test`): a `@ts-expect-error` that no longer finds its error fails the type check, so a
// route() that stopped checking its handler fails the build, not just this file.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { route } from '../../src/http/panel/context.js';
import { json, noContent } from '../../src/http/respond.js';

const Answer = z.strictObject({ data: z.strictObject({ id: z.string(), state: z.enum(['running', 'done']) }) });

describe('a route checks its handler against its response schema', () => {
  it('accepts a body that fits and a bodyless answer where the status has no schema', async () => {
    const ok = route({
      method: 'GET',
      path: '/t',
      operationId: 't',
      summary: 't',
      responses: { 200: { description: 'OK', schema: Answer }, 204: { description: 'Nothing.' } },
      handler: () => (Math.random() > 2 ? noContent() : json(200, { data: { id: 'a', state: 'done' } })),
    });
    const res = await ok.handler({} as never);
    expect(res.status).toBe(200);
    expect(JSON.parse(String(res.body))).toEqual({ data: { id: 'a', state: 'done' } });
  });

  it('refuses, at compile time, a body of another shape', () => {
    const entries = [
      route({
        method: 'GET',
        path: '/t',
        operationId: 't',
        summary: 't',
        responses: { 200: { description: 'OK', schema: Answer } },
        // @ts-expect-error a state the schema does not have
        handler: () => json(200, { data: { id: 'a', state: 'lost' } }),
      }),
      route({
        method: 'GET',
        path: '/t',
        operationId: 't',
        summary: 't',
        responses: { 200: { description: 'OK', schema: Answer } },
        // @ts-expect-error a member missing
        handler: () => json(200, { data: { state: 'done' } }),
      }),
      route({
        method: 'GET',
        path: '/t',
        operationId: 't',
        summary: 't',
        responses: { 200: { description: 'OK', schema: Answer } },
        // @ts-expect-error no body where the route answers one
        handler: () => noContent(),
      }),
    ];
    expect(entries).toHaveLength(3);
  });
});
