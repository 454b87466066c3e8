// The panel surface's guards one by one (http/panel/index.ts, origin.ts, media-type.ts, and the
// route table's checks at start-up), written for the mutants Stryker found surviving (issue 26):
// an unknown path and a wrong method answered 401 before a session and 404 / 405 after it,
// never a crash; SERVICE_PUBLIC_URL and a trusted proxy's X-Forwarded-Host as the panel's own
// origin; only https over TLS; the 415's words; and a route table written wrong refused at start.
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpDeps } from '../../src/http/deps.js';
import { createPanelSurface, panelTable } from '../../src/http/panel/index.js';
import { RouteTable } from '../../src/http/routes/table.js';
import { P } from './conformance-table.js';
import type { TempStore } from '../helpers/fixture.js';
import { ADMIN, panelHarness, type PanelHarness } from './panel-harness.js';

const TTL = 3_600_000;

describe('panel guards', () => {
  let ts: TempStore;
  let send: PanelHarness['send'];
  let login: PanelHarness['login'];
  const harness = async (more: Partial<HttpDeps> = {}) => ({ ts, send, login } = await panelHarness(TTL, more));
  beforeEach(() => harness());
  afterEach(() => ts.cleanup());

  it('an unknown path or a wrong method: 401 before a session, 404 and 405 (with Allow) after', async () => {
    for (const [method, path] of [
      ['GET', `${P}/no-such-thing`],
      ['DELETE', `${P}/auth/me`],
      ['GET', `${P}/auth/login`],
    ]) {
      const res = await send({ method, path, bare: true });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ error: { code: 'unauthorized', message: 'Sign in first.' } });
    }
    const cookie = await login(ADMIN);
    const unknown = await send({ method: 'GET', path: `${P}/no-such-thing`, headers: { cookie }, bare: true });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    const wrong = await send({ method: 'DELETE', path: `${P}/integration-keys`, headers: { cookie }, bare: true });
    expect(wrong.status).toBe(405);
    expect(wrong.json).toEqual({ error: { code: 'method_not_allowed', message: 'Method not allowed.' } });
    expect(wrong.headers.allow).toBe('GET, POST');
  });

  it('SERVICE_PUBLIC_URL is an origin of the panel too, compared without case', async () => {
    await harness({ settings: { integrationRateLimit: 60, sessionTtlMs: TTL, publicUrl: 'https://Panel.Example.org' } });
    const cookie = await login(ADMIN);
    const post = (origin: string) =>
      send({
        method: 'POST',
        path: `${P}/integration-keys`,
        headers: { cookie, host: '127.0.0.1:8080', origin, 'content-type': 'application/json' },
        body: '{"label":"p"}',
        bare: true,
      });
    expect((await post('https://panel.example.org')).status).toBe(201);
    expect((await post(' HTTPS://PANEL.EXAMPLE.ORG ')).status).toBe(201);
    expect((await post('https://other.example.org')).status).toBe(403);
    expect((await post('http://panel.example.org')).status).toBe(403);
  });

  it("over TLS an https Origin of the panel's own address passes; behind a trusted proxy its X-Forwarded-Host counts", async () => {
    await harness({ settings: { integrationRateLimit: 60, sessionTtlMs: TTL, trustedProxies: ['127.0.0.1'] } });
    const cookie = await login(ADMIN);
    const post = (headers: Record<string, string>) =>
      send({
        method: 'POST',
        path: `${P}/integration-keys`,
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: '{"label":"t"}',
        bare: true,
      });
    expect((await post({ host: 'localhost:8080', origin: 'https://localhost:8080', 'x-forwarded-proto': 'https' })).status).toBe(201);
    expect((await post({ host: 'localhost:8080', origin: ' https://LocalHost:8080', 'x-forwarded-proto': 'https' })).status).toBe(201);
    // The proxy reaches palpanel at an inner address and says which one the browser used.
    const inner = { host: '127.0.0.1:8080', 'x-forwarded-proto': 'https' };
    expect((await post({ ...inner, origin: 'https://panel.localhost', 'x-forwarded-host': 'panel.localhost' })).status).toBe(201);
    expect((await post({ ...inner, origin: 'https://panel.localhost', 'x-forwarded-host': ' panel.localhost , inner.lan' })).status).toBe(
      201,
    );
    expect((await post({ ...inner, origin: 'https://inner.lan', 'x-forwarded-host': 'panel.localhost, inner.lan' })).status).toBe(403);
    // From an address that is no proxy the header is not believed.
    const far = await send(
      {
        method: 'POST',
        path: `${P}/integration-keys`,
        headers: {
          cookie,
          'content-type': 'application/json',
          ...inner,
          origin: 'https://panel.localhost',
          'x-forwarded-host': 'panel.localhost',
        },
        body: '{"label":"t"}',
        bare: true,
      },
      '192.0.2.7',
    );
    expect(far.status).toBe(403);
  });

  it('the 415 names the type the route takes and the one sent, or that none was; parameters and case aside, JSON is JSON', async () => {
    const cookie = await login(ADMIN);
    const post = (path: string, body: string | undefined, contentType?: string) =>
      send({
        method: 'POST',
        path: `${P}${path}`,
        headers: {
          cookie,
          origin: 'http://127.0.0.1:8080',
          host: '127.0.0.1:8080',
          ...(contentType === undefined ? {} : { 'content-type': contentType }),
        },
        body,
        bare: true,
      });
    const json = 'The request body must be sent as application/json';
    expect((await post('/integration-keys', '{"label":"m"}', 'text/plain')).json).toEqual({
      error: { code: 'unsupported_media_type', message: `${json}, not text/plain.` },
    });
    expect((await post('/integration-keys', '{"label":"m"}')).json).toEqual({
      error: { code: 'unsupported_media_type', message: `${json} (Content-Type is missing).` },
    });
    expect((await post('/integration-keys', '{"label":"m"}', 'Application/JSON ; charset=utf-8')).status).toBe(201);
    // A read is no change: a body sent with it (which it ignores) is not held to a type.
    const read = await send({
      method: 'GET',
      path: `${P}/auth/me`,
      headers: { cookie, 'content-type': 'text/plain' },
      body: 'x',
      bare: true,
    });
    expect(read.status).toBe(200);
    // A route that takes a file names each type it takes.
    const upload = await post('/backups/upload', 'x', 'text/plain');
    expect(upload.status).toBe(415);
    expect((upload.json as { error: { message: string } }).error.message).toMatch(/^The request body must be sent as \S+ or \S+/);
    // A route with no request schema at all is held to JSON the same way; an empty body needs no type.
    const logoutTyped = await post('/auth/logout', 'x', 'text/plain');
    expect(logoutTyped.status).toBe(415);
    expect((await post('/auth/logout', '')).status).toBe(204);
  });
});

