// Walks the route tables and proves what each entry promises, through handle() on a real store:
// every panel route refuses a request without a session (401), a viewer on an admin route
// (403), a foreign Origin on a mutating route (403) and an unknown body member (400 naming it),
// and none of these reach a handler; every Integration route refuses a missing key, a bad
// query and another method. The served document lists every route of every table with
// exactly the statuses the table says it can answer, and each status seen here among them.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSurfaces } from '../../src/http/openapi/document.js';
import { answerableStatuses } from '../../src/http/openapi/surface.js';
import { integrationTable } from '../../src/http/integration/routes.js';
import { panelTable } from '../../src/http/panel/routes.js';
import type { AnyRoute } from '../../src/http/routes/route.js';
import { seedConformance, type SeededFixture } from './conformance-fixture.js';
import { login } from './conformance-table.js';
import { bareHandler, inProcessSend, tempStore, type Send, type TempStore, type WireResponse } from '../helpers/fixture.js';

const HOST = '127.0.0.1';
const FOREIGN = 'https://evil.example';
const UNKNOWN_MEMBER = 'zz_not_a_member';

/** A concrete path for a route: each `{name}` replaced by its schema's first example. */
function samplePath(base: string, route: AnyRoute): string {
  const props = route.request?.params
    ? (z.toJSONSchema(route.request.params, { io: 'input' }).properties as Record<string, { examples?: unknown[] }>)
    : {};
  return base + route.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(props[name]?.examples?.[0]));
}

const isMutating = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
const key = (r: AnyRoute) => `${r.method} ${r.path}`;

