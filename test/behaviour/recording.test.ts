// The behaviour recording: every HTTP answer the code gives to a fixed, ordered set of requests,
// and `parse --json` on every fixture save, normalized so that two runs of the same code write
// byte-identical files. Made before a behaviour-preserving refactor and again after it, the
// two files must be equal (compare them with /work/recordings/compare.sh or `cmp`).
//
// Sections, in this order:
//   conformance — every case of the Integration API conformance table, in-process through
//                 handle() with the table's own fixture, as test/http/conformance.test.ts runs it;
//   walk-bare   — every route of every route table (panel, Integration, public) on the bare
//                 handler of test/http/route-table.test.ts, as nobody, a viewer and an admin
//                 (and with a key on the Integration API), with a good body and bad ones;
//   walk-live   — the same walk on `serve` fully wired (live-rig.ts), over its real socket;
//   parse       — `bin/palpanel parse <fixture> --json` (the CLI from source) on each save.
//
// PALPANEL_RECORD_TO names the output (default artifacts/behaviour/recording.jsonl).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { integrationTable } from '../../src/http/integration/routes.js';
import { panelTable } from '../../src/http/panel/routes.js';
import { publicTable } from '../../src/http/public/routes.js';
import type { AnyRoute } from '../../src/http/routes/route.js';
import { readTar } from '../../src/lib/tar.js';
import { CONFORMANCE_CASES, runCase, type ConformanceFixture } from '../http/conformance-table.js';
import { ADMIN, seedConformance, VIEWER } from '../http/conformance-fixture.js';
import { bareHandler, onlinePlayer, silentLog, tempStore, TestLive, type Send, type TempStore } from '../helpers/fixture.js';
import { FIXTURES, ROOT } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { ContractJudge, type Asked, type Who } from './contract-judge.js';
import { startWiredServe, type WiredServe } from './live-rig.js';
import { exchangeLine, learnAll, Normalizer, type Exchange, type Shown } from './normalize.js';
import { inProcessRaw, socketRaw, type RawRequest, type RawSend } from './wire.js';

const OUT = (() => {
  const to = process.env.PALPANEL_RECORD_TO || 'artifacts/behaviour/recording.jsonl';
  return isAbsolute(to) ? to : join(ROOT, to);
})();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read from answers and schemas
type Json = any;

// ---- what the walk sends ----

interface TableRoute {
  /** `METHOD /path` below the table's base: the key of the hand lists below. */
  key: string;
  base: string;
  route: AnyRoute;
}

const TABLES = [panelTable(), integrationTable(), publicTable()];
// Walked in an order of their own (by path, then method), not the tables': a refactor may
// regroup a table, and a walk in table order would then read state in another order.
const ROUTES: TableRoute[] = TABLES.flatMap((t) =>
  t.routes.map((route) => ({ key: `${route.method} ${route.path}`, base: t.base, route })),
).sort((a, b) =>
  `${a.base}${a.route.path} ${a.route.method}` < `${b.base}${b.route.path} ${b.route.method}`
    ? -1
    : `${a.base}${a.route.path} ${a.route.method}` > `${b.base}${b.route.path} ${b.route.method}`
      ? 1
      : 0,
);
const PANEL_BASE = TABLES[0].base;
const INTEGRATION_BASE = TABLES[1].base;

/**
 * Good bodies by `METHOD path`, where the schema's own examples do not make one that does what
 * the walk wants (names it reuses later, nothing that reaches the internet, nothing switched on
 * that would act behind the walk's back). Other routes with a body get one built from the schema.
 */
