// Request validation from route schemas (routes/validate.ts, routes/issues.ts) and the checks a
// route table makes when it is built (routes/table.ts).
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/errors.js';
import { routeFactory, type RequestSchemas } from '../../src/http/routes/route.js';
import { RouteTable } from '../../src/http/routes/table.js';
import { validateBody, validateParams, validateQuery, withWireError } from '../../src/http/routes/validate.js';
import { toHttpRequest } from '../helpers/fixture.js';

const route = routeFactory<object, null>();
const make = (request: RequestSchemas) =>
  route({ method: 'POST', path: '/x', auth: 'none', operationId: 'x', summary: 'x', request, responses: {}, handler: () => null });

/** The HttpError a call throws, as status, code and message. */
function refusal(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

const body = (r: ReturnType<typeof make>, text: string | undefined) =>
  validateBody(r, toHttpRequest({ method: 'POST', path: '/x', body: text }));

describe('body validation', () => {
  const r = make({
    body: z.strictObject({
      name: z.string().min(1).max(8),
      count: z.int().min(1),
      mode: z.enum(['fast', 'slow']).default('fast'),
      confirm: z.literal('RESTORE').optional(),
      tags: z.array(z.string()).max(2).optional(),
      nested: z.strictObject({ on: z.boolean() }).optional(),
      note: z
        .string()
        .refine((s) => !s.includes('!'), 'The note may not shout.')
        .optional(),
    }),
  });

  it('hands over the parsed value, defaults filled in', () => {
    expect(body(r, '{"name":"a","count":2}')).toEqual({ name: 'a', count: 2, mode: 'fast' });
  });

  it.each([
    ['{"name":"a","count":2,"extra":1}', 'The body has an unknown member "extra".'],
    ['{"name":"a","count":2,"x":1,"y":2}', 'The body has unknown members "x", "y".'],
    ['{"nme":"a","count":2}', 'The body has an unknown member "nme". The member "name" is required.'],
    ['{"name":1,"count":2}', 'The member "name" must be a string.'],
    ['{"name":"","count":2}', 'The member "name" must be at least 1 characters long.'],
    ['{"name":"123456789","count":2}', 'The member "name" must be at most 8 characters long.'],
    ['{"name":"a","count":1.5}', 'The member "count" must be an integer.'],
    ['{"name":"a","count":"2"}', 'The member "count" must be an integer.'],
    ['{"name":"a","count":0}', 'The member "count" must be at least 1.'],
    ['{"name":"a","count":2,"mode":"slowly"}', 'The member "mode" must be one of "fast", "slow".'],
    ['{"name":"a","count":2,"confirm":"restore"}', 'The member "confirm" must be "RESTORE".'],
    ['{"name":"a","count":2,"tags":["a","b","c"]}', 'The member "tags" must have at most 2 items.'],
    ['{"name":"a","count":2,"nested":{"on":"yes"}}', 'The member "nested.on" must be true or false.'],
    ['{"name":"a","count":2,"nested":{"on":true,"off":false}}', 'The member "nested" has an unknown member "off".'],
    ['{"name":"a","count":2,"note":"hey!"}', 'The note may not shout.'],
    [
      '{"a":1,"b":2,"c":3,"d":4}',
      'The body has unknown members "a", "b", "c", "d". The member "name" is required. The member "count" is required.',
    ],
  ])('%s → 400 invalid_request: %s', (text, message) => {
    expect(refusal(() => body(r, text))).toEqual({ status: 400, code: 'invalid_request', message });
  });

  it.each([undefined, '', 'not json', '[1]', '"text"', 'null', '42'])('%j → the body must be a JSON object', (text) => {
    expect(refusal(() => body(r, text))).toEqual({
      status: 400,
      code: 'invalid_request',
      message: 'The request body must be a JSON object.',
    });
  });

  it('takes a member named like an Object.prototype property for what it is: unknown', () => {
    expect(refusal(() => body(r, '{"name":"a","count":2,"__proto__":{"x":1}}')).message).toBe(
      'The body has an unknown member "__proto__".',
    );
  });

  it('a route without a body schema reads no body', () => {
    expect(body(make({}), 'anything')).toBeUndefined();
  });
});

describe('query validation', () => {
  const own = withWireError(z.int().min(1).max(10).default(5), 'invalid_limit', 'The limit must be an integer from 1 to 10.');
  const loose = make({ query: z.object({ limit: own, flag: z.boolean().optional(), tag: z.array(z.string()).optional() }) });
  const strict = make({ query: z.strictObject({ page: z.int().min(1).optional(), sort: z.enum(['asc', 'desc']).optional() }) });

  it('reads integers written the canonical way, booleans and repeated list parameters', () => {
    expect(validateQuery(loose, '')).toEqual({ limit: 5 });
    expect(validateQuery(loose, 'limit=7&flag=true&tag=a&tag=b&other=ignored')).toEqual({ limit: 7, flag: true, tag: ['a', 'b'] });
    expect(validateQuery(strict, 'page=12&sort=desc')).toEqual({ page: 12, sort: 'desc' });
  });

  it.each(['limit=0', 'limit=11', 'limit=+5', 'limit=05', 'limit=1.0', 'limit=', 'limit=x', 'limit=1&limit=2', 'limit=%201'])(
    "%s → the parameter's own code and message",
    (q) => {
      expect(refusal(() => validateQuery(loose, q))).toEqual({
        status: 400,
        code: 'invalid_limit',
        message: 'The limit must be an integer from 1 to 10.',
      });
    },
  );

  it.each([
    ['page=0', 'The query parameter "page" must be at least 1.'],
    ['page=two', 'The query parameter "page" must be an integer.'],
    ['page=1&page=2', 'The query parameter "page" must be given once.'],
    ['sort=up', 'The query parameter "sort" must be one of "asc", "desc".'],
    ['pgae=2', 'The request has an unknown query parameter "pgae".'],
    ['constructor=1', 'The request has an unknown query parameter "constructor".'],
  ])('a strict query: %s → 400 invalid_request: %s', (q, message) => {
    expect(refusal(() => validateQuery(strict, q))).toEqual({ status: 400, code: 'invalid_request', message });
  });

  it('a wrong boolean is named', () => {
    expect(refusal(() => validateQuery(loose, 'flag=yes')).message).toBe('The query parameter "flag" must be true or false.');
  });
});

describe('path parameters', () => {
  const r = route({
    method: 'GET',
    path: '/things/{id}',
    auth: 'none',
    operationId: 'thing',
    summary: 'x',
    request: { params: z.object({ id: z.string().regex(/^[0-9a-f]{8}$/) }) },
    responses: {},
    handler: ({ params }) => (params.id.length > 0 ? null : null),
  });

  it('a segment that fails its grammar names nothing: 404 not_found', () => {
    expect(validateParams(r, { id: '0a1b2c3d' })).toEqual({ id: '0a1b2c3d' });
    expect(refusal(() => validateParams(r, { id: 'nothex!!' }))).toEqual({ status: 404, code: 'not_found', message: 'Not found.' });
  });
});

describe('a route table refuses its own mistakes when built', () => {
  const entry = (over: Partial<Parameters<typeof route>[0]>) =>
    route({ method: 'GET', path: '/a', auth: 'session', operationId: 'a', summary: 'a', responses: {}, handler: () => null, ...over });

  it.each([
    ['the same method and path twice', [entry({}), entry({ operationId: 'b' })], /written down twice: GET \/base\/a/],
    ['the same operationId twice', [entry({}), entry({ path: '/b' })], /operationId used twice: a/],
    ['a path parameter without its schema', [entry({ path: '/a/{id}' })], /path parameters and their schema differ/],
    [
      'a schema for a parameter the path lacks',
      [entry({ request: { params: z.object({ id: z.string() }) } })],
      /path parameters and their schema differ/,
    ],
    ['a role on a route without a session', [entry({ auth: 'none', role: 'admin' })], /only a session route has a role/],
  ])('%s', (_name, routes, error) => {
    expect(() => new RouteTable('/base', routes)).toThrow(error);
  });

  it('matches, lists the methods of a path, and its methods', () => {
    const t = new RouteTable('/base', [
      entry({}),
      entry({ method: 'DELETE', operationId: 'd' }),
      entry({ method: 'POST', path: '/a/{id}', operationId: 'p', request: { params: z.object({ id: z.string() }) } }),
    ]);
    expect(t.methods).toEqual(['GET', 'DELETE', 'POST']);
    expect(t.match('GET', '/base/a')).toMatchObject({ kind: 'found', route: { operationId: 'a' } });
    expect(t.match('POST', '/base/a/7')).toMatchObject({ kind: 'found', params: { id: '7' } });
    expect(t.match('PUT', '/base/a')).toEqual({ kind: 'method', allow: ['GET', 'DELETE'] });
    expect(t.match('GET', '/base/b')).toEqual({ kind: 'none' });
  });
});
