// The contract document: valid OpenAPI 3.1 (checked by an independent validator), complete as
// the spec's Contract document section asks, and every 200 body of every route valid against
// the schema it declares (ajv, JSON Schema 2020-12).
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, createHandler } from '../../src/http/index.js';
import type { WorldSummary, WorldWorkers } from '../../src/contract/integration-rows.js';
import { seedConformance, ADMIN } from './conformance-fixture.js';
import { I, P, login } from './conformance-table.js';
import { HOST_UID, inProcessSend, onlinePlayer, silentLog, tempStore, TestLive, type Send, type TempStore } from '../helpers/fixture.js';

// ajv-formats is CommonJS with `exports.default`: under NodeNext the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

const KEY_GRAMMAR = /svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}/;

const READY_SUMMARY: WorldSummary = {
  state: 'ready',
  capturedAt: '2026-07-14T09:29:55.000Z',
  lastAttemptAt: '2026-07-14T09:30:10.000Z',
  fps: 58.9,
  fpsAvg: 57.2,
  counts: { players: 2, partyPals: 3, basePals: 10, wildPals: 400, npcs: 12, palBoxes: 1, unknown: 0 },
  activity: {
    working: 5,
    transporting: 1,
    eating: 1,
    sleeping: 1,
    idle: 2,
    inactive: 0,
    combat: 0,
    incapacitated: 0,
    moving: 3,
    unknown: 0,
  },
  linkedBasePals: 8,
};

const READY_WORKERS: WorldWorkers = {
  state: 'ready',
  capturedAt: '2026-07-14T09:29:55.000Z',
  workers: [
    {
      instanceId: 'p1',
      characterId: 'SheepBall',
      displayName: 'Lamball',
      isBoss: false,
      level: 12,
      hpPercent: 87.5,
      active: true,
      activity: 'working',
      baseId: 'base-a',
      ownerUid: HOST_UID,
      ownerName: 'Player 0',
      ownerSource: 'save',
    },
    {
      instanceId: 'p2',
      characterId: 'BOSS_PinkCat',
      displayName: 'Cattiva',
      isBoss: true,
      level: 20,
      hpPercent: 100,
      active: false,
      activity: 'sleeping',
      baseId: 'base-a',
    },
  ],
};

