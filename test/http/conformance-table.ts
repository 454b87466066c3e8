// The conformance table: one case per numbered rule of the service spec (Resources, States and
// transitions, Endpoints, Authentication, Errors, Limits, Versioning) and of interface.md's
// Decisions. Cases are data plus a check, run through any `send` — in-process through
// `handle()`, over a socket through startHttpServer, or against the built executable.
// Cases marked `needs` use a fixture capability a plain executable run may not offer.
import { expect } from 'vitest';
import type { WorldSnapshot } from '../../src/domain/world.js';
import type { Send, WireRequest, WireResponse } from '../helpers/fixture.js';

export const I = '/api/integration/v1';
export const P = '/api/v1';

export interface Credentials {
  username: string;
  password: string;
}

export interface ConformanceFixture {
  /** An active key with a budget large enough for the whole table. */
  key: string;
  /** A key revoked before the run. */
  revokedKey: string;
  admin: Credentials;
  viewer: Credentials;
  /** The world seeded before the run (as given to store.world.replace) and its parse time. */
  world: WorldSnapshot;
  lastParseAt: string;
  /** The public events seeded, oldest first, and the non-public ones mixed in. */
  publicEvents: { at: string; kind: string; message: string }[];
  /** Live control: the uids currently online, or `null` for unreachable; resolves once the
   * service shows it (in-process at once; through the executable after a poll of the game). */
  setOnline?(uids: string[] | null): void | Promise<void>;
  /** What the game's live answers carry that no route may show (IPs, platform and account ids). */
  sensitive?(): string[];
  /** Re-parse control (in-process only). */
  reparse?(snap: WorldSnapshot, parsedAt: string): void;
}

export interface ConformanceCase {
  name: string;
  needs?: ('live' | 'reparse')[];
  run(send: Send, fx: ConformanceFixture): Promise<void>;
}

// ---- helpers ----

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export async function get(send: Send, path: string, key?: string, headers: Record<string, string> = {}): Promise<WireResponse> {
  return send({ method: 'GET', path, headers: { ...(key ? bearer(key) : {}), ...headers } });
}

export async function getJson<T = any>(send: Send, path: string, key: string): Promise<T> {
  const res = await get(send, path, key);
  expect(res.status, `${path}: ${res.body}`).toBe(200);
  return JSON.parse(res.body) as T;
}

export function expectError(res: WireResponse, status: number, code: string): void {
  expect(res.status, res.body).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ error: { code, message: expect.any(String) } });
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.etag).toBeUndefined();
}

export async function login(send: Send, c: Credentials): Promise<string> {
  const res = await send({ method: 'POST', path: `${P}/auth/login`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(c) });
  expect(res.status, res.body).toBe(200);
  const cookie = res.headers['set-cookie'];
  expect(cookie).toBeTruthy();
  return cookie.split(';')[0];
}

function panel(method: string, path: string, cookie?: string, body?: unknown, extra: Record<string, string> = {}): WireRequest {
  return {
    method,
    path: `${P}${path}`,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** Pages through a paginated route; returns rows and the number of pages. */
export async function walk(send: Send, route: string, key: string, limit?: number): Promise<{ rows: any[]; pages: any[] }> {
  const rows: any[] = [];
  const pages: any[] = [];
  let cursor: string | null = '';
  for (let i = 0; i < 10_000 && cursor !== null; i++) {
    const q = new URLSearchParams();
    if (limit !== undefined) q.set('limit', String(limit));
    if (cursor) q.set('cursor', cursor);
    const body: any = await getJson(send, `${I}${route}${q.size ? `?${q}` : ''}`, key);
    pages.push(body);
    rows.push(...body.data);
    cursor = body.nextCursor;
  }
  return { rows, pages };
}

const ROUTES = ['/players', `/players/00000000-0000-0000-0000-000000000001`, '/pals', '/guilds', '/map', '/server', '/metrics/current', '/world/summary', '/world/workers', '/events'];
const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const FORBIDDEN_MEMBERS = ['ip', 'userId', 'accountName', 'ping', 'banned', 'whitelisted', 'sessions', 'worldGuid', 'panelVersion', 'playerId', 'container', 'containerId', 'buildingCount'];
/** interface.md: RFC 3339 in UTC, with milliseconds. */
const RFC3339_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const TIME_MEMBERS = new Set(['at', 'firstSeenAt', 'lastSeenAt', 'lastParseAt', 'capturedAt', 'lastAttemptAt', 'fetchedAt', 'createdAt', 'lastUsedAt', 'revokedAt']);

function visit(value: unknown, fn: (key: string, v: unknown, path: string) => void, path = ''): void {
  if (Array.isArray(value)) value.forEach((v, i) => visit(v, fn, `${path}[${i}]`));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      fn(k, v, `${path}.${k}`);
      visit(v, fn, `${path}.${k}`);
    }
  }
}

const SPEC_CODES = ['unauthorized', 'rate_limited', 'not_found', 'invalid_limit', 'invalid_cursor', 'invalid_request', 'method_not_allowed', 'internal_error', 'too_many_keys', 'invalid_credentials', 'forbidden'];
const sortedKeys = (o: object) => Object.keys(o).sort();
const without = (key: string, id: string) => key.replace(/_[^_]+_/, `_${id}_`);

// ---- the table ----