const GOOD_BODIES: Record<string, unknown> = {
  'POST /auth/login': ADMIN,
  'POST /integration-keys': { label: 'recorder key' },
  'POST /users': { username: 'alice', role: 'viewer', password: 'recorder-pass-phrase-7' },
  'PATCH /users/{username}': { role: 'admin' },
  'PUT /users/{username}/password': { password: 'another-pass-phrase-8' },
  'POST /server/announce': { message: 'hello from the recorder' },
  'POST /server/shutdown': { delaySec: 600, message: 'The recorder asks for a shutdown.' },
  'POST /players/{uid}/kick': { reason: 'recorder kick' },
  'POST /players/{uid}/ban': { reason: 'recorder ban' },
  'POST /players/{uid}/unban': { reason: 'recorder unban' },
  'PUT /whitelist': { enabled: false, entries: [{ id: 'steam_76561198000000001', note: 'recorder' }] },
  'PUT /announcements': { enabled: false, joinTemplate: '{name} joined the server', leaveTemplate: '{name} left the server' },
  // Port 9 (discard): a delivery attempt, if any, fails at once and never leaves the machine.
  'POST /webhooks': { format: 'json', url: 'http://127.0.0.1:9/recorder-hook' },
  'POST /backups': { note: 'recorder backup' },
  'PUT /backups/schedule': { enabled: false, intervalHours: 6, retentionDays: 14 },
  'POST /backups/{id}/restore': { confirm: 'RESTORE' },
  'POST /console/exec': { command: 'ShowPlayers' },
  'POST /console/saved': { name: 'players', command: 'ShowPlayers' },
  'PUT /config': { ExpRate: 2, bIsPvP: false },
  'POST /players/{uid}/item-grants': { items: [{ itemId: 'PalSphere', count: 5 }] },
  'POST /tasks': {
    name: 'nightly save',
    enabled: false,
    schedule: { every: 'day', at: '04:00' },
    action: { kind: 'command', command: 'Save' },
  },
  'PUT /tasks/{id}': {
    name: 'nightly save 2',
    enabled: false,
    schedule: { every: 'interval', minutes: 60 },
    action: { kind: 'command', command: 'Save' },
  },
};

/** Answers whose `data.id` later requests use, under a name. */
const CAPTURE: Record<string, string> = {
  'POST /integration-keys': 'key',
  'POST /webhooks': 'webhook',
  'POST /tasks': 'task',
  'POST /console/saved': 'saved',
  'POST /backups': 'new-backup',
};

/** Path parameters taken from what the run made (else the schema's example). */
const PARAM_FROM: Record<string, string> = {
  'DELETE /integration-keys/{id}': 'key',
  'DELETE /webhooks/{id}': 'webhook',
  'PUT /tasks/{id}': 'task',
  'DELETE /tasks/{id}': 'task',
  'DELETE /sessions/{id}': 'victim-session',
  'GET /backups/{id}': 'backup',
  'GET /backups/{id}/contents': 'backup',
  'GET /backups/{id}/download': 'backup',
  'POST /backups/{id}/restore/dry-run': 'backup',
  'POST /backups/{id}/restore': 'backup',
  'GET /backups/{id}/restore': 'backup',
  // The backup the walk itself made: deleting it takes nothing from the routes after it.
  'DELETE /backups/{id}': 'new-backup',
};

/** Query strings of routes that need one. */
const QUERY: Record<string, (ids: Map<string, string>) => string> = {
  'DELETE /console/saved': (ids) => `?id=${ids.get('saved') ?? '0a1b2c3d'}`,
};

/** Walked last, in this order: each would change what the routes after it answer. */
const LAST = ['POST /backups/{id}/restore', 'POST /server/shutdown', 'POST /auth/logout'];

/** Paths outside the tables, asked on both servers (before the routes walked last). */
const EXTRA = ['/metrics', '/', '/no/such/page', `${PANEL_BASE}/no-such-route`, `${INTEGRATION_BASE}/no-such-route`];

const UNKNOWN_MEMBER = 'zz_not_a_member';

/** A value the JSON schema accepts, from its examples, const, enum or bounds. */
function sampleOf(s: Json): unknown {
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const alt = s.oneOf ?? s.anyOf;
  if (Array.isArray(alt)) return sampleOf(alt[0]);
  switch (s.type) {
    case 'object':
      return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, sampleOf(s.properties[k])]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return 'r'.repeat(Math.max(1, s.minLength ?? 8));
  }
}

const bodySchema = (r: AnyRoute): Json => (r.request?.body ? z.toJSONSchema(r.request.body, { io: 'input' }) : undefined);

function goodBody(t: TableRoute): unknown {
  if (t.key in GOOD_BODIES) return GOOD_BODIES[t.key];
  const s = bodySchema(t.route);
  return s === undefined ? undefined : sampleOf(s);
}

/** A value of another JSON type than `v`. */
const wrongType = (v: unknown): unknown =>
  typeof v === 'string'
    ? 12345
    : typeof v === 'number'
      ? 'not a number'
      : typeof v === 'boolean'
        ? 'yes'
        : Array.isArray(v)
          ? { not: 'a list' }
          : 'not an object';