describe('route tables written wrong are refused at start-up, in words naming the route', () => {
  const route = (over: Record<string, unknown>) => ({
    method: 'GET',
    path: '/things',
    auth: 'session',
    operationId: 'things',
    summary: 's',
    responses: {},
    handler: () => undefined,
    ...over,
  });
  // Any surface's table (the entries are written by hand, not typed for one surface).
  const table = (...routes: Record<string, unknown>[]): RouteTable<never> => new RouteTable('/api/x', routes as never);

  it('the same route twice, an operationId twice, path parameters unlike their schema, a role off a session route', () => {
    expect(() => table(route({}), route({ operationId: 'other' }))).toThrow('route written down twice: GET /api/x/things');
    expect(() => table(route({}), route({ path: '/other' }))).toThrow('operationId used twice: things');
    expect(() => table(route({ path: '/things/{id}' }))).toThrow('path parameters and their schema differ: GET /api/x/things/{id}');
    expect(() => table(route({ path: '/things/{id}', request: { params: z.object({ id: z.string() }) } }))).not.toThrow();
    expect(() => table(route({ auth: 'key', role: 'admin' }))).toThrow('only a session route has a role: GET /api/x/things');
  });

  it('a role without a query parameter: on a session route, naming one of its query parameters, above its own role', () => {
    const query = { query: z.strictObject({ q: z.string().optional() }) };
    const bad = 'roleWithout needs a session route, one of its query parameters and a role above the route';
    expect(() => table(route({ request: query, roleWithout: { param: 'q', role: 'admin' } }))).not.toThrow();
    expect(() => table(route({ auth: 'none', request: query, roleWithout: { param: 'q', role: 'admin' } }))).toThrow(bad);
    expect(() => table(route({ request: query, roleWithout: { param: 'search', role: 'admin' } }))).toThrow(bad);
    expect(() => table(route({ roleWithout: { param: 'q', role: 'admin' } }))).toThrow(bad);
    expect(() => table(route({ request: query, role: 'admin', roleWithout: { param: 'q', role: 'moderator' } }))).toThrow(bad);
    expect(() => table(route({ request: query, roleWithout: { param: 'q', role: 'viewer' } }))).toThrow(bad);
  });

  it('the panel surface takes no bearer-key routes', () => {
    const deps = {} as HttpDeps;
    expect(() => createPanelSurface(deps, table(route({ auth: 'key' })))).toThrow('the panel takes no bearer keys: GET /things');
    expect(() => createPanelSurface(deps, table(route({ auth: 'session' })))).not.toThrow();
    expect(() => createPanelSurface(deps, panelTable())).not.toThrow();
  });
});