describe('OpenAPI document', () => {
  let ts: TempStore;
  let send: Send;
  let doc: any;
  let served: any;
  let live: TestLive;
  let key: string;
  let ajv: Ajv2020;

  beforeAll(async () => {
    ts = await tempStore();
    key = seedConformance(ts.store).key;
    live = new TestLive();
    const handler = createHandler({
      store: ts.store,
      live,
      settings: { integrationRateLimit: 1e9, sessionTtlMs: 3_600_000 },
      clock: () => new Date(),
      log: silentLog,
      version: '1.2.3',
    });
    send = inProcessSend(handler);
    doc = buildOpenApiDocument('1.2.3');
    served = JSON.parse((await send({ method: 'GET', path: '/api/openapi.json' })).body);
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'urn:palpanel:openapi', components: served.components });
  });
  afterAll(() => ts.cleanup());

  it('is what /api/openapi.json serves, without authentication', () => {
    expect(served).toEqual(doc);
    expect(doc.info.version).toBe('1.2.3');
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const res = await validator.validate(structuredClone(doc));
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares the bearerAuth scheme and uses it on every integration operation', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith(I)) continue;
      expect(Object.keys(item).filter((k) => k !== 'description' && k !== 'parameters')).toEqual(['get']);
      expect(item.get.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('lists every integration path with 200, 304, 400 where it has parameters, 401, 404, 405, 429 and 500', () => {
    const expected: Record<string, string[]> = {
      '/players': ['limit', 'cursor', 'online'],
      '/players/{uid}': ['uid'],
      '/pals': ['limit', 'cursor'],
      '/guilds': [],
      '/map': [],
      '/server': [],
      '/metrics/current': [],
      '/world/summary': [],
      '/world/workers': [],
      '/events': ['limit'],
    };
    const resolve = (x: any) =>
      x.$ref
        ? x.$ref
            .split('/')
            .slice(1)
            .reduce((o: any, k: string) => o[k], doc)
        : x;
    for (const [route, names] of Object.entries(expected)) {
      const op = doc.paths[`${I}${route}`]?.get;
      expect(op, route).toBeDefined();
      const params = op.parameters.map(resolve);
      expect(params.map((p: any) => p.name).sort()).toEqual([...names, 'If-None-Match'].sort());
      const hasQuery = params.some((p: any) => p.in === 'query');
      const codes = ['200', '304', ...(hasQuery ? ['400'] : []), '401', '404', '405', '429', '500'];
      expect(Object.keys(op.responses).sort()).toEqual(codes.sort());
      const r = (code: string) => resolve(op.responses[code]);
      expect(Object.keys(r('200').headers).sort()).toEqual(['Cache-Control', 'ETag']);
      expect(Object.keys(r('304').headers).sort()).toEqual(['Cache-Control', 'ETag']);
      expect(r('401').headers).toHaveProperty('WWW-Authenticate');
      expect(r('405').headers).toHaveProperty('Allow');
      expect(r('429').headers).toHaveProperty('Retry-After');
    }
    const limit = resolve(doc.paths[`${I}/pals`].get.parameters[0]);
    expect(limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 500, default: 100 });
    const evLimit = resolve(doc.paths[`${I}/events`].get.parameters[0]);
    expect(evLimit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    const online = resolve(doc.paths[`${I}/players`].get.parameters[2]);
    expect(online.schema).toEqual({ type: 'string', enum: ['true'] });
    const cursor = resolve(doc.paths[`${I}/pals`].get.parameters[1]);
    expect(cursor.schema).toEqual({ type: 'string', pattern: '^[A-Za-z0-9_-]*$', maxLength: 1024 });
  });

  it("names exactly the spec's error codes and those the panel adds (interface.md) in the error envelope", () => {
    expect(doc.components.schemas.Error.properties.error.properties.code.enum.sort()).toEqual([
      'conflict',
      'forbidden',
      'game_unavailable',
      'internal_error',
      'invalid_credentials',
      'invalid_cursor',
      'invalid_limit',
      'invalid_request',
      'method_not_allowed',
      'not_found',
      'not_implemented',
      'payload_too_large',
      'precondition_failed',
      'rate_limited',
      'too_many_keys',
      'totp_required',
      'unauthorized',
      'unavailable',
      'unsupported_media_type',
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/invalid_label|bad_request/);
  });

  it('describes /metrics, the upload body, the download type and the bounds of If-None-Match (issue 28, finding 10)', () => {
    const metrics = doc.paths['/metrics'].get;
    expect(metrics.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(metrics.responses).sort()).toEqual(['200', '401', '405', '429', '500']);
    expect(Object.keys(metrics.responses['200'].content)).toEqual(['text/plain; version=0.0.4']);
    const upload = doc.paths[`${P}/backups/upload`].post;
    expect(upload.requestBody.required).toBe(true);
    expect(Object.keys(upload.requestBody.content)).toEqual(['application/gzip', 'application/x-gzip', 'application/octet-stream']);
    expect(upload.responses['413']).toBeDefined();
    expect(upload.responses['415']).toBeDefined();
    expect(Object.keys(doc.paths[`${P}/backups/{id}/download`].get.responses['200'].content)).toEqual(['application/gzip']);
    const inm = doc.components.parameters.IfNoneMatch;
    expect(inm.schema).toEqual({ type: 'string', minLength: 1, maxLength: 16384 });
    // Every mutating panel route answers 415 for a body that is not JSON.
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      if (!path.startsWith(P)) continue;
      for (const m of ['post', 'put', 'patch', 'delete']) if (item[m]) expect(item[m].responses['415'], `${m} ${path}`).toBeDefined();
    }
  });

  it('puts the shared error envelope on every 4xx and documents the key and login routes', () => {
    const resolve = (x: any) =>
      x.$ref
        ? x.$ref
            .split('/')
            .slice(1)
            .reduce((o: any, k: string) => o[k], doc)
        : x;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (typeof op !== 'object' || !op.responses) continue;
        for (const [code, resp] of Object.entries<any>(op.responses)) {
          const r = resolve(resp);
          if (code.startsWith('4')) {
            expect(r.content?.['application/json']?.schema, `${method} ${path} ${code}`).toEqual({ $ref: '#/components/schemas/Error' });
            expect(r.headers).toHaveProperty('Cache-Control');
          }
        }
      }
    }
    expect(doc.paths[`${P}/integration-keys`].post.responses).toHaveProperty('409');
    expect(doc.paths[`${P}/integration-keys`].post.responses).toHaveProperty('201');
    expect(doc.paths[`${P}/integration-keys/{id}`].delete.responses).toHaveProperty('404');
    expect(doc.paths[`${P}/auth/login`].post.responses).toHaveProperty('401');
    expect(doc.paths[`${P}/auth/me`].get).toBeDefined();
    expect(doc.paths[`${P}/auth/logout`].post).toBeDefined();
    for (const h of ['ETag', 'Retry-After', 'WWW-Authenticate', 'Allow', 'Cache-Control']) expect(doc.components.headers).toHaveProperty(h);
  });

  it('has strict object schemas (additionalProperties: false)', () => {
    const visit = (s: any, path: string) => {
      if (!s || typeof s !== 'object') return;
      if (s.type === 'object' && s.properties) expect(s.additionalProperties, path).toBe(false);
      for (const [k, v] of Object.entries(s)) visit(v, `${path}/${k}`);
    };
    for (const [name, s] of Object.entries(doc.components.schemas)) visit(s, name);
  });

  it('carries no example that matches the real key grammar', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(KEY_GRAMMAR);
    expect(text).toContain('svk_EXAMPLE');
  });

  /** Validates a body against the schema the document declares for that operation. */
  function check(method: string, template: string, status: number, body: string): void {
    const op = doc.paths[template]?.[method.toLowerCase()];
    expect(op, `${method} ${template}`).toBeDefined();
    let resp = op.responses[String(status)];
    if (resp.$ref) resp = doc.components.responses[resp.$ref.split('/').pop()];
    const schema = resp.content['application/json'].schema;
    const validate = ajv.compile({ $ref: `urn:palpanel:openapi${schema.$ref}` });
    const ok = validate(JSON.parse(body));
    expect(validate.errors ?? [], `${method} ${template} ${status}`).toEqual([]);
    expect(ok).toBe(true);
  }

  async function checkAll(label: string): Promise<void> {
    const routes: [string, string][] = [
      ['/players', '/players'],
      ['/players?online=true', '/players'],
      ['/players?limit=2', '/players'],
      [`/players/${HOST_UID}`, '/players/{uid}'],
      [`/players/${HOST_UID.replace(/-/g, '')}`, '/players/{uid}'],
      ['/pals?limit=500', '/pals'],
      ['/guilds', '/guilds'],
      ['/map', '/map'],
      ['/server', '/server'],
      ['/metrics/current', '/metrics/current'],
      ['/world/summary', '/world/summary'],
      ['/world/workers', '/world/workers'],
      ['/events?limit=100', '/events'],
    ];
    for (const [path, template] of routes) {
      const res = await send({ method: 'GET', path: `${I}${path}`, headers: { authorization: `Bearer ${key}` } });
      expect(res.status, `${label} ${path}`).toBe(200);
      check('GET', `${I}${template}`, 200, res.body);
    }
  }

  it('validates every 200 body of every integration route: game unreachable, game data disabled', async () => {
    live.live = { reachable: false, info: null, metrics: null, players: [], capturedAt: null };
    await checkAll('unreachable');
  });

  it('validates every 200 body of every integration route: game running, players online, game data ready', async () => {
    live.setRunning([onlinePlayer(HOST_UID)]);
    live.summary = READY_SUMMARY;
    live.workers = READY_WORKERS;
    await checkAll('running');
    const body = JSON.parse((await send({ method: 'GET', path: `${I}/world/workers`, headers: { authorization: `Bearer ${key}` } })).body);
    expect(body.data.workers).toHaveLength(2);
  });

  it('validates the error bodies and the panel bodies', async () => {
    const unauth = await send({ method: 'GET', path: `${I}/players` });
    check('GET', `${I}/players`, 401, unauth.body);
    const cookie = await login(send, ADMIN);
    const me = await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie } });
    check('GET', `${P}/auth/me`, 200, me.body);
    const created = await send({
      method: 'POST',
      path: `${P}/integration-keys`,
      headers: { cookie },
      body: JSON.stringify({ label: 'schema' }),
    });
    check('POST', `${P}/integration-keys`, 201, created.body);
    const list = await send({ method: 'GET', path: `${P}/integration-keys`, headers: { cookie } });
    check('GET', `${P}/integration-keys`, 200, list.body);
    const revoked = await send({ method: 'DELETE', path: `${P}/integration-keys/${JSON.parse(created.body).id}`, headers: { cookie } });
    check('DELETE', `${P}/integration-keys/{id}`, 200, revoked.body);
    const loginRes = await send({ method: 'POST', path: `${P}/auth/login`, body: JSON.stringify(ADMIN) });
    check('POST', `${P}/auth/login`, 200, loginRes.body);
  });

  it('rejects bodies with a member the spec does not name (the schemas are strict)', () => {
    const validate = ajv.compile({ $ref: 'urn:palpanel:openapi#/components/schemas/Player' });
    const row = {
      uid: HOST_UID,
      name: 'x',
      online: false,
      level: 1,
      firstSeenAt: '2026-07-14T09:00:00.000Z',
      lastSeenAt: '2026-07-14T09:00:00.000Z',
      playtimeSec: 0,
    };
    expect(validate(row)).toBe(true);
    expect(validate({ ...row, ip: '203.0.113.7' })).toBe(false);
    expect(validate({ ...row, guildId: null })).toBe(false);
  });
});