/** The bad bodies an admin sends before the good one: an unknown member, a member of the
 * wrong type (the whole body when it has none), and text that is not JSON. */
function badBodies(t: TableRoute, good: unknown): [string, string][] {
  const isRecord = t.route.request?.body instanceof z.ZodRecord;
  const obj = good && typeof good === 'object' && !Array.isArray(good) ? (good as Record<string, unknown>) : {};
  const first = Object.keys(obj)[0];
  return [
    ['unknown member', JSON.stringify({ ...obj, [UNKNOWN_MEMBER]: isRecord ? { nested: 1 } : 1 })],
    ['wrong type', JSON.stringify(first === undefined ? 'a string' : { ...obj, [first]: wrongType(obj[first]) })],
    ['malformed JSON', `{"${UNKNOWN_MEMBER}": `],
  ];
}

/** A concrete path: each `{name}` from what the run made, else its schema's first example. */
function pathOf(t: TableRoute, ids: Map<string, string>): string {
  const props = t.route.request?.params
    ? (z.toJSONSchema(t.route.request.params, { io: 'input' }).properties as Record<string, { examples?: unknown[] }>)
    : {};
  const made = PARAM_FROM[t.key] ? ids.get(PARAM_FROM[t.key]) : undefined;
  const path = t.route.path.replace(/\{([^}]+)\}/g, (_, name: string) => made ?? String(props[name]?.examples?.[0]));
  return t.base + path + (QUERY[t.key]?.(ids) ?? '');
}

/** Values that look like the ids the normalizer learns but are the tables' fixed examples. */
function exampleValues(): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const t of ROUTES) {
    for (const s of [t.route.request?.params, t.route.request?.body])
      if (s) walk(JSON.parse(JSON.stringify(z.toJSONSchema(s, { io: 'input' }))));
  }
  out.add('0a1b2c3d');
  return out;
}

// ---- recording ----

const exchanges: Exchange[] = [];
const outcomes: { label: string; outcome: string }[] = [];
const parses: { label: string; at: number; line: Record<string, unknown> }[] = [];
/** Requests sent per route, per server: `bare` / `live` → `METHOD fullPath` → count. */
const walked = { bare: new Map<string, number>(), live: new Map<string, number>() };
/** Each walk's requests and answers, for the judge. */
const asked = { bare: [] as Asked[], live: [] as Asked[] };
const startedAt = Date.now();

/** How a body is shown: text, a backup archive's listing (its files and their hashes), or base64. */
function show(body: Buffer, contentType: string | undefined): Shown {
  if (contentType?.startsWith('application/gzip')) {
    try {
      const entries = readTar(gunzipSync(body), { maxTotal: 1 << 30, maxEntries: 10_000 });
      const lines = entries.map((e) => {
        const data = Buffer.from(e.data);
        return e.name.endsWith('.json')
          ? `${e.name} ${data.length}\n${data.toString('utf8')}`
          : `${e.name} ${data.length} sha256:${createHash('sha256').update(data).digest('hex')}`;
      });
      return { encoding: 'archive', text: lines.join('\n') };
    } catch {
      // not an archive: shown as the bytes it is
    }
  }
  const text = body.toString('utf8');
  return Buffer.from(text, 'utf8').equals(body) ? { text } : { encoding: 'base64', text: body.toString('base64') };
}

