// Who may call every panel route, from the documents, never from the route table under test
// (issue 43; issue 26: a check that took its routes from the table it checked let a lost role
// through). The expectations are docs/roles.md's one table, held against the spec's route list
// (service-spec.md: key management and item grants are admin-only, every listed route exists)
// and interface.md's rule for a moderator (the changes a moderator may make are kick, ban, unban,
// the whitelist and announce). Then every route is called over a real socket of `serve` as an
// admin, a moderator, a viewer and without a session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWorld, type ServedWorld } from '../helpers/serve-world.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { ROOT, SHARED } from '../helpers/paths.js';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const MODERATOR = { username: 'mod', password: 'moderator-pass-phrase-7' };
const VIEWER = { username: 'viewer', password: 'viewer-pass-phrase-42' };

type Who = 'none' | 'viewer' | 'moderator' | 'admin';
interface Row {
  method: string;
  path: string;
  allowed: Record<Who, boolean>;
}

/** docs/roles.md's table "Who may call each route": `| method | path | no session | viewer | moderator | admin |`. */
function docsTable(): Row[] {
  const text = readFileSync(join(ROOT, 'docs/roles.md'), 'utf8');
  const section = text.slice(text.indexOf('## Who may call each route'));
  const rows = section
    .split('\n')
    .filter((l) => /^\| `[A-Z]+` \|/.test(l))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replaceAll('`', '')),
    );
  return rows.map(([method, path, none, viewer, moderator, admin]) => {
    const yes = (c: string) => {
      if (c !== 'yes' && c !== 'no') throw new Error(`docs/roles.md: ${method} ${path}: "${c}" is neither yes nor no`);
      return c === 'yes';
    };
    return { method, path, allowed: { none: yes(none), viewer: yes(viewer), moderator: yes(moderator), admin: yes(admin) } };
  });
}

/** The spec's "Other panel API routes" and "Key management" rows: [method, path under /api/v1, admin-only?]. */
function specRoutes(): [string, string, boolean][] {
  const text = readFileSync(join(SHARED, 'spec/service-spec.md'), 'utf8');
  const out: [string, string, boolean][] = [];
  const keys = text.slice(text.indexOf('### Key management'), text.indexOf('### Contract document'));
  for (const m of keys.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `\/api\/v1([^`]+)` \|/gm)) out.push([m[1], m[2], true]);
  const other = text.slice(text.indexOf('### Other panel API routes'), text.indexOf('Known panel behaviors'));
  for (const line of other.split('\n').filter((l) => l.startsWith('| '))) {
    const admin = /\(admin\)/.test(line.split('|')[1]);
    for (const m of line.matchAll(/`(GET|POST|PUT|PATCH|DELETE) \/api\/v1([^`]+)`/g)) out.push([m[1], m[2], admin]);
  }
  return out;
}

const ROWS = docsTable();
const find = (method: string, path: string) => ROWS.find((r) => r.method === method && r.path === path);