export const CONFORMANCE_CASES: ConformanceCase[] = [
  // What the service does
  {
    name: 'Service rule 2: read-only — every mutating method on every route → 405',
    async run(send, fx) {
      for (const route of ROUTES) {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
          const res = await send({ method, path: `${I}${route}`, headers: bearer(fx.key), body: '{}' });
          expectError(res, 405, 'method_not_allowed');
        }
      }
    },
  },
  {
    name: 'Service rule 3: a session cookie grants nothing on the Integration API',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const res = await get(send, `${I}/players`, undefined, { cookie });
      expectError(res, 401, 'unauthorized');
    },
  },
  {
    name: 'Service rule 3: a bearer key grants nothing on the panel API',
    async run(send, fx) {
      for (const path of ['/integration-keys', '/auth/me', '/players']) {
        expectError(await get(send, `${P}${path}`, fx.key), 401, 'unauthorized');
      }
    },
  },
  {
    name: 'Service rule 4 / Redaction: no platform ids, account names, ping, IP, live location, banned, whitelisted, sessions, worldGuid or panelVersion on any route',
    async run(send, fx) {
      await fx.setOnline?.([fx.world.players[0].uid]);
      for (const route of ROUTES) {
        const res = await get(send, `${I}${route}`, fx.key);
        expect(res.status).toBe(200);
        visit(JSON.parse(res.body), (k, v, path) => {
          expect(FORBIDDEN_MEMBERS, path).not.toContain(k);
          expect(v, path).not.toBeUndefined();
          if (k === 'location') expect(path, 'location only for bases').toMatch(/\.bases\[\d+\]\.location$/);
        });
        for (const secret of ['203.0.113.7', 'steam_', 'steam-account-name', 'SECRET-WORLD-GUID', ...(fx.sensitive?.() ?? [])]) {
          expect(res.body).not.toContain(secret);
        }
      }
    },
  },
  {
    name: 'Service rule 4: redacted fields are absent, never null (no guild → no guildId/guildName; unreadable save → no progression fields)',
    async run(send, fx) {
      const { rows } = await walk(send, '/players', fx.key, 500);
      for (const seeded of fx.world.players) {
        const row = rows.find((r) => r.uid === seeded.uid);
        expect(row).toBeDefined();
        if (!seeded.guildId) expect(row).not.toHaveProperty('guildId'), expect(row).not.toHaveProperty('guildName');
        else expect(row).toMatchObject({ guildId: seeded.guildId, guildName: seeded.guildName });
        for (const f of ['captureTotal', 'uniquePalsCaptured', 'paldeckUnlocked'] as const) {
          if (seeded[f] === undefined) expect(row).not.toHaveProperty(f);
          else expect(row[f]).toBe(seeded[f]);
        }
        visit(row, (k, v) => expect(v, k).not.toBeNull());
      }
    },
  },
  {
    name: 'Service rule 5: no CORS headers on the Integration API, whatever the Origin',
    async run(send, fx) {
      const origin = { origin: 'https://evil.example' };
      const responses = [
        await get(send, `${I}/server`, fx.key, origin),
        await get(send, `${I}/server`, undefined, origin),
        await get(send, `${I}/nope`, fx.key, origin),
        await send({ method: 'OPTIONS', path: `${I}/server`, headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } }),
      ];
      for (const res of responses) for (const h of Object.keys(res.headers)) expect(h).not.toMatch(/^access-control-/);
    },
  },
  {
    name: 'Service rule 6: every Integration API response carries Cache-Control: no-store (200, 304, 400, 401, 404, 405)',
    async run(send, fx) {
      const ok = await get(send, `${I}/map`, fx.key);
      const responses = [
        ok,
        await get(send, `${I}/map`, fx.key, { 'if-none-match': ok.headers.etag }),
        await get(send, `${I}/pals?limit=0`, fx.key),
        await get(send, `${I}/map`),
        await get(send, `${I}/nope`, fx.key),
        await send({ method: 'POST', path: `${I}/map` }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 304, 400, 401, 404, 405]);
      for (const res of responses) expect(res.headers['cache-control']).toBe('no-store');
    },
  },
  {
    name: 'Service rule 7: all timestamps are RFC 3339 in UTC, with milliseconds',
    async run(send, fx) {
      await fx.setOnline?.([fx.world.players[0].uid]);
      for (const route of ROUTES) {
        visit(JSON.parse((await get(send, `${I}${route}`, fx.key)).body), (k, v, path) => {
          if (TIME_MEMBERS.has(k) && v !== null) expect(v, path).toMatch(RFC3339_UTC);
        });
      }
    },
  },

  // Envelope
  {
    name: 'Envelope: paginated save-derived shape (data, lastParseAt, formatDrift, nextCursor) on /players and /pals',
    async run(send, fx) {
      for (const route of ['/players', '/pals']) {
        const body = await getJson(send, `${I}${route}`, fx.key);
        expect(sortedKeys(body)).toEqual(['data', 'formatDrift', 'lastParseAt', 'nextCursor']);
        expect(Array.isArray(body.data)).toBe(true);
        expect(body.lastParseAt).toBe(fx.lastParseAt);
        expect(body.formatDrift).toBe(false);
      }
    },
  },
  {
    name: 'Envelope: save-derived shape (data, lastParseAt, formatDrift) on /players/{uid} and /guilds',
    async run(send, fx) {
      for (const route of [`/players/${fx.world.players[0].uid}`, '/guilds']) {
        const body = await getJson(send, `${I}${route}`, fx.key);
        expect(sortedKeys(body)).toEqual(['data', 'formatDrift', 'lastParseAt']);
        expect(body.lastParseAt).toBe(fx.lastParseAt);
      }
    },
  },
  {
    name: 'Envelope: live-only shape (data only) on /map, /server, /metrics/current, /world/summary, /world/workers, /events',
    async run(send, fx) {
      for (const route of ['/map', '/server', '/metrics/current', '/world/summary', '/world/workers', '/events']) {
        expect(sortedKeys(await getJson(send, `${I}${route}`, fx.key))).toEqual(['data']);
      }
    },
  },

  // Resources
  {
    name: 'Player: the spec fields with their types, ordered by uid',
    async run(send, fx) {
      const { rows } = await walk(send, '/players', fx.key, 500);
      expect(rows.map((r) => r.uid)).toEqual(fx.world.players.map((p) => p.uid).sort());
      const allowed = ['uid', 'name', 'online', 'level', 'guildId', 'guildName', 'firstSeenAt', 'lastSeenAt', 'playtimeSec', 'captureTotal', 'uniquePalsCaptured', 'paldeckUnlocked'];
      for (const r of rows) {
        for (const k of Object.keys(r)) expect(allowed).toContain(k);
        expect(r.uid).toMatch(/^[0-9a-fA-F-]{1,36}$/);
        expect(typeof r.name).toBe('string');
        expect(typeof r.online).toBe('boolean');
        expect(Number.isInteger(r.level)).toBe(true);
        expect(Number.isInteger(r.playtimeSec) && r.playtimeSec >= 0).toBe(true);
      }
    },
  },
  {
    name: 'Player: /players/{uid} is the player plus pals without the four owner fields',
    async run(send, fx) {
      const owner = fx.world.players[1];
      const body = await getJson(send, `${I}/players/${owner.uid}`, fx.key);
      const mine = fx.world.pals.filter((p) => p.ownerUid === owner.uid).map((p) => p.instanceId).sort();
      expect(body.data.uid).toBe(owner.uid);
      expect(body.data.pals.map((p: any) => p.instanceId)).toEqual(mine);
      for (const pal of body.data.pals) for (const f of ['ownerUid', 'ownerName', 'ownerSource', 'ownerResolved']) expect(pal).not.toHaveProperty(f);
      const { pals, ...player } = body.data;
      const listed = (await walk(send, '/players', fx.key, 500)).rows.find((r) => r.uid === owner.uid);
      expect({ ...player, playtimeSec: 0 }).toEqual({ ...listed, playtimeSec: 0 });
      expect(pals.length).toBeGreaterThan(0);
    },
  },
  {
    name: 'Pal: /pals rows carry exactly the spec fields, ordered by instanceId',
    async run(send, fx) {
      const { rows } = await walk(send, '/pals', fx.key, 500);
      expect(rows.map((r) => r.instanceId)).toEqual(fx.world.pals.map((p) => p.instanceId).sort());
      const fields = ['instanceId', 'characterId', 'displayName', 'level', 'isAlpha', 'isLucky', 'inParty', 'partySlot', 'boxPage', 'boxSlot', 'placement', 'baseId', 'hp', 'gender', 'rank', 'talents', 'passiveSkillIds', 'equippedSkillIds', 'ownerUid', 'ownerName', 'ownerSource', 'ownerResolved'];
      for (const r of rows) {
        expect(sortedKeys(r)).toEqual([...fields].sort());
        expect(sortedKeys(r.talents)).toEqual(['defense', 'hp', 'melee', 'shot']);
        expect(['party', 'box', 'base', 'unknown']).toContain(r.placement);
        expect(['save', 'personal_container', 'last_observed', 'unresolved']).toContain(r.ownerSource);
        expect(r.rank === null || (Number.isInteger(r.rank) && r.rank >= 1 && r.rank <= 5)).toBe(true);
        if (r.characterId.startsWith('BOSS_')) expect(r.isAlpha).toBe(true);
      }
    },
  },
  {
    name: 'Pal rule 1: placement base ⇔ non-null baseId',
    async run(send, fx) {
      const { rows } = await walk(send, '/pals', fx.key, 500);
      expect(rows.some((r) => r.placement === 'base')).toBe(true);
      for (const r of rows) expect(r.baseId !== null).toBe(r.placement === 'base');
    },
  },
  {
    name: 'Pal rule 2: raw container identifiers are never exposed',
    async run(send, fx) {
      const body = (await get(send, `${I}/pals?limit=500`, fx.key)).body;
      expect(body.toLowerCase()).not.toContain('container"');
      expect(body).not.toContain('containerId');
    },
  },
  {
    name: 'Guild: members with memberCount; base name null never empty; base location null never (0,0)',
    async run(send, fx) {
      const body = await getJson(send, `${I}/guilds`, fx.key);
      expect(body.data.map((g: any) => g.id)).toEqual(fx.world.guilds.map((g) => g.id).sort());
      for (const g of body.data) {
        expect(sortedKeys(g)).toEqual(['adminUid', 'bases', 'id', 'memberCount', 'members', 'name']);
        expect(g.memberCount).toBe(g.members.length);
        for (const m of g.members) expect(sortedKeys(m)).toEqual(['name', 'uid']);
        for (const b of g.bases) {
          expect(sortedKeys(b)).toEqual(['id', 'level', 'location', 'name']);
          expect(b.name).not.toBe('');
          if (b.location !== null) expect(b.location.x === 0 && b.location.y === 0).toBe(false);
        }
      }
    },
  },
  {
    name: 'Map dataset: source, gameVersion, fetchedAt, notes and layers with transform and bounds; never tiles',
    async run(send, fx) {
      const { data } = await getJson(send, `${I}/map`, fx.key);
      expect(sortedKeys(data)).toEqual(['fetchedAt', 'gameVersion', 'layers', 'notes', 'source']);
      expect(data.layers.length).toBeGreaterThanOrEqual(2);
      for (const l of data.layers) {
        expect(sortedKeys(l)).toEqual(['bounds', 'format', 'id', 'label', 'maxZoom', 'minZoom', 'tileSize', 'transform']);
        expect(sortedKeys(l.transform)).toEqual(['a', 'b', 'c', 'd']);
        expect(l.bounds).toHaveLength(2);
        expect(l.bounds[0][0]).toBeLessThan(l.bounds[1][0]);
        expect(l.bounds[0][1]).toBeLessThan(l.bounds[1][1]);
      }
      expect(JSON.stringify(data)).not.toMatch(/https?:\/\//);
    },
  },
  {
    name: 'Server status: running with the live fields and the save block; worldGuid and panelVersion omitted',
    needs: ['live'],
    async run(send, fx) {
      await fx.setOnline!([]);
      const { data } = await getJson(send, `${I}/server`, fx.key);
      expect(data).toMatchObject({ state: 'running', name: expect.any(String), version: expect.any(String) });
      expect(data.name).not.toBe('');
      expect(sortedKeys(data)).toEqual(['description', 'name', 'save', 'state', 'uptimeSec', 'version']);
      expect(data.save).toEqual({ state: 'ok', formatDrift: false, lastParseAt: fx.lastParseAt, players: fx.world.players.length, pals: fx.world.pals.length, guilds: fx.world.guilds.length });
    },
  },
  {
    name: 'Derived value sets: server.state unreachable (no snapshot or unreachable) → 200 with empty live fields and the save block filled',
    async run(send, fx) {
      await fx.setOnline?.(null);
      const res = await get(send, `${I}/server`, fx.key);
      expect(res.status).toBe(200);
      const { data } = JSON.parse(res.body);
      expect(data).toEqual({
        name: '',
        description: '',
        version: '',
        state: 'unreachable',
        uptimeSec: 0,
        save: { state: 'ok', formatDrift: false, lastParseAt: fx.lastParseAt, players: fx.world.players.length, pals: fx.world.pals.length, guilds: fx.world.guilds.length },
      });
      await fx.setOnline?.([]);
    },
  },
  {
    name: 'Derived value sets: server.save.state drift when the last parse hit format drift',
    needs: ['reparse'],
    async run(send, fx) {
      fx.reparse!({ ...fx.world, formatDrift: true }, fx.lastParseAt);
      const { data } = await getJson(send, `${I}/server`, fx.key);
      expect(data.save).toMatchObject({ state: 'drift', formatDrift: true });
      expect((await getJson(send, `${I}/pals`, fx.key)).formatDrift).toBe(true);
      fx.reparse!(fx.world, fx.lastParseAt);
      expect((await getJson(send, `${I}/server`, fx.key)).data.save.state).toBe('ok');
    },
  },
  {
    name: 'Metrics: fps, fpsAvg, frameTimeMs, players, maxPlayers, day, uptimeSec, baseCamps',
    async run(send, fx) {
      const { data } = await getJson(send, `${I}/metrics/current`, fx.key);
      expect(sortedKeys(data)).toEqual(['baseCamps', 'day', 'fps', 'fpsAvg', 'frameTimeMs', 'maxPlayers', 'players', 'uptimeSec']);
      for (const k of ['players', 'maxPlayers', 'day', 'uptimeSec', 'baseCamps']) expect(Number.isInteger(data[k])).toBe(true);
    },
  },
  {
    name: 'World summary: state plus aggregates only (no names, ids, guilds, locations)',
    async run(send, fx) {
      const { data } = await getJson(send, `${I}/world/summary`, fx.key);
      expect(['disabled', 'pending', 'ready', 'stale', 'unsupported', 'unauthorized', 'unavailable']).toContain(data.state);
      for (const k of Object.keys(data)) expect(['state', 'capturedAt', 'lastAttemptAt', 'fps', 'fpsAvg', 'counts', 'activity', 'linkedBasePals']).toContain(k);
      expect(sortedKeys(data.counts)).toEqual(['basePals', 'npcs', 'palBoxes', 'partyPals', 'players', 'unknown', 'wildPals']);
      expect(sortedKeys(data.activity)).toEqual(['combat', 'eating', 'idle', 'inactive', 'incapacitated', 'moving', 'sleeping', 'transporting', 'unknown', 'working']);
    },
  },
  {
    name: 'Base workers: state, capturedAt and save-linked workers only',
    async run(send, fx) {
      const { data } = await getJson(send, `${I}/world/workers`, fx.key);
      for (const k of Object.keys(data)) expect(['state', 'capturedAt', 'workers']).toContain(k);
      const allowed = ['instanceId', 'characterId', 'displayName', 'isBoss', 'level', 'hpPercent', 'active', 'activity', 'baseId', 'ownerUid', 'ownerName', 'ownerSource'];
      for (const w of data.workers) {
        for (const k of Object.keys(w)) expect(allowed).toContain(k);
        expect(w.instanceId).not.toBe('');
      }
    },
  },

  // Endpoints
  {
    name: 'Endpoints rule 1: any method other than GET (HEAD and OPTIONS included) → 405 with Allow: GET, before any handler, even unauthenticated and on unknown paths',
    async run(send, fx) {
      for (const path of [`${I}/players`, `${I}/players/zzz`, `${I}/no/such/path`, I]) {
        for (const method of OTHER_METHODS) {
          for (const headers of [{}, bearer(fx.key), bearer('garbage')]) {
            const res = await send({ method, path, headers });
            expect(res.status, `${method} ${path}`).toBe(405);
            expect(res.headers.allow).toBe('GET');
            expect(res.headers['cache-control']).toBe('no-store');
            if (method !== 'HEAD') expect(JSON.parse(res.body)).toEqual({ error: { code: 'method_not_allowed', message: 'Method not allowed.' } });
          }
        }
      }
    },
  },
  {
    name: 'Endpoints rule 2: malformed uid segment → 404 without a lookup',
    async run(send, fx) {
      for (const seg of ['zzz', 'G0000000', '0'.repeat(37), '%41', '00000000_0000', 'abc.def', '-'.repeat(37)]) {
        expectError(await get(send, `${I}/players/${seg}`, fx.key), 404, 'not_found');
      }
    },
  },
  {
    name: 'Endpoints rule 2: well-formed unknown uid → 404 not_found; a known uid matches with or without dashes, any case',
    async run(send, fx) {
      expectError(await get(send, `${I}/players/FFFFFFFF-0000-0000-0000-000000000000`, fx.key), 404, 'not_found');
      expectError(await get(send, `${I}/players/-`, fx.key), 404, 'not_found');
      const uid = fx.world.players[1].uid;
      for (const variant of [uid, uid.toLowerCase(), uid.replace(/-/g, '')]) {
        expect((await getJson(send, `${I}/players/${variant}`, fx.key)).data.uid).toBe(uid);
      }
    },
  },
  {
    name: 'Endpoints rule 3: /players?online=true returns only players online',
    needs: ['live'],
    async run(send, fx) {
      const online = [fx.world.players[0].uid, fx.world.players[3].uid];
      await fx.setOnline!(online);
      const body = await getJson(send, `${I}/players?online=true`, fx.key);
      expect(body.data.map((p: any) => p.uid)).toEqual([...online].sort());
      expect(body.data.every((p: any) => p.online === true)).toBe(true);
      const all = (await walk(send, '/players', fx.key, 500)).rows;
      expect(all.filter((p) => p.online).map((p) => p.uid)).toEqual([...online].sort());
      await fx.setOnline!([]);
    },
  },
  {
    name: 'Endpoints rule 3: nobody online → empty data with nextCursor null',
    async run(send, fx) {
      await fx.setOnline?.([]);
      const body = await getJson(send, `${I}/players?online=true&limit=1`, fx.key);
      expect(body.data).toEqual([]);
      expect(body.nextCursor).toBeNull();
    },
  },
  {
    name: 'Endpoints rule 3: any other value of online → 400 invalid_request',
    async run(send, fx) {
      for (const q of ['online=false', 'online=TRUE', 'online=1', 'online=', 'online', 'online=true&online=true', 'online=yes']) {
        expectError(await get(send, `${I}/players?${q}`, fx.key), 400, 'invalid_request');
      }
    },
  },
  {
    name: 'Endpoints rule 4: /pals carries ownerUid, ownerName, ownerSource, ownerResolved',
    async run(send, fx) {
      const { rows } = await walk(send, '/pals', fx.key, 500);
      for (const r of rows) {
        const seeded = fx.world.pals.find((p) => p.instanceId === r.instanceId)!;
        expect({ ownerUid: r.ownerUid, ownerName: r.ownerName, ownerSource: r.ownerSource, ownerResolved: r.ownerResolved }).toEqual({
          ownerUid: seeded.ownerUid,
          ownerName: seeded.ownerName,
          ownerSource: seeded.ownerSource,
          ownerResolved: seeded.ownerResolved,
        });
      }
    },
  },
  {
    name: 'Endpoints rule 5: /guilds is not paginated and exposes base locations',
    async run(send, fx) {
      const body = await getJson(send, `${I}/guilds?limit=1`, fx.key);
      expect(body).not.toHaveProperty('nextCursor');
      expect(body.data).toHaveLength(fx.world.guilds.length);
      expect(body.data.flatMap((g: any) => g.bases).some((b: any) => b.location !== null)).toBe(true);
    },
  },
  {
    name: 'Endpoints rule 6: /server answers 200 when the game server is unreachable',
    async run(send, fx) {
      await fx.setOnline?.(null);
      const res = await get(send, `${I}/server`, fx.key);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).data.state).toBe('unreachable');
      await fx.setOnline?.([]);
    },
  },
  {
    name: 'Endpoints rule 7: /events is a bounded window, most recent first, no meta and no cursor',
    async run(send, fx) {
      const body = await getJson(send, `${I}/events`, fx.key);
      expect(sortedKeys(body)).toEqual(['data']);
      const want = [...fx.publicEvents].reverse().slice(0, 50);
      expect(body.data).toEqual(want);
      const five = await getJson(send, `${I}/events?limit=5&cursor=abc&kind=join`, fx.key);
      expect(five.data).toEqual(want.slice(0, 5));
    },
  },
  {
    name: 'Endpoints rules 8 and 9: only join, leave, backup (fixed text) and the four system texts survive',
    async run(send, fx) {
      const { data } = await getJson(send, `${I}/events?limit=100`, fx.key);
      const system = ['Palworld REST API is reachable', 'Palworld REST API is unreachable', 'world save format drift detected', 'world save format drift resolved'];
      for (const e of data) {
        expect(sortedKeys(e)).toEqual(['at', 'kind', 'message']);
        expect(['join', 'leave', 'backup', 'system']).toContain(e.kind);
        if (e.kind === 'backup') expect(e.message).toBe('Backup completed');
        if (e.kind === 'system') expect(system).toContain(e.message);
      }
      expect(data).toEqual([...fx.publicEvents].reverse().slice(0, 100));
    },
  },
  {
    name: 'Endpoints rule 10: every 200 has a weak ETag; If-None-Match (exact, W/-less, list, *) → bodyless 304 with the same ETag',
    async run(send, fx) {
      for (const route of ROUTES) {
        const ok = await get(send, `${I}${route}`, fx.key);
        expect(ok.status).toBe(200);
        const etag = ok.headers.etag;
        expect(etag).toMatch(/^W\/".+"$/);
        for (const inm of [etag, etag.slice(2), `"nope", ${etag}`, `W/"nope",${etag.slice(2)}`, '*']) {
          const res = await get(send, `${I}${route}`, fx.key, { 'if-none-match': inm });
          expect(res.status, `${route} ${inm}`).toBe(304);
          expect(res.body).toBe('');
          expect(res.headers.etag).toBe(etag);
          expect(res.headers['cache-control']).toBe('no-store');
        }
        const miss = await get(send, `${I}${route}`, fx.key, { 'if-none-match': 'W/"other"' });
        expect(miss.status).toBe(200);
        expect(miss.headers.etag).toBe(etag);
      }
    },
  },
  {
    name: 'Endpoints rule 10: no ETag on 4xx, even with If-None-Match: *',
    async run(send, fx) {
      for (const path of [`${I}/pals?limit=0`, `${I}/players/zzz`, `${I}/nope`]) {
        const res = await get(send, path, fx.key, { 'if-none-match': '*' });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers.etag).toBeUndefined();
      }
      const unauth = await get(send, `${I}/map`, undefined, { 'if-none-match': '*' });
      expect(unauth.status).toBe(401);
      expect(unauth.headers.etag).toBeUndefined();
    },
  },

  // Key management and the key lifecycle
  {
    name: 'Key management: POST → 201, Cache-Control no-store, the record plus the key (shown once), label trimmed',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const res = await send(panel('POST', '/integration-keys', cookie, { label: '  status page  ' }));
      expect(res.status, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = JSON.parse(res.body);
      expect(sortedKeys(body)).toEqual(['createdAt', 'id', 'key', 'label', 'lastUsedAt', 'revokedAt']);
      expect(body).toMatchObject({ label: 'status page', lastUsedAt: null, revokedAt: null });
      expect(body.id).toMatch(/^[0-9a-f]{8}$/);
      expect(body.key).toMatch(new RegExp(`^svk_${body.id}_[A-Za-z0-9_-]{43}$`));
      expect(body.key).toHaveLength(56);
      const list = await send(panel('GET', '/integration-keys', cookie));
      expect(list.body).not.toContain(body.key);
      expect(list.body).not.toContain(body.key.slice(14));
      expect(JSON.parse(list.body).find((k: any) => k.id === body.id)).toEqual({ ...body, key: undefined });
      await send(panel('DELETE', `/integration-keys/${body.id}`, cookie));
    },
  },
  {
    name: 'Key management: label 1 to 64 characters (code points) after trimming, else 400 invalid_request; a body that is not JSON → 400 invalid_request',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      for (const label of ['', '   ', 'x'.repeat(65), 42, null]) {
        expectError(await send(panel('POST', '/integration-keys', cookie, { label })), 400, 'invalid_request');
      }
      expectError(await send(panel('POST', '/integration-keys', cookie, {})), 400, 'invalid_request');
      for (const body of ['not json', '[1]', '"label"', '']) expectError(await send(panel('POST', '/integration-keys', cookie, body)), 400, 'invalid_request');
      // Characters, not UTF-16 units: 64 emoji fit, 65 do not; surrounding space is trimmed.
      expectError(await send(panel('POST', '/integration-keys', cookie, { label: '😀'.repeat(65) })), 400, 'invalid_request');
      for (const label of ['x'.repeat(64), '😀'.repeat(64), `  ${'é'.repeat(64)}\t`]) {
        const ok = await send(panel('POST', '/integration-keys', cookie, { label }));
        expect(ok.status, label).toBe(201);
        expect(JSON.parse(ok.body).label).toBe(label.trim());
        await send(panel('DELETE', `/integration-keys/${JSON.parse(ok.body).id}`, cookie));
      }
    },
  },
  {
    name: 'Key management: GET lists records newest first, never a key',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const ids: string[] = [];
      for (const label of ['first', 'second', 'third']) {
        ids.push(JSON.parse((await send(panel('POST', '/integration-keys', cookie, { label }))).body).id);
      }
      const list = JSON.parse((await send(panel('GET', '/integration-keys', cookie))).body);
      const positions = ids.map((id) => list.findIndex((k: any) => k.id === id));
      expect(positions[2]).toBeLessThan(positions[1]);
      expect(positions[1]).toBeLessThan(positions[0]);
      for (let i = 1; i < list.length; i++) expect(list[i - 1].createdAt >= list[i].createdAt).toBe(true);
      for (const k of list) expect(sortedKeys(k)).toEqual(['createdAt', 'id', 'label', 'lastUsedAt', 'revokedAt']);
      for (const id of ids) await send(panel('DELETE', `/integration-keys/${id}`, cookie));
    },
  },
  {
    name: 'Key lifecycle: active → revoked takes effect on the very next request; the record is kept; revoking again returns the original revokedAt',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const created = JSON.parse((await send(panel('POST', '/integration-keys', cookie, { label: 'short-lived' }))).body);
      expect((await get(send, `${I}/server`, created.key)).status).toBe(200);
      const revoked = await send(panel('DELETE', `/integration-keys/${created.id}`, cookie));
      expect(revoked.status).toBe(200);
      const rec = JSON.parse(revoked.body);
      expect(sortedKeys(rec)).toEqual(['createdAt', 'id', 'label', 'lastUsedAt', 'revokedAt']);
      expect(rec.revokedAt).toMatch(RFC3339_UTC);
      expectError(await get(send, `${I}/server`, created.key), 401, 'unauthorized');
      const again = JSON.parse((await send(panel('DELETE', `/integration-keys/${created.id}`, cookie))).body);
      expect(again.revokedAt).toBe(rec.revokedAt);
      const list = JSON.parse((await send(panel('GET', '/integration-keys', cookie))).body);
      expect(list.find((k: any) => k.id === created.id)).toMatchObject({ revokedAt: rec.revokedAt });
    },
  },
  {
    name: 'Key lifecycle: DELETE with an unknown id → 404 not_found',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      for (const id of ['ffffffff', 'nothex!!', 'x']) expectError(await send(panel('DELETE', `/integration-keys/${id}`, cookie)), 404, 'not_found');
    },
  },
  {
    name: 'Key lifecycle: using an active key updates its lastUsedAt',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const created = JSON.parse((await send(panel('POST', '/integration-keys', cookie, { label: 'usage' }))).body);
      expect((await get(send, `${I}/map`, created.key)).status).toBe(200);
      const rec = JSON.parse((await send(panel('GET', '/integration-keys', cookie))).body).find((k: any) => k.id === created.id);
      expect(rec.lastUsedAt).toMatch(RFC3339_UTC);
      await send(panel('DELETE', `/integration-keys/${created.id}`, cookie));
    },
  },
  {
    name: 'Key lifecycle: at 100 active keys creation → 409 too_many_keys; revoked keys do not count',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const mine: string[] = [];
      let conflict: WireResponse | null = null;
      for (let i = 0; i < 101 && !conflict; i++) {
        const res = await send(panel('POST', '/integration-keys', cookie, { label: `bulk ${i}` }));
        if (res.status === 201) mine.push(JSON.parse(res.body).id);
        else conflict = res;
      }
      expect(conflict).not.toBeNull();
      expectError(conflict!, 409, 'too_many_keys');
      const active = JSON.parse((await send(panel('GET', '/integration-keys', cookie))).body).filter((k: any) => k.revokedAt === null);
      expect(active).toHaveLength(100);
      await send(panel('DELETE', `/integration-keys/${mine[0]}`, cookie));
      const again = await send(panel('POST', '/integration-keys', cookie, { label: 'after a revoke' }));
      expect(again.status).toBe(201);
      mine.push(JSON.parse(again.body).id);
      for (const id of mine) await send(panel('DELETE', `/integration-keys/${id}`, cookie));
    },
  },
  {
    name: 'Key management: a viewer session gets 403 forbidden on every key route',
    async run(send, fx) {
      const cookie = await login(send, fx.viewer);
      expectError(await send(panel('GET', '/integration-keys', cookie)), 403, 'forbidden');
      expectError(await send(panel('POST', '/integration-keys', cookie, { label: 'nope' })), 403, 'forbidden');
      expectError(await send(panel('DELETE', '/integration-keys/ffffffff', cookie)), 403, 'forbidden');
    },
  },
  {
    name: 'Key management: no session (or a bearer key) → 401 unauthorized',
    async run(send, fx) {
      for (const [method, path] of [['GET', '/integration-keys'], ['POST', '/integration-keys'], ['DELETE', '/integration-keys/ffffffff']]) {
        expectError(await send({ ...panel(method, path, undefined, method === 'POST' ? { label: 'x' } : undefined), headers: bearer(fx.key) }), 401, 'unauthorized');
        expectError(await send(panel(method, path, 'palpanel_session=forged-token-value-forged-token-value-forged-t')), 401, 'unauthorized');
      }
    },
  },

  // Contract document
  {
    name: 'Contract document: GET /api/openapi.json without auth → OpenAPI 3.1 with bearerAuth, every integration path and its 405',
    async run(send) {
      const res = await send({ method: 'GET', path: '/api/openapi.json' });
      expect(res.status).toBe(200);
      const doc = JSON.parse(res.body);
      expect(doc.openapi).toMatch(/^3\.1\./);
      expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
      for (const route of ['/players', '/players/{uid}', '/pals', '/guilds', '/map', '/server', '/metrics/current', '/world/summary', '/world/workers', '/events']) {
        const item = doc.paths[`${I}${route}`];
        expect(item, route).toBeDefined();
        expect(item.get.security).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(item.get.responses)).toEqual(expect.arrayContaining(['200', '304', '401', '404', '405', '429', '500']));
      }
      expect(res.body).not.toMatch(/svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}/);
    },
  },

  // Authentication
  {
    name: 'Authentication rules 1 and 3: every failure (missing, malformed, unknown id, wrong secret, revoked) is the same 401 with WWW-Authenticate: Bearer',
    async run(send, fx) {
      const variants: Record<string, string> = {
        malformedScheme: `Basic ${Buffer.from('a:b').toString('base64')}`,
        malformedKey: 'Bearer not-a-key',
        emptyBearer: 'Bearer ',
        unknownId: `Bearer ${without(fx.key, 'ffffffff')}`,
        wrongSecret: `Bearer ${fx.key.slice(0, 14)}${'A'.repeat(42)}`,
        revoked: `Bearer ${fx.revokedKey}`,
        twoTokens: `Bearer ${fx.key} ${fx.key}`,
        // A valid key in a header that is not `Bearer 1*SP <key>` is malformed.
        tab: `Bearer\t${fx.key}`,
        basicWithKey: `Basic ${fx.key}`,
        keyAlone: fx.key,
        empty: '',
        rightGrammarUnknownId: `Bearer svk_0badc0de_${'A'.repeat(43)}`,
      };
      const missing = await get(send, `${I}/players`);
      const norm = (r: WireResponse) => ({ status: r.status, body: r.body, headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => k !== 'date')) });
      expect(missing.status).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer');
      expect(JSON.parse(missing.body)).toEqual({ error: { code: 'unauthorized', message: 'A valid API key is required.' } });
      for (const [name, authorization] of Object.entries(variants)) {
        const res = await send({ method: 'GET', path: `${I}/players`, headers: { authorization } });
        expect(norm(res), name).toEqual(norm(missing));
      }
    },
  },
  {
    name: 'Authentication rule 1: the Bearer scheme is case-insensitive and may be followed by several spaces (RFC 7235 §2.1, RFC 6750 §2.1)',
    async run(send, fx) {
      for (const authorization of [`bearer ${fx.key}`, `BEARER ${fx.key}`, `Bearer  ${fx.key}`]) {
        const res = await send({ method: 'GET', path: `${I}/server`, headers: { authorization } });
        expect(res.status, authorization.slice(0, 8)).toBe(200);
      }
    },
  },
  {
    name: 'Authentication rule 2: authentication runs before routing (a bad key on an unknown path gets the same 401)',
    async run(send, fx) {
      const known = await get(send, `${I}/players`, fx.revokedKey);
      for (const path of [`${I}/no/such/path`, `${I}/players/zzz`, `${I}/pals?limit=0`, I]) {
        const res = await get(send, path, fx.revokedKey);
        expect(res.status).toBe(401);
        expect(res.body).toBe(known.body);
      }
    },
  },
  {
    name: 'Authentication rule 4: a valid key on a non-existent path → 404 not_found',
    async run(send, fx) {
      for (const path of [`${I}/no/such/path`, `${I}/players/`, `${I}/`, I, `${I}/PALS`]) expectError(await get(send, path, fx.key), 404, 'not_found');
    },
  },
  {
    name: 'Panel authentication: login → 200 {username, role} with an HttpOnly, SameSite=Strict session cookie; me; logout ends the session',
    async run(send, fx) {
      const res = await send(panel('POST', '/auth/login', undefined, fx.admin));
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ username: fx.admin.username, role: 'admin' });
      const cookie = res.headers['set-cookie'];
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      const session = cookie.split(';')[0];
      expect(JSON.parse((await send(panel('GET', '/auth/me', session))).body)).toEqual({ username: fx.admin.username, role: 'admin' });
      const out = await send(panel('POST', '/auth/logout', session));
      expect(out.status).toBe(204);
      expectError(await send(panel('GET', '/auth/me', session)), 401, 'unauthorized');
      const viewer = await login(send, fx.viewer);
      expect(JSON.parse((await send(panel('GET', '/auth/me', viewer))).body)).toEqual({ username: fx.viewer.username, role: 'viewer' });
    },
  },
  {
    name: 'Panel authentication: the cookie is Secure when the request came through a TLS proxy (X-Forwarded-Proto or Forwarded proto=https)',
    async run(send, fx) {
      const res = await send(panel('POST', '/auth/login', undefined, fx.admin, { 'x-forwarded-proto': 'https' }));
      expect(res.headers['set-cookie']).toMatch(/; Secure/);
      const std = await send(panel('POST', '/auth/login', undefined, fx.admin, { forwarded: 'for=192.0.2.60;proto=https;by=203.0.113.43' }));
      expect(std.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      const plain = await send(panel('POST', '/auth/login', undefined, fx.admin, { forwarded: 'for=192.0.2.60;proto=http' }));
      expect(plain.headers['set-cookie']).not.toMatch(/Secure/);
    },
  },
  {
    name: 'Panel authentication: wrong credentials → 401 invalid_credentials, the same for a wrong password and an unknown user',
    async run(send, fx) {
      const wrong = await send(panel('POST', '/auth/login', undefined, { username: fx.admin.username, password: 'wrong-password-1' }));
      const unknown = await send(panel('POST', '/auth/login', undefined, { username: 'nobody-here', password: 'wrong-password-1' }));
      expectError(wrong, 401, 'invalid_credentials');
      expect(unknown.status).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(wrong.headers['set-cookie']).toBeUndefined();
      expectError(await send(panel('POST', '/auth/login', undefined, 'nope')), 400, 'invalid_request');
      expectError(await send(panel('POST', '/auth/login', undefined, { username: 1, password: 2 })), 400, 'invalid_request');
    },
  },
  {
    name: 'Panel authentication: every /api/v1 path except POST /auth/login needs a session (401 before routing, other methods of the login path included); signed in, an unknown path is 404',
    async run(send, fx) {
      const paths = [['GET', '/nope'], ['GET', '/players'], ['POST', '/auth/logout'], ['GET', '/auth/me'], ['DELETE', '/anything/at/all'], ['GET', '']];
      // Only POST of the login path is exempt: its other methods need a session like any path.
      for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) paths.push([method, '/auth/login']);
      for (const [method, path] of paths) {
        expectError(await send(panel(method, path, undefined, undefined, bearer(fx.key))), 401, 'unauthorized');
      }
      const cookie = await login(send, fx.viewer);
      expectError(await send(panel('GET', '/nope', cookie)), 404, 'not_found');
      const wrongMethod = await send(panel('GET', '/auth/login', cookie));
      expectError(wrongMethod, 405, 'method_not_allowed');
      expect(wrongMethod.headers.allow).toBe('POST');
    },
  },
  {
    name: 'Panel authentication: a mutating request from another Origin → 403; same origin or no Origin passes',
    async run(send, fx) {
      const cookie = await login(send, fx.admin);
      const host = { host: '127.0.0.1:8080' };
      expectError(await send(panel('POST', '/integration-keys', cookie, { label: 'csrf' }, { ...host, origin: 'https://evil.example' })), 403, 'forbidden');
      expectError(await send(panel('POST', '/auth/login', undefined, fx.admin, { ...host, origin: 'https://evil.example' })), 403, 'forbidden');
      expectError(await send(panel('POST', '/auth/logout', cookie, undefined, { ...host, origin: 'null' })), 403, 'forbidden');
      const same = await send(panel('POST', '/integration-keys', cookie, { label: 'same origin' }, { ...host, origin: 'http://127.0.0.1:8080' }));
      expect(same.status).toBe(201);
      // A GET is not mutating: Origin does not matter.
      expect((await send(panel('GET', '/auth/me', cookie, undefined, { ...host, origin: 'https://evil.example' }))).status).toBe(200);
      await send(panel('DELETE', `/integration-keys/${JSON.parse(same.body).id}`, cookie));
    },
  },

  // Errors
  {
    name: 'Errors: every error body is exactly {error: {code, message}} with one of the spec\'s codes',
    async run(send, fx) {
      const cookie = await login(send, fx.viewer);
      const responses = [
        await get(send, `${I}/players`),
        await get(send, `${I}/nope`, fx.key),
        await get(send, `${I}/pals?limit=x`, fx.key),
        await get(send, `${I}/pals?cursor=!!`, fx.key),
        await get(send, `${I}/players?online=no`, fx.key),
        await send({ method: 'PUT', path: `${I}/pals` }),
        await send(panel('GET', '/integration-keys', cookie)),
        await send({ method: 'GET', path: '/nowhere' }),
        await send(panel('POST', '/integration-keys', await login(send, fx.admin), { label: ' ' })),
        await send(panel('POST', '/auth/login', undefined, { username: fx.admin.username, password: 'wrong-password-1' })),
      ];
      for (const res of responses) {
        const body = JSON.parse(res.body);
        expect(sortedKeys(body)).toEqual(['error']);
        expect(sortedKeys(body.error)).toEqual(['code', 'message']);
        expect(body.error.message).toMatch(/^[A-Z].*\.$/);
        // interface.md: codes are exactly the spec's (plus its own invalid_credentials and forbidden).
        expect(SPEC_CODES).toContain(body.error.code);
      }
    },
  },

  // Limits
  {
    name: 'Limits: page size default 100 on /players and /pals',
    async run(send, fx) {
      const body = await getJson(send, `${I}/pals`, fx.key);
      expect(body.data).toHaveLength(Math.min(100, fx.world.pals.length));
      expect(body.nextCursor === null).toBe(fx.world.pals.length < 100);
      const players = await getJson(send, `${I}/players`, fx.key);
      expect(players.data).toHaveLength(Math.min(100, fx.world.players.length));
    },
  },
  {
    name: 'Limits: limit 1 and 500 are accepted; anything else (sign, space, point, leading zero, repeated) → 400 invalid_limit',
    async run(send, fx) {
      for (const route of ['/players', '/pals']) {
        expect((await getJson(send, `${I}${route}?limit=1`, fx.key)).data).toHaveLength(1);
        expect((await get(send, `${I}${route}?limit=500`, fx.key)).status).toBe(200);
        for (const bad of ['0', '501', '-1', '1.5', '1.0', 'abc', '', '1e2', '%2B5', '+5', '%205', '5%20', '10abc', '007', '0000005', '99999999999', '5&limit=6', '5&limit=5', '0x10', '%EF%BC%95']) {
          expectError(await get(send, `${I}${route}?limit=${bad}`, fx.key), 400, 'invalid_limit');
        }
      }
    },
  },
  {
    name: 'Limits: events limit default 50, 1 to 100, else 400 invalid_limit',
    async run(send, fx) {
      expect((await getJson(send, `${I}/events`, fx.key)).data).toHaveLength(Math.min(50, fx.publicEvents.length));
      expect((await getJson(send, `${I}/events?limit=1`, fx.key)).data).toHaveLength(1);
      expect((await getJson(send, `${I}/events?limit=100`, fx.key)).data).toHaveLength(Math.min(100, fx.publicEvents.length));
      for (const bad of ['0', '101', 'x', '-3', '', '+5', '%205', '1.0', '10abc', '007', '5&limit=5']) expectError(await get(send, `${I}/events?limit=${bad}`, fx.key), 400, 'invalid_limit');
    },
  },
  {
    name: 'Keyset pagination rule 1: an empty cursor is the first page; a cursor undecodable, of another version or charset → 400 invalid_cursor',
    async run(send, fx) {
      const first = await getJson(send, `${I}/pals?limit=3`, fx.key);
      expect(await getJson(send, `${I}/pals?limit=3&cursor=`, fx.key)).toEqual(first);
      const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
      const bad = ['!!!', 'abc$', b64('2:abc'), b64('0:abc'), b64('abc'), b64('1:'), b64(Buffer.from([0x31, 0x3a, 0xff, 0xfe])), `${b64('1:abc')}=`, 'a', '%zz', 'A'.repeat(2000), `${first.nextCursor}&cursor=${first.nextCursor}`];
      for (const c of bad) expectError(await get(send, `${I}/pals?cursor=${c}`, fx.key), 400, 'invalid_cursor');
      for (const c of bad.slice(0, 4)) expectError(await get(send, `${I}/players?cursor=${c}`, fx.key), 400, 'invalid_cursor');
      // Well-encoded, but a key with a control character is no key the API issues.
      for (const key of ['\u0000', 'a\nb', 'ab\u001f', '\u007fab']) {
        for (const route of ['/pals', '/players']) expectError(await get(send, `${I}${route}?cursor=${b64(`1:${key}`)}`, fx.key), 400, 'invalid_cursor');
      }
    },
  },
  {
    name: 'Keyset pagination rule 2: nextCursor is null whenever fewer than limit rows are returned',
    async run(send, fx) {
      for (const [route, total] of [['/pals', fx.world.pals.length], ['/players', fx.world.players.length]] as const) {
        const limit = total % 7 === 0 ? 9 : 7;
        const { pages, rows } = await walk(send, route, fx.key, limit);
        expect(rows).toHaveLength(total);
        for (const page of pages) {
          if (page.data.length < limit) expect(page.nextCursor).toBeNull();
          else expect(page.nextCursor).toEqual(expect.any(String));
        }
        expect(pages.at(-1).data.length).toBeGreaterThan(0);
      }
    },
  },
  {
    name: 'Keyset pagination rule 3: total an exact multiple of limit → last full page has a cursor, the next page is empty with null',
    async run(send, fx) {
      const total = fx.world.pals.length;
      const limit = [50, 25, 20, 10, 5, 4, 2].find((l) => total % l === 0 && total / l >= 2) ?? 1;
      const { pages, rows } = await walk(send, '/pals', fx.key, limit);
      expect(rows).toHaveLength(total);
      expect(pages).toHaveLength(total / limit + 1);
      expect(pages.at(-2).nextCursor).toEqual(expect.any(String));
      expect(pages.at(-1)).toMatchObject({ data: [], nextCursor: null });
    },
  },
  {
    name: 'Keyset pagination rule 4: a walk returns every row exactly once, in ascending key order',
    async run(send, fx) {
      for (const [route, key, total] of [['/pals', 'instanceId', fx.world.pals.length], ['/players', 'uid', fx.world.players.length]] as const) {
        const { rows } = await walk(send, route, fx.key, 3);
        const keys = rows.map((r) => r[key]);
        expect(new Set(keys).size).toBe(total);
        expect(keys).toEqual([...keys].sort());
      }
    },
  },

  // Versioning
  {
    name: 'Versioning rules 1 and 4: the contract lives under /api/integration/v1; other versions are not this surface',
    async run(send, fx) {
      expect((await get(send, `${I}/server`, fx.key)).status).toBe(200);
      const v2 = await get(send, '/api/integration/v2/server', fx.key);
      expectError(v2, 404, 'not_found');
      expect(v2.headers['www-authenticate']).toBeUndefined();
    },
  },
  {
    name: 'Versioning rule 6: /server version and /map gameVersion are the game\'s strings, not contract versions',
    async run(send, fx) {
      const map = await getJson(send, `${I}/map`, fx.key);
      expect(map.data.gameVersion).not.toBe('v1');
      const doc = JSON.parse((await send({ method: 'GET', path: '/api/openapi.json' })).body);
      expect(doc.paths[`${I}/server`]).toBeDefined();
    },
  },
];

/** Runs one case; skips (returns false) when the fixture lacks what it needs. */
export async function runCase(c: ConformanceCase, send: Send, fx: ConformanceFixture): Promise<boolean> {
  if (c.needs?.includes('live') && !fx.setOnline) return false;
  if (c.needs?.includes('reparse') && !fx.reparse) return false;
  await c.run(send, fx);
  return true;
}

export interface CaseResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  error?: unknown;
}

/** Runs the whole table outside a test framework's own loop (e.g. a smoke check of a deployed
 * service); failures are collected, not thrown. */
export async function runConformance(send: Send, fx: ConformanceFixture): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of CONFORMANCE_CASES) {
    try {
      results.push({ name: c.name, status: (await runCase(c, send, fx)) ? 'passed' : 'skipped' });
    } catch (error) {
      results.push({ name: c.name, status: 'failed', error });
    }
  }
  return results;
}