/** Sends, records, and returns the answer with its body as text. */
async function record(section: string, label: string, send: RawSend, req: RawRequest, volatile?: readonly string[]) {
  const res = await send(req);
  const reqBody =
    req.body === undefined
      ? undefined
      : show(Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8'), req.headers['content-type']);
  exchanges.push({
    section,
    label,
    req: { method: req.method, path: req.path, headers: { ...req.headers }, ...(reqBody ? { body: reqBody } : {}) },
    res: {
      status: res.status,
      headers: res.headers,
      body: show(res.body, res.headers['content-type']),
      ...(res.stream ? { stream: true } : {}),
    },
    volatile,
    at: Date.now(),
  });
  return { ...res, text: res.body.toString('utf8') };
}

const jsonOf = (text: string): Json => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

// ---- the walk ----

interface Server {
  name: 'bare' | 'live';
  section: string;
  send: RawSend;
  key: string;
  ids: Map<string, string>;
  cookies: { admin: string; viewer: string };
  /** Members whose numbers follow the wall clock on this server. */
  volatile?: readonly string[];
  /** Runs after an admin's good request to `METHOD path`, unrecorded: waits for what it started. */
  settle?(key: string, answer: Json): Promise<void>;
}

const cookieOf = (setCookie: string | undefined) => String(setCookie).split(';')[0];

/** Logs in the admin and the viewer, and a second admin session for `DELETE /sessions/{id}`. */
async function signIn(
  section: string,
  send: RawSend,
  volatile?: readonly string[],
): Promise<{ admin: string; viewer: string; victim: string }> {
  const login = async (who: string, c: { username: string; password: string }) =>
    cookieOf(
      (
        await record(
          section,
          `setup: login ${who}`,
          send,
          { method: 'POST', path: `${PANEL_BASE}/auth/login`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(c) },
          volatile,
        )
      ).headers['set-cookie'],
    );
  const admin = await login('admin', ADMIN);
  const viewer = await login('viewer', VIEWER);
  await login('admin again (the session DELETE /sessions/{id} ends)', ADMIN);
  const sessions = await record(
    section,
    'setup: the sessions',
    send,
    { method: 'GET', path: `${PANEL_BASE}/sessions`, headers: { cookie: admin } },
    volatile,
  );
  const mine = (jsonOf(sessions.text)?.data ?? []) as { id: string; username: string; current: boolean; createdAt: string }[];
  // The victim: the one admin session that is not this request's.
  const others = mine.filter((s) => s.username === ADMIN.username && !s.current);
  expect(others, sessions.text).toHaveLength(1);
  return { admin, viewer, victim: others[0].id };
}

const surfaceOf = (t: TableRoute) => (t.base === PANEL_BASE ? 'panel' : t.base === INTEGRATION_BASE ? 'integration' : 'public');

/** The user an answer must name: the cookie's on `GET /auth/me`, the body's on a good login. */
function userOf(t: TableRoute, who: string, what: string): Asked['user'] {
  if (t.base !== PANEL_BASE) return undefined;
  if (t.key === 'GET /auth/me' && (who === 'admin' || who === 'viewer'))
    return who === 'admin' ? { username: ADMIN.username, role: 'admin' } : { username: VIEWER.username, role: 'viewer' };
  if (t.key === 'POST /auth/login' && what === 'good body') return { username: ADMIN.username, role: 'admin' };
  return undefined;
}

const answerOf = (res: { status: number; headers: Record<string, string>; text: string; stream: boolean }) => ({
  status: res.status,
  headers: res.headers,
  text: res.text,
  stream: res.stream,
});

/** Disagreements with the contract that the walk's fixture makes, not the code, each with why. */
const FIXTURE_DISAGREEMENTS: { problem: RegExp; why: string }[] = [
  {
    problem:
      /^GET \/events as admin: not the documented schema: (?:data\/data\/\d+\/kind must be equal to one of the allowed values(?:, |(?= \()))+ \(/,
    why:
      "seedConformance stores events of kind 'config', which palpanel never writes, to show the Integration API drops them; " +
      'the panel shows an admin every stored kind, so its page holds a kind the contract does not list',
  },
];

/** Every answer of a walk against the contract, and the Integration API's answers to an unknown
 * query parameter against the same request without it (the spec: ignored). */
function judged(name: 'bare' | 'live'): string[] {
  const judge = new ContractJudge();
  const all = asked[name];
  const out = all.flatMap((a) => judge.problems(a)).filter((p) => !FIXTURE_DISAGREEMENTS.some((k) => k.problem.test(p)));
  all.forEach((a, i) => {
    if (a.route?.surface !== 'integration' || a.what !== 'an unknown query parameter') return;
    const plain = all.slice(0, i).findLast((b) => b.template === a.template && b.who === a.who && b.what === '');
    if (!plain || plain.status !== a.status || plain.text !== a.text)
      out.push(`${a.label}: answered otherwise than without the parameter (${a.status} ${a.text.slice(0, 120)})`);
  });
  return out;
}

async function walk(s: Server): Promise<void> {
  const count = (t: TableRoute) => {
    const op = `${t.route.method} ${t.base}${t.route.path}`;
    walked[s.name].set(op, (walked[s.name].get(op) ?? 0) + 1);
  };
  const last = LAST.map((k) => ROUTES.find((t) => t.key === k && t.base === PANEL_BASE)!);
  const ordered = [...ROUTES.filter((t) => !last.includes(t)), null, ...last];
  for (const t of ordered) {
    if (t === null) {
      for (const path of EXTRA) {
        for (const [who, headers] of [
          ['nobody', {}],
          ['viewer', { cookie: s.cookies.viewer }],
          ['key', { authorization: `Bearer ${s.key}` }],
        ] as const) {
          const label = `GET ${path} as ${who} (outside the tables)`;
          const res = await record(s.section, label, s.send, { method: 'GET', path, headers: { ...headers } }, s.volatile);
          asked[s.name].push({ label, method: 'GET', path, template: path, who, what: '', ...answerOf(res) });
        }
      }
      continue;
    }
    const r = t.route;
    const path = pathOf(t, s.ids);
    const good = goodBody(t);
    const hasBody = r.request?.body !== undefined;
    const json = (body: string | undefined): Record<string, string> => (body === undefined ? {} : { 'content-type': 'application/json' });
    const goodText = good === undefined ? undefined : JSON.stringify(good);
    const send = async (
      who: string,
      headers: Record<string, string>,
      body?: string | Buffer,
      what = hasBody ? 'good body' : '',
      at = path,
    ) => {
      count(t);
      const label = `${t.key}${t.base === INTEGRATION_BASE ? ' (integration)' : ''} as ${who}${what ? `, ${what}` : ''}`;
      const res = await record(
        s.section,
        label,
        s.send,
        { method: r.method, path: at, headers: { ...headers, ...(typeof body === 'string' ? json(body) : {}) }, body },
        s.volatile,
      );
      asked[s.name].push({
        label,
        method: r.method,
        path: at,
        template: `${t.base}${r.path}`,
        route: { auth: r.auth, role: r.role, surface: surfaceOf(t) },
        who: who as Who,
        what,
        user: userOf(t, who, what),
        bodyMembers: Object.keys(bodySchema(r)?.properties ?? {}),
        wrongMember: good && typeof good === 'object' && !Array.isArray(good) ? Object.keys(good)[0] : undefined,
        ...answerOf(res),
      });
      return res;
    };
    /** Query validation, by whoever may call the route: a page of one where it pages, and a
     * parameter it does not know (ignored by the Integration API, refused by the panel). */
    const queries = async (who: string, headers: Record<string, string>) => {
      if (!r.request?.query) return;
      const q = (p: string) => `${path}${path.includes('?') ? '&' : '?'}${p}`;
      if ('limit' in r.request.query.shape) await send(who, headers, undefined, 'a page of one', q('limit=1'));
      await send(who, headers, undefined, 'an unknown query parameter', q(`${UNKNOWN_MEMBER}=1`));
    };
    const upload = t.key === 'POST /backups/upload' && t.base === PANEL_BASE;
    const uploadBody = upload ? s.ids.get('archive') : undefined;
    await send('nobody', {}, goodText);
    await send('viewer', { cookie: s.cookies.viewer }, goodText);
    if (r.auth === 'key') {
      await send('admin', { cookie: s.cookies.admin });
      await send('key', { authorization: `Bearer ${s.key}` });
      await queries('key', { authorization: `Bearer ${s.key}` });
      continue;
    }
    if (hasBody) for (const [what, bad] of badBodies(t, good)) await send('admin', { cookie: s.cookies.admin }, bad, what);
    if (upload) {
      await send(
        'admin',
        { cookie: s.cookies.admin, 'content-type': 'application/gzip' },
        'not an archive',
        'a body that is not an archive',
      );
      if (uploadBody === undefined) continue;
    }
    const body = upload ? Buffer.from(uploadBody!, 'base64') : goodText;
    const res = await send(
      'admin',
      { cookie: s.cookies.admin, ...(upload ? { 'content-type': 'application/gzip' } : {}) },
      body,
      upload ? 'a backup archive' : undefined,
    );
    const answer = jsonOf(res.text);
    const id = answer?.data?.id ?? answer?.id;
    if (CAPTURE[t.key] && t.base === PANEL_BASE && res.status < 300 && typeof id === 'string') s.ids.set(CAPTURE[t.key], id);
    if (t.base === PANEL_BASE && res.status < 300) await s.settle?.(t.key, answer);
    await queries('admin', { cookie: s.cookies.admin });
  }
}

// ---- the tests ----

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('behaviour recording', () => {
  it('conformance: every case of the table, in-process, each request and answer recorded', async () => {
    // As test/http/conformance.test.ts sets it up.
    const ts: TempStore = await tempStore();
    cleanup.push(() => ts.cleanup());
    const seeded = seedConformance(ts.store);
    const live = new TestLive();
    live.setRunning([]);
    const handler = createHandler({
      store: ts.store,
      live,
      settings: { integrationRateLimit: 1_000_000_000, sessionTtlMs: 86_400_000 },
      clock: () => new Date(),
      log: silentLog,
      version: '0.0.0-test',
    });
    const fx: ConformanceFixture = {
      ...seeded,
      setOnline(uids) {
        if (uids === null) live.live = { reachable: false, info: null, metrics: null, players: [], capturedAt: null };
        else live.setRunning(uids.map((u) => onlinePlayer(u)));
      },
      reparse: (snap, at) => ts.store.world.replace(snap, at),
    };
    const raw = inProcessRaw(handler);
    let label = '';
    const send: Send = async (req) => {
      const res = await record('conformance', label, raw, {
        method: req.method,
        path: req.path,
        headers: { ...(req.headers ?? {}) },
        body: req.body,
      });
      return { status: res.status, headers: res.headers, body: res.text };
    };
    for (const c of CONFORMANCE_CASES) {
      label = c.name;
      let outcome: string;
      try {
        outcome = (await runCase(c, send, fx)) ? 'passed' : 'skipped';
      } catch (err) {
        outcome = `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
      }
      outcomes.push({ label: c.name, outcome });
    }
    expect(outcomes.filter((o) => o.outcome !== 'passed')).toEqual([]);
  });

  it('walk-bare: every route of every table on the bare handler', async () => {
    const ts: TempStore = await tempStore();
    cleanup.push(() => ts.cleanup());
    const fx = seedConformance(ts.store);
    const send = inProcessRaw(bareHandler(ts.store));
    const { admin, viewer, victim } = await signIn('walk-bare', send);
    await walk({
      name: 'bare',
      section: 'walk-bare',
      send,
      key: fx.key,
      ids: new Map([['victim-session', victim]]),
      cookies: { admin, viewer },
    });
    // Every answer as the contract and the spec say (contract-judge.ts), not only every route asked.
    expect(judged('bare')).toEqual([]);
  });

  let wired: WiredServe | undefined;
  it('walk-live: every route of every table on serve, fully wired, over its socket', async () => {
    wired = await startWiredServe(cleanup);
    const { server } = wired;
    const key = wired.key;
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    // Everything the first polls and the first parse bring, before the first request.
    await waitFor('the game reachable, its data ready, the save parsed', () =>
      server.live.snapshot().reachable &&
      server.live.worldSummary().state === 'ready' &&
      server.store.world.parseInfo().lastParseAt !== null
        ? true
        : undefined,
    );
    const send = socketRaw(server.url);
    cleanup.push(() => send.close());
    const section = 'walk-live';
    // What serve measures of the machine and the wall clock: parse times, free disk, playtime of
    // the player online since the first poll, and the size of backup archives (gzip of files
    // whose manifest holds the time and a random id).
    const volatile = ['durationMs', 'freeBytes', 'playtimeSec', 'sizeBytes', 'bytesUsed'];
    const { admin, viewer, victim } = await signIn(section, send, volatile);
    const ids = new Map([['victim-session', victim]]);
    // Waits for a backup through the store, not over HTTP: the server counts every request it
    // answers (GET /metrics shows them), so a polling loop would leave a count that varies.
    const backupDone = async (id: string) => {
      const row = await waitFor(`backup ${id} made`, () =>
        server.store.audit.list({ limit: 50, action: 'backup.create' }).data.find((a) => a.target === id),
      );
      // The job is let go a few ticks after its audit row.
      await new Promise((r) => setTimeout(r, 50));
      return row.outcome;
    };
    // A backup for the routes that read one, and its archive for the upload.
    const made = await record(
      section,
      'setup: a backup',
      send,
      {
        method: 'POST',
        path: `${PANEL_BASE}/backups`,
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ note: 'setup' }),
      },
      volatile,
    );
    const backupId = jsonOf(made.text).data.id as string;
    expect(await backupDone(backupId)).toBe('ok');
    ids.set('backup', backupId);
    const archive = await send({ method: 'GET', path: `${PANEL_BASE}/backups/${backupId}/download`, headers: { cookie: admin } });
    expect(archive.status).toBe(200);
    ids.set('archive', archive.body.toString('base64'));
    await walk({
      name: 'live',
      section,
      send,
      key,
      ids,
      cookies: { admin, viewer },
      volatile,
      settle: async (key, answer) => {
        if (key === 'POST /backups') await backupDone(answer.data.id);
        // The game lets a kicked player back after a minute: the routes after the kick (item
        // grants, the console) then find them online in the game again.
        if (key === 'POST /players/{uid}/kick') wired!.advanceGame(61_000);
      },
    });
    expect(judged('live')).toEqual([]);
  });

  it('parse: `parse --json` on every fixture save, from source', async () => {
    const folders = readdirSync(FIXTURES)
      .filter((n) => statSync(join(FIXTURES, n)).isDirectory())
      .sort();
    expect(folders.length).toBeGreaterThan(0);
    const run = (folder: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string; at: number }>((resolve, reject) => {
        const env = { ...process.env };
        delete env.SERVICE_DATA_DIR;
        const child = spawn(join(ROOT, 'bin', 'palpanel'), ['parse', join(FIXTURES, folder), '--json'], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => (stdout += c));
        child.stderr.on('data', (c) => (stderr += c));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr, at: Date.now() }));
      });
    const results = await Promise.all(folders.map(run));
    folders.forEach((folder, i) => {
      const r = results[i];
      parses.push({
        label: folder,
        at: r.at,
        line: { command: `palpanel parse <fixtures>/${folder} --json`, exit: r.code, stdout: r.stdout, stderr: r.stderr },
      });
    });
    expect(results.map((r) => r.code)).toEqual(folders.map(() => 0));
  });

  it('writes the normalized recording; every route was walked on both servers, every case ran', () => {
    const finishedAt = Date.now();
    // The run's times, what the code puts behind now (default ranges such as the metrics
    // history's last hour) and ahead of it (session lifetimes, retention). The fixtures' and the
    // saves' own times lie months away and stay.
    const norm = new Normalizer({ fromMs: startedAt - 26 * 3_600_000, toMs: finishedAt + 62 * 86_400_000 }, exampleValues());
    if (wired) wired.addresses.forEach((a, i) => norm.learnAs(a, `127.0.0.1:<port#${i + 1}>`));
    learnAll(exchanges, norm, []);
    const lines: string[] = [];
    let n = 0;
    for (const x of exchanges) lines.push(JSON.stringify(exchangeLine(++n, x, norm)));
    for (const o of outcomes) lines.push(JSON.stringify({ n: ++n, section: 'conformance-outcome', label: o.label, outcome: o.outcome }));
    for (const p of parses) {
      const stdout = norm.text(p.line.stdout as string, [], p.at);
      const big = stdout.length > 64 * 1024;
      lines.push(
        JSON.stringify({
          n: ++n,
          section: 'parse',
          label: p.label,
          command: p.line.command,
          exit: p.line.exit,
          stderr: norm.text(p.line.stderr as string, [], p.at),
          ...(big ? { stdoutLength: stdout.length, stdoutSha256: createHash('sha256').update(stdout).digest('hex') } : { stdout }),
        }),
      );
    }
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, lines.join('\n') + '\n');

    const per = (section: string) => exchanges.filter((x) => x.section === section).length;
    console.info(
      `recording: ${OUT}\n  conformance ${per('conformance')} exchanges (${outcomes.length} cases), walk-bare ${per('walk-bare')}, walk-live ${per('walk-live')}, parse ${parses.length}`,
    );

    // Every conformance case ran (and passed: they are the contract).
    expect(outcomes.map((o) => o.label)).toEqual(CONFORMANCE_CASES.map((c) => c.name));
    // Every route of every table, on each server: nobody, a viewer and an admin (or a key) at least.
    for (const server of ['bare', 'live'] as const) {
      const missed = TABLES.flatMap((t) => t.routes.map((r) => `${r.method} ${t.base}${r.path}`)).filter(
        (op) => (walked[server].get(op) ?? 0) < 3,
      );
      expect(missed, `${server}: routes walked fewer than 3 times`).toEqual([]);
      expect(walked[server].size).toBe(ROUTES.length);
    }
    expect(parses.length).toBe(readdirSync(FIXTURES).filter((n) => statSync(join(FIXTURES, n)).isDirectory()).length);
  });
});