describe('the role table of docs/roles.md', () => {
  it('is whole: the roles are ordered, and it holds every route of the spec with the spec’s admin-only ones admin-only', () => {
    expect(ROWS.length).toBeGreaterThan(90);
    for (const r of ROWS) {
      // Each role may do what the one below may (viewer ⊂ moderator ⊂ admin), and a route open
      // without a session is open to all.
      const a = r.allowed;
      expect([a.none && !a.viewer, a.viewer && !a.moderator, a.moderator && !a.admin], `${r.method} ${r.path}`).toEqual([
        false,
        false,
        false,
      ]);
    }
    const spec = specRoutes();
    expect(spec.length).toBeGreaterThan(40);
    for (const [method, path, adminOnly] of spec) {
      const row = find(method, path);
      expect(row, `${method} ${path} of the spec is in docs/roles.md`).toBeDefined();
      // A viewer only reads (spec: Authentication); the spec's admin routes are an admin's alone.
      if (method !== 'GET' || adminOnly) expect(row!.allowed.viewer, `${method} ${path}: not a viewer's`).toBe(false);
      if (adminOnly) expect(row!.allowed.moderator, `${method} ${path} is admin-only in the spec`).toBe(false);
      expect(row!.allowed.none, `${method} ${path} needs a session`).toBe(false);
    }
  });

  it('has one row with a query, GET /items?q={q}: who holds an item, read by every signed-in role', () => {
    // The one exemption from the spec's admin-only rows: GET /items is the spec's grant catalog
    // (the row above, admin-only), and interface.md's Items (issue 42) adds `?q=`, "who holds an
    // item", world data that viewers read as the rest of the world.
    expect(ROWS.filter((r) => r.path.includes('?')).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /items?q={q}']);
    expect(find('GET', '/items?q={q}')!.allowed).toEqual({ none: false, viewer: true, moderator: true, admin: true });
    expect(find('GET', '/items')!.allowed).toEqual({ none: false, viewer: false, moderator: false, admin: true });
  });

  it('gives a moderator exactly the changes interface.md names, and the console log to read', () => {
    const ownAccount = (p: string) => p.startsWith('/auth/') || p.startsWith('/account/');
    const changes = ROWS.filter((r) => r.method !== 'GET' && r.allowed.moderator && !r.allowed.viewer);
    expect(changes.map((r) => `${r.method} ${r.path}`).filter((p) => !/\/(kick|ban|unban|whitelist(\/impact)?|announce)$/.test(p))).toEqual(
      [],
    );
    for (const p of ['/kick', '/ban', '/unban', '/whitelist', '/announce'])
      expect(
        changes.some((r) => r.path.endsWith(p)),
        p,
      ).toBe(true);
    expect(find('GET', '/console/log')!.allowed).toEqual({ none: false, viewer: false, moderator: true, admin: true });
    expect(find('POST', '/console/exec')!.allowed.moderator).toBe(false);
    // A viewer changes nothing but their own account (password, sessions, second factor).
    expect(ROWS.filter((r) => r.method !== 'GET' && r.allowed.viewer && !ownAccount(r.path)).map((r) => r.path)).toEqual([]);
  });
});

describe('every panel route as each role, over a socket', () => {
  let w: ServedWorld;
  beforeAll(async () => {
    w = await serveWorld('v0.1-coop', [
      [ADMIN, 'admin'],
      [MODERATOR, 'moderator'],
      [VIEWER, 'viewer'],
    ]);
  }, 60_000);
  afterAll(() => w?.server.stop());

  /** A concrete path: a parameter gets a value of its grammar; a wrong value is a 404 or 400 for whoever may call it. */
  const concrete = (p: string) =>
    p
      .replace('{uid}', '00000000-0000-0000-0000-000000000001')
      .replace('{username}', 'nobody')
      .replace('{q}', 'Wood')
      .replace('{id}', p.startsWith('/sessions') || p.startsWith('/account/sessions') ? '0123456789abcdef' : '0a1b2c3d');

  async function call(method: string, path: string, cookie?: string): Promise<{ status: number; code?: string }> {
    const ac = new AbortController();
    const res = await fetch(`${w.url}/api/v1${concrete(path)}`, {
      method,
      headers: { ...(method === 'GET' ? {} : fromPanelPage(w.url)), ...(cookie ? { cookie } : {}) },
      body: method === 'GET' ? undefined : '{}',
      signal: ac.signal,
    });
    let code: string | undefined;
    if ((res.headers.get('content-type') ?? '').startsWith('application/json'))
      code = ((await res.json()) as { error?: { code: string } }).error?.code;
    ac.abort(); // an event stream would run on
    return { status: res.status, code };
  }

  it('the server serves exactly the routes of the table', async () => {
    const doc = (await (await fetch(`${w.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/v1/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'parameters')
          .map((m) => `${m.toUpperCase()} ${p.slice('/api/v1'.length)}`),
      );
    // A row with a query is its path's operation asked another way, not a route of its own.
    const routes = ROWS.filter((r) => !r.path.includes('?')).map((r) => `${r.method} ${r.path}`);
    expect(served.sort()).toEqual(routes.sort());
  });

  it.each(['none', 'viewer', 'moderator', 'admin'] as const)(
    'as %s: 401 without a session, 403 forbidden where the table says no, else neither',
    async (who) => {
      const account = { viewer: VIEWER, moderator: MODERATOR, admin: ADMIN, none: null }[who];
      const cookie = account ? await w.signIn(account) : undefined;
      if (account) expect(cookie).toMatch(/^palpanel_session=/);
      const wrong: string[] = [];
      // Signing out ends the session the rest need: last.
      const ordered = [...ROWS.filter((r) => r.path !== '/auth/logout'), ...ROWS.filter((r) => r.path === '/auth/logout')];
      for (const r of ordered) {
        const res = await call(r.method, r.path, cookie);
        const ok = r.allowed[who];
        const expected = ok ? 'allowed' : who === 'none' ? '401 unauthorized' : '403 forbidden';
        const got =
          res.status === 401 && res.code === 'unauthorized'
            ? '401 unauthorized'
            : res.status === 403 && res.code === 'forbidden'
              ? '403 forbidden'
              : res.status === 401 || res.status === 403
                ? `${res.status} ${res.code}`
                : 'allowed';
        if (got !== expected) wrong.push(`${r.method} ${r.path}: ${expected} expected, got ${res.status} ${res.code ?? ''}`);
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );
});