describe('route tables', () => {
  let ts: TempStore;
  let fx: SeededFixture;
  let send: Send;
  let admin: string;
  let viewer: string;
  let doc: any;
  /** Statuses observed per operation (`METHOD fullPath`). */
  const seen = new Map<string, Set<number>>();

  const panel = panelTable();
  const integration = integrationTable();

  function record(op: string, res: WireResponse): WireResponse {
    const set = seen.get(op) ?? new Set<number>();
    set.add(res.status);
    seen.set(op, set);
    return res;
  }

  function expectError(res: WireResponse, status: number, code: string): { code: string; message: string } {
    expect(res.status, res.body).toBe(status);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe(code);
    return body.error;
  }

  beforeAll(async () => {
    ts = await tempStore();
    fx = seedConformance(ts.store);
    send = inProcessSend(bareHandler(ts.store));
    admin = await login(send, fx.admin);
    viewer = await login(send, fx.viewer);
    doc = JSON.parse((await send({ method: 'GET', path: '/api/openapi.json' })).body);
  });
  afterAll(() => ts.cleanup());

  it('every path parameter carries an example its own schema accepts', () => {
    for (const surface of contractSurfaces()) {
      for (const route of surface.table.routes) {
        const schema = route.request?.params;
        if (!schema) continue;
        const props = z.toJSONSchema(schema, { io: 'input' }).properties as Record<string, { examples?: unknown[] }>;
        const sample = Object.fromEntries(Object.entries(props).map(([name, p]) => [name, p.examples?.[0]]));
        expect(schema.safeParse(sample).success, key(route)).toBe(true);
      }
    }
  });

  /** The panel routes an entry's property selects, as `[name, route]` rows for it.each. */
  const panelRows = (keep: (r: AnyRoute) => boolean) => panel.routes.filter(keep).map((r) => [key(r), r] as const);
  const panelPath = (route: AnyRoute) => samplePath(panel.base, route);
  const panelOp = (route: AnyRoute) => `${route.method} ${panel.base}${route.path}`;
  const emptyBody = (route: AnyRoute) => (route.request?.body ? '{}' : undefined);

  it.each(panelRows((r) => r.auth === 'session'))(
    'panel %s: no session, a forged one or a bearer key alone → 401 unauthorized',
    async (_name, route) => {
      const variants: Record<string, string>[] = [
        {},
        { cookie: 'palpanel_session=forged-token-forged-token-forged-token-forge' },
        { authorization: `Bearer ${fx.key}` },
      ];
      for (const headers of variants) {
        expectError(
          record(panelOp(route), await send({ method: route.method, path: panelPath(route), headers, body: emptyBody(route) })),
          401,
          'unauthorized',
        );
      }
    },
  );

  it.each(panelRows((r) => r.role === 'admin'))('panel %s: a viewer → 403 forbidden', async (_name, route) => {
    const res = await send({
      method: route.method,
      path: panelPath(route),
      headers: { cookie: viewer, host: HOST },
      body: emptyBody(route),
    });
    expect(expectError(record(panelOp(route), res), 403, 'forbidden').message).toBe('This action needs an admin session.');
  });

  it.each(panelRows((r) => isMutating(r.method)))(
    'panel %s: a foreign Origin → 403 forbidden, as the Origin check always answered',
    async (_name, route) => {
      for (const origin of [FOREIGN, 'null', `http://${HOST}:1`]) {
        const headers = { ...(route.auth === 'session' ? { cookie: admin } : {}), host: HOST, origin };
        const res = await send({ method: route.method, path: panelPath(route), headers, body: emptyBody(route) });
        expect(expectError(record(panelOp(route), res), 403, 'forbidden').message).toBe('Cross-origin requests are refused.');
      }
    },
  );

  it.each(panelRows((r) => r.request?.body !== undefined))(
    'panel %s: an unknown body member → 400 invalid_request naming it',
    async (_name, route) => {
      const headers = { ...(route.auth === 'session' ? { cookie: admin } : {}), host: HOST, origin: `http://${HOST}` };
      // A record body (PUT /config: any setting the file holds) has no unknown members: a member
      // of a type no setting takes is refused instead, named the same way.
      const isRecord = route.request?.body instanceof z.ZodRecord;
      const res = await send({
        method: route.method,
        path: panelPath(route),
        headers,
        body: JSON.stringify({ [UNKNOWN_MEMBER]: isRecord ? { nested: 1 } : 1 }),
      });
      expect(expectError(record(panelOp(route), res), 400, 'invalid_request').message).toContain(`"${UNKNOWN_MEMBER}"`);
      const notObject = await send({ method: route.method, path: panelPath(route), headers, body: '[1]' });
      expect(expectError(record(panelOp(route), notObject), 400, 'invalid_request').message).toBe(
        'The request body must be a JSON object.',
      );
    },
  );

  describe.each(integration.routes.map((r) => [key(r), r] as const))('integration %s', (_name, route) => {
    const path = samplePath(integration.base, route);
    const op = `${route.method} ${integration.base}${route.path}`;

    it("no key → 401; another method → 405 with Allow: GET; a bad query → 400 with the parameter's code", async () => {
      const unauth = record(op, await send({ method: route.method, path }));
      expectError(unauth, 401, 'unauthorized');
      expect(unauth.headers['www-authenticate']).toBe('Bearer');
      for (const method of ['POST', 'DELETE', 'HEAD']) {
        const res = record(op, await send({ method, path, headers: { authorization: `Bearer ${fx.key}` } }));
        expectError(res, 405, 'method_not_allowed');
        expect(res.headers.allow).toBe('GET');
      }
      const shape = route.request?.query?.shape ?? {};
      if ('limit' in shape)
        expectError(
          record(op, await send({ method: 'GET', path: `${path}?limit=0`, headers: { authorization: `Bearer ${fx.key}` } })),
          400,
          'invalid_limit',
        );
      if ('cursor' in shape)
        expectError(
          record(op, await send({ method: 'GET', path: `${path}?cursor=AAAA`, headers: { authorization: `Bearer ${fx.key}` } })),
          400,
          'invalid_cursor',
        );
      const ok = record(op, await send({ method: 'GET', path: `${path}?unknown=ignored`, headers: { authorization: `Bearer ${fx.key}` } }));
      expect(ok.status, ok.body).toBe(200);
    });
  });

  it('none of the refused requests reached a handler: no key made, no session ended', async () => {
    const keys = ts.store.keys.list();
    expect(keys.map((k) => k.label).sort()).toEqual(['conformance', 'revoked before the run']);
    expect(keys.find((k) => k.label === 'conformance')?.revokedAt).toBeNull();
    expect((await send({ method: 'GET', path: '/api/v1/auth/me', headers: { cookie: admin } })).status).toBe(200);
  });

  it('the document lists every route of every table with exactly the statuses it can answer, and nothing else', () => {
    let operations = 0;
    for (const surface of contractSurfaces()) {
      for (const route of surface.table.routes) {
        const path = `${surface.table.base}${route.path}`;
        const op = doc.paths[path]?.[route.method.toLowerCase()];
        expect(op, `${route.method} ${path}`).toBeDefined();
        expect(op.operationId).toBe(route.operationId);
        expect(Object.keys(op.responses).map(Number), `${route.method} ${path}`).toEqual(answerableStatuses(surface, route));
        const security = { key: [{ bearerAuth: [] }], session: [{ sessionCookie: [] }], none: [] }[route.auth];
        expect(op.security, `${route.method} ${path}`).toEqual(security);
        for (const status of seen.get(`${route.method} ${path}`) ?? [])
          expect(op.responses, `${route.method} ${path} answered ${status}`).toHaveProperty(String(status));
        operations++;
      }
    }
    const documented = Object.values<any>(doc.paths).reduce(
      (n, item) => n + Object.keys(item).filter((k) => k !== 'description').length,
      0,
    );
    expect(documented).toBe(operations);
    // Every walk above ran: 401 seen on every session route, 403 on every admin or mutating one.
    for (const route of panel.routes) {
      const got = seen.get(`${route.method} ${panel.base}${route.path}`) ?? new Set();
      if (route.auth === 'session') expect(got.has(401), key(route)).toBe(true);
      if (route.role === 'admin' || isMutating(route.method)) expect(got.has(403), key(route)).toBe(true);
      if (route.request?.body) expect(got.has(400), key(route)).toBe(true);
    }
  });

  it('declares the session cookie scheme beside bearerAuth, and a server', () => {
    expect(doc.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'palpanel_session',
      description: expect.any(String),
    });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    for (const route of panel.routes) {
      const op = doc.paths[`${panel.base}${route.path}`][route.method.toLowerCase()];
      if (route.auth === 'session') expect(op['x-role']).toBe(route.role ?? 'viewer');
      if (route.request?.body) expect(op.requestBody.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
    }
  });
});
