// The audit log on the store directly (issue 10, Audit by construction): a row for each change
// with who, what, to what, when and the outcome; filters and the cursor walk; retention; the last
// admin; sessions listed and ended by id; nothing secret in any row; a failed or refused change
// leaves nothing half done.
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_ID_PATTERN } from '../../src/contract/account-words.js';
import { LastAdminError, NotFoundError, TooManyKeysError, UserExistsError, ValidationError } from '../../src/domain/errors.js';
import { sha256Hex } from '../../src/lib/hash.js';
import { AUDIT_KEEP_LATEST } from '../../src/store/audit.js';
import { DurableDb } from '../../src/store/durable-db.js';
import { PANEL_DB, PANEL_JOURNAL, type Store } from '../../src/store/index.js';
import { MAX_ACTIVE_KEYS } from '../../src/store/keys.js';
import { PANEL_MIGRATIONS } from '../../src/store/migrations.js';
import { SEEN_RESOLUTION_MS } from '../../src/store/sessions.js';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { allRows, freshDir, panelParts, removeTempDirs, storeOn, story, TestClock } from './audit-helpers.js';

const PW = { ann: 'ann-correct-horse-1', bob: 'bob-battery-staple-2', cat: 'cat-quiet-river-3' };
const TTL = 3_600_000;

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  removeTempDirs();
});
async function fresh(clock = new TestClock()): Promise<{ store: Store; clock: TestClock; dir: string }> {
  const dir = freshDir();
  const store = await storeOn(dir, clock);
  stores.push(store);
  return { store, clock, dir };
}

describe('audit rows for changes made on the store', () => {
  it('records who, what, to what, when (the injected clock) and the outcome of every change', async () => {
    const { store, clock } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    clock.advance(1);
    store.users.add('bob', 'viewer', PW.bob, 'user:ann');
    const k = store.keys.create('status page', 'user:ann');
    store.keys.revoke(k.id, 'user:ann');
    store.keys.revoke(k.id, 'user:ann'); // already revoked: no change, no row
    store.users.setRole('bob', 'admin', 'user:ann');
    store.users.setRole('bob', 'admin', 'user:ann'); // unchanged: no row
    const s = store.sessions.create('bob', clock.now(), TTL);
    store.users.setPassword('bob', 'bob-new-passphrase-9', 'system');
    store.users.remove('bob', 'cli');
    expect(story(store)).toEqual([
      'user.create ok ann cli',
      'user.create ok bob user:ann',
      `key.create ok ${k.id} user:ann`,
      `key.revoke ok ${k.id} user:ann`,
      'user.role ok bob user:ann',
      `session.create ok ${s.id} user:bob`,
      'user.password ok bob system',
      `session.end ok ${s.id} system`, // the password change ended bob's session
      'user.remove ok bob cli',
    ]);
    const rows = allRows(store);
    expect(rows[rows.length - 1]).toEqual({
      id: 1,
      at: '2026-07-14T10:00:00.000Z',
      actor: 'cli',
      action: 'user.create',
      target: 'ann',
      targetName: null,
      outcome: 'ok',
      reason: null,
      detail: 'admin',
      message: 'cli: create user ann (admin)',
      messageId: 'audit.user.create',
      params: { actor: 'cli', target: 'ann', hasTarget: 'yes', detail: 'admin', hasDetail: 'yes', outcome: 'ok', reason: 'refused' },
    });
    expect(rows.find((r) => r.action === 'user.role')!.detail).toBe('viewer->admin');
    expect(rows.find((r) => r.action === 'key.create')!.detail).toBe('status page');
    expect(rows.every((r) => r.at === '2026-07-14T10:00:00.001Z' || r.id === 1)).toBe(true);
  });

  it('a refused change is recorded as refused with its reason, and nothing else happens', async () => {
    const { store } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    expect(() => store.users.add('ann', 'viewer', PW.bob, 'user:ann')).toThrow(UserExistsError);
    expect(store.users.get('ann')!.role).toBe('admin');
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) store.keys.create(`k${i}`, 'cli');
    expect(() => store.keys.create('one too many', 'user:ann')).toThrow(TooManyKeysError);
    expect(store.keys.list()).toHaveLength(MAX_ACTIVE_KEYS);
    const refused = allRows(store).filter((r) => r.outcome === 'refused');
    expect(refused.map((r) => [r.action, r.reason, r.target, r.actor, r.detail])).toEqual([
      ['key.create', 'too_many_keys', '', 'user:ann', 'one too many'],
      ['user.create', 'user_exists', 'ann', 'user:ann', 'viewer'],
    ]);
  });

  it('input that fails validation or names nothing is no attempted change: no row', async () => {
    const { store } = await fresh();
    expect(() => store.keys.create('   ', 'cli')).toThrow(ValidationError);
    expect(() => store.keys.revoke('deadbeef', 'cli')).toThrow(NotFoundError);
    expect(() => store.users.add('ann', 'owner', PW.ann, 'cli')).toThrow(ValidationError);
    expect(() => store.users.remove('nobody', 'cli')).toThrow(NotFoundError);
    expect(() => store.users.setRole('nobody', 'admin', 'cli')).toThrow(NotFoundError);
    expect(() => store.users.setPassword('nobody', PW.ann, 'cli')).toThrow(NotFoundError);
    expect(() => store.sessions.endById('0123456789abcdef', 'cli')).toThrow(NotFoundError);
    expect(allRows(store)).toEqual([]);
  });

  it('an actor outside the grammar is refused before anything is written', async () => {
    const { store } = await fresh();
    // The type admits any text after `user:`; the store checks the name's grammar at run time.
    expect(() => store.keys.create('x', 'user:bad name')).toThrow(TypeError);
    expect(() => store.keys.create('x', 'root' as 'cli')).toThrow(TypeError);
    expect(store.keys.list()).toEqual([]);
    expect(allRows(store)).toEqual([]);
  });
});

describe('audit list: filters and the cursor walk', () => {
  async function seeded() {
    const f = await fresh();
    const { store, clock } = f;
    store.users.add('ann', 'admin', PW.ann, 'cli');
    for (let i = 0; i < 12; i++) {
      clock.advance(60_000);
      const k = store.keys.create(`k${i}`, i % 2 ? 'user:ann' : 'cli');
      if (i % 3 === 0) store.keys.revoke(k.id, 'user:ann');
    }
    return f; // 1 user.create, 12 key.create, 4 key.revoke = 17 rows
  }

  it('walks every row newest first in pages, the last page saying so', async () => {
    const { store } = await seeded();
    const all = store.audit.list({ limit: 1000 });
    expect(all.data).toHaveLength(17);
    expect(all.nextCursor).toBeNull();
    expect(all.data.map((r) => r.id)).toEqual([...all.data.map((r) => r.id)].sort((a, b) => b - a));
    const walked: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = store.audit.list({ limit: 5, cursor });
      walked.push(...page.data.map((r) => r.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(4); // 5 + 5 + 5 + 2, no empty page at the end
    expect(walked).toEqual(all.data.map((r) => r.id));
    // A page of exactly the remaining rows is the last one.
    expect(store.audit.list({ limit: 17 }).nextCursor).toBeNull();
    expect(store.audit.list({ limit: 16 }).nextCursor).not.toBeNull();
  });

  it('filters by actor, action and time, alone and together, through the pages', async () => {
    const { store } = await seeded();
    const byAnn = store.audit.list({ actor: 'user:ann', limit: 1000 }).data;
    expect(byAnn).toHaveLength(6 + 4);
    expect(byAnn.every((r) => r.actor === 'user:ann')).toBe(true);
    expect(store.audit.list({ action: 'key.revoke', limit: 1000 }).data).toHaveLength(4);
    const annCreates = store.audit.list({ actor: 'user:ann', action: 'key.create', limit: 1000 }).data;
    expect(annCreates.map((r) => r.detail)).toEqual(['k11', 'k9', 'k7', 'k5', 'k3', 'k1']);
    // from inclusive, to exclusive: keys k2..k4 were made at minutes 3, 4, 5.
    const window = store.audit.list({
      action: 'key.create',
      from: '2026-07-14T10:03:00.000Z',
      to: '2026-07-14T10:06:00Z',
      limit: 1000,
    }).data;
    expect(window.map((r) => r.detail)).toEqual(['k4', 'k3', 'k2']);
    // Other offsets are read as the instant they name.
    const shifted = store.audit.list({
      action: 'key.create',
      from: '2026-07-14T12:03:00+02:00',
      to: '2026-07-14T12:06:00.000+02:00',
      limit: 1000,
    }).data;
    expect(shifted).toEqual(window);
    // Paging keeps the filter.
    const p1 = store.audit.list({ actor: 'user:ann', limit: 4 });
    const p2 = store.audit.list({ actor: 'user:ann', limit: 4, cursor: p1.nextCursor });
    const p3 = store.audit.list({ actor: 'user:ann', limit: 4, cursor: p2.nextCursor });
    expect([...p1.data, ...p2.data, ...p3.data]).toEqual(byAnn);
    expect(p3.nextCursor).toBeNull();
    expect(store.audit.list({ actor: 'system', limit: 10 })).toEqual({ data: [], nextCursor: null });
  });

  it('bad filters, limits and cursors are validation errors naming what is wrong', async () => {
    const { store } = await seeded();
    const code = (f: () => unknown): string => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError);
        return `${(err as ValidationError).code}: ${(err as Error).message}`;
      }
      throw new Error('no error');
    };
    expect(code(() => store.audit.list({ actor: 'root', limit: 10 }))).toMatch(/^invalid_request: The "actor" filter/);
    expect(code(() => store.audit.list({ actor: 'user:', limit: 10 }))).toMatch(/^invalid_request/);
    expect(code(() => store.audit.list({ action: 'key.delete', limit: 10 }))).toMatch(
      /^invalid_request: The "action" filter must be one of key.create/,
    );
    expect(code(() => store.audit.list({ from: '2026-07-14', limit: 10 }))).toMatch(/^invalid_request: The "from" time/);
    for (const to of ['2026-02-30T00:00:00Z', '2026-02-28T24:00:00Z', '2026-07-14 10:00:00Z', '2026-07-14T10:00:00+0200']) {
      expect(code(() => store.audit.list({ to, limit: 10 }))).toMatch(/^invalid_request: The "to" time/);
    }
    for (const limit of [0, 1001, 1.5, Number.NaN]) expect(code(() => store.audit.list({ limit }))).toMatch(/^invalid_limit/);
    for (const cursor of ['0', '-1', '01', 'abc', '1e3', '99999999999999999']) {
      expect(code(() => store.audit.list({ limit: 10, cursor }))).toBe('invalid_cursor: The cursor is not valid.');
    }
  });
});

describe('audit retention', () => {
  it('keeps 90 days or the latest 50,000 rows, whichever keeps more', async () => {
    const clock = new TestClock();
    const dir = freshDir();
    const p = await panelParts(dir, clock);
    const old = new Date(clock.ms - 100 * 86_400_000).toISOString();
    const recent = new Date(clock.ms - 1 * 86_400_000).toISOString();
    // 200 rows of 100 days ago, then 49,900 of yesterday: 50,100 rows, so the 100 oldest of the
    // old rows fall outside both the 90 days and the latest 50,000.
    // (In writes of 10,000 rows: each row also writes its `audit` event, and one write of all
    // 50,100 would pass the journal's bound on a single record.)
    p.db.write((tx) => {
      for (let i = 0; i < 200; i++) p.audit.record(tx, { actor: 'cli', action: 'key.create', target: `old${i}`, at: old });
    });
    for (let start = 0; start < AUDIT_KEEP_LATEST - 100; start += 10_000) {
      p.db.write((tx) => {
        for (let i = start; i < Math.min(start + 10_000, AUDIT_KEEP_LATEST - 100); i++)
          p.audit.record(tx, { actor: 'cli', action: 'key.create', target: `new${i}`, at: recent });
      });
    }
    expect(p.audit.prune(clock.now())).toBe(100);
    const count = (where: string) => p.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM audit ${where}`)!.n;
    expect(count('')).toBe(AUDIT_KEEP_LATEST);
    expect(count(`WHERE target LIKE 'old%'`)).toBe(100);
    expect(p.db.get<{ t: string }>(`SELECT target AS t FROM audit ORDER BY id LIMIT 1`)!.t).toBe('old100');
    // Young rows are kept however many there are (below the hard cap).
    p.db.write((tx) => {
      for (let i = 0; i < 1000; i++) p.audit.record(tx, { actor: 'cli', action: 'key.revoke', target: `more${i}` });
    });
    expect(p.audit.prune(clock.now())).toBe(100); // the 100 old rows now outside the latest 50,000
    expect(count('')).toBe(AUDIT_KEEP_LATEST + 900);
    expect(count(`WHERE target LIKE 'old%'`)).toBe(0);
    expect(p.audit.prune(clock.now())).toBe(0);
    p.db.close();
  });
});

describe('the last admin', () => {
  it('can be neither removed nor demoted; the refusal is recorded and nothing changes', async () => {
    const { store, clock } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    store.users.add('bob', 'viewer', PW.bob, 'cli');
    const s = store.sessions.create('ann', clock.now(), TTL);
    expect(() => store.users.remove('ann', 'user:ann')).toThrow(LastAdminError);
    expect(() => store.users.setRole('ann', 'viewer', 'cli')).toThrow(LastAdminError);
    // The refusal must come: a call that does not throw leaves `refusal` undefined and fails here.
    const refusal = (() => {
      try {
        store.users.remove('ann', 'cli');
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(LastAdminError);
    expect(refusal).toMatchObject({
      code: 'conflict',
      message: 'The last admin cannot be removed or demoted: make another user an admin first.',
    });
    expect(store.users.get('ann')!.role).toBe('admin');
    expect(store.sessions.lookup(s.token, clock.now())).toMatchObject({ username: 'ann', role: 'admin' });
    const refused = allRows(store).filter((r) => r.outcome === 'refused');
    expect(refused.map((r) => `${r.action} ${r.reason} ${r.target} ${r.actor} ${r.detail}`)).toEqual([
      'user.remove last_admin ann cli null',
      'user.role last_admin ann cli admin->viewer',
      'user.remove last_admin ann user:ann null',
    ]);
    // A viewer may go.
    store.users.remove('bob', 'user:ann');
    expect(store.users.list().map((u) => u.username)).toEqual(['ann']);
  });

  it('with two admins one can go, by removal or demotion, and then the other is the last', async () => {
    const { store } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    store.users.add('bob', 'admin', PW.bob, 'cli');
    store.users.add('cat', 'admin', PW.cat, 'cli');
    expect(store.users.setRole('bob', 'viewer', 'user:ann')).toMatchObject({ username: 'bob', role: 'viewer' });
    store.users.remove('ann', 'user:cat');
    expect(() => store.users.setRole('cat', 'viewer', 'user:cat')).toThrow(LastAdminError);
    expect(() => store.users.remove('cat', 'user:cat')).toThrow(LastAdminError);
    store.users.setRole('bob', 'admin', 'user:cat');
    store.users.remove('cat', 'user:bob');
    expect(store.users.list()).toEqual([{ username: 'bob', role: 'admin', createdAt: expect.any(String), totp: false }]);
  });
});

describe('sessions for admins', () => {
  it('lists live sessions with a public id that is not the token, and ends any of them by id', async () => {
    const { store, clock } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    store.users.add('bob', 'viewer', PW.bob, 'cli');
    const a = store.sessions.create('ann', clock.now(), TTL);
    clock.advance(1000);
    const b1 = store.sessions.create('bob', clock.now(), TTL);
    clock.advance(1000);
    const b2 = store.sessions.create('bob', clock.now(), 10_000);
    for (const s of [a, b1, b2]) {
      expect(s.id).toMatch(SESSION_ID_PATTERN);
      expect(s.token).not.toContain(s.id);
      expect(sha256Hex(s.token)).not.toContain(s.id);
    }
    expect(new Set([a.id, b1.id, b2.id]).size).toBe(3);
    expect(store.sessions.lookup(a.token, clock.now())).toEqual({ username: 'ann', role: 'admin', sessionId: a.id });
    const list = store.sessions.list();
    expect(list.map((s) => [s.id, s.username, s.role])).toEqual([
      [b2.id, 'bob', 'viewer'],
      [b1.id, 'bob', 'viewer'],
      [a.id, 'ann', 'admin'],
    ]);
    expect(list[2]).toEqual({
      id: a.id,
      username: 'ann',
      role: 'admin',
      createdAt: '2026-07-14T10:00:00.000Z',
      expiresAt: '2026-07-14T11:00:00.000Z',
      lastSeenAt: '2026-07-14T10:00:00.000Z',
      address: null,
      userAgent: null,
    });
    expect(JSON.stringify(list)).not.toContain(a.token);

    const ended = store.sessions.endById(b1.id, 'user:ann');
    expect(ended).toMatchObject({ id: b1.id, username: 'bob' });
    expect(store.sessions.lookup(b1.token, clock.now())).toBeNull();
    expect(store.sessions.lookup(b2.token, clock.now())).not.toBeNull();
    expect(() => store.sessions.endById(b1.id, 'user:ann')).toThrow(NotFoundError);
    expect(() => store.sessions.endById(b1.token, 'user:ann')).toThrow(NotFoundError); // a token is no id
    // An expired session is neither listed nor endable.
    clock.advance(10_000);
    expect(store.sessions.list().map((s) => s.id)).toEqual([a.id]);
    expect(() => store.sessions.endById(b2.id, 'user:ann')).toThrow(NotFoundError);
    // Logout by token.
    store.sessions.end(a.token, 'user:ann');
    expect(store.sessions.list()).toEqual([]);
    expect(story(store).filter((l) => l.startsWith('session.'))).toEqual([
      `session.create ok ${a.id} user:ann`,
      `session.create ok ${b1.id} user:bob`,
      `session.create ok ${b2.id} user:bob`,
      `session.end ok ${b1.id} user:ann`,
      `session.end ok ${a.id} user:ann`,
    ]);
    expect(
      allRows(store)
        .filter((r) => r.action.startsWith('session.'))
        .map((r) => r.detail),
    ).toEqual(['ann', 'bob', 'bob', 'bob', 'ann']);
  });

  it('lastSeenAt follows use to the minute, and survives a restart after the flush', async () => {
    const { store, clock, dir } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    const s = store.sessions.create('ann', clock.now(), TTL);
    clock.advance(SEEN_RESOLUTION_MS - 1);
    store.sessions.lookup(s.token, clock.now());
    expect(store.sessions.list()[0].lastSeenAt).toBe('2026-07-14T10:00:00.000Z');
    clock.advance(1);
    store.sessions.lookup(s.token, clock.now());
    expect(store.sessions.list()[0].lastSeenAt).toBe('2026-07-14T10:01:00.000Z');
    store.flush();
    stores.pop()!.close();
    const again = await storeOn(dir, clock);
    stores.push(again);
    expect(again.sessions.list()[0].lastSeenAt).toBe('2026-07-14T10:01:00.000Z');
    expect(again.sessions.lookup(s.token, clock.now())).toMatchObject({ username: 'ann', sessionId: s.id });
  });

  it('removing a user ends all their sessions; a password change ends all but the one kept', async () => {
    const { store, clock } = await fresh();
    store.users.add('ann', 'admin', PW.ann, 'cli');
    store.users.add('bob', 'viewer', PW.bob, 'cli');
    const [a1, a2, a3] = [1, 2, 3].map(() => {
      clock.advance(1); // sessions end oldest first
      return store.sessions.create('ann', clock.now(), TTL);
    });
    const b = store.sessions.create('bob', clock.now(), TTL);
    store.users.setPassword('ann', 'ann-new-long-phrase', 'user:ann', { keepSessionId: a2.id });
    expect([a1, a2, a3].map((s) => store.sessions.lookup(s.token, clock.now()) !== null)).toEqual([false, true, false]);
    store.users.setPassword('ann', 'ann-newer-long-phrase', 'cli');
    expect(store.sessions.lookup(a2.token, clock.now())).toBeNull();
    store.users.remove('bob', 'user:ann');
    expect(store.sessions.lookup(b.token, clock.now())).toBeNull();
    expect(story(store).slice(-7)).toEqual([
      'user.password ok ann user:ann',
      `session.end ok ${a1.id} user:ann`,
      `session.end ok ${a3.id} user:ann`,
      'user.password ok ann cli',
      `session.end ok ${a2.id} cli`,
      'user.remove ok bob user:ann',
      `session.end ok ${b.id} user:ann`,
    ]);
  });

  it('sessions of a version-1 store get an id at migration and keep working', async () => {
    const clock = new TestClock();
    const dir = freshDir();
    const v1 = DurableDb.open(await loadSqlJs(), join(dir, PANEL_DB), join(dir, PANEL_JOURNAL), PANEL_MIGRATIONS.slice(0, 1));
    const token = 'A'.repeat(43);
    v1.write((tx) => {
      tx.run(`INSERT INTO users (username, role, password_hash, created_at) VALUES ('ann', 'admin', 'x', '2026-07-01T00:00:00.000Z')`);
      tx.run(
        `INSERT INTO sessions (token_hash, username, created_at, expires_at) VALUES (?, 'ann', '2026-07-14T09:00:00.000Z', '2026-07-15T00:00:00.000Z')`,
        [sha256Hex(token)],
      );
    });
    v1.close();
    const store = await storeOn(dir, clock);
    stores.push(store);
    expect(store.sessions.list()).toEqual([
      {
        id: '0000000000000001',
        username: 'ann',
        role: 'admin',
        createdAt: '2026-07-14T09:00:00.000Z',
        expiresAt: '2026-07-15T00:00:00.000Z',
        lastSeenAt: '2026-07-14T09:00:00.000Z',
        address: null,
        userAgent: null,
      },
    ]);
    expect(store.sessions.lookup(token, clock.now())).toEqual({ username: 'ann', role: 'admin', sessionId: '0000000000000001' });
    store.sessions.endById('0000000000000001', 'cli');
    expect(store.sessions.lookup(token, clock.now())).toBeNull();
  });
});

describe('nothing secret in the audit log', () => {
  it('no password, key, key secret, token or hash appears in any row after a series of changes', async () => {
    const clock = new TestClock();
    const dir = freshDir();
    const p = await panelParts(dir, clock);
    const secrets: string[] = [PW.ann, PW.bob, PW.cat, 'ann-second-passphrase', 'bob-reset-passphrase'];
    p.users.add('ann', 'admin', PW.ann, 'cli');
    p.users.add('bob', 'viewer', PW.bob, 'user:ann');
    p.users.add('cat', 'admin', PW.cat, 'user:ann');
    for (let i = 0; i < 3; i++) {
      const k = p.keys.create(`key ${i}`, i ? 'user:ann' : 'cli');
      secrets.push(k.key, k.key.slice(13)); // the whole key and its secret part
      if (i === 1) p.keys.revoke(k.id, 'user:cat');
    }
    for (const u of ['ann', 'bob', 'cat', 'ann']) secrets.push(p.sessions.create(u, clock.now(), TTL).token);
    p.users.setPassword('ann', 'ann-second-passphrase', 'user:ann');
    p.users.setPassword('bob', 'bob-reset-passphrase', 'user:cat');
    p.users.setRole('bob', 'admin', 'user:cat');
    p.users.remove('cat', 'user:ann');
    expect(() => p.users.remove('nobody', 'cli')).toThrow(NotFoundError);
    // What the store holds of the secrets (hashes) must not leak either.
    for (const r of p.db.all<{ h: string }>(
      `SELECT password_hash AS h FROM users UNION ALL SELECT hash FROM integration_keys UNION ALL SELECT token_hash FROM sessions`,
    )) {
      secrets.push(r.h);
    }
    for (const t of secrets.filter((s) => s.length === 43)) secrets.push(sha256Hex(t));
    const rows = p.db.all(`SELECT * FROM audit`);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    const text = JSON.stringify(rows);
    const leaked = secrets.filter((s) => text.includes(s));
    expect(leaked).toEqual([]);
    // Nor any piece of them long enough to matter (16 characters of any secret).
    for (const s of secrets) for (let i = 0; i + 16 <= s.length; i += 8) expect(text).not.toContain(s.slice(i, i + 16));
    p.db.close();
  });
});

describe('atomicity: a change and its row go together or not at all', () => {
  it('a statement that fails after the change was made rolls the change back', async () => {
    const clock = new TestClock();
    const dir = freshDir();
    const p = await panelParts(dir, clock);
    p.users.add('ann', 'admin', PW.ann, 'cli');
    p.users.add('bob', 'admin', PW.bob, 'cli');
    const s = p.sessions.create('bob', clock.now(), TTL);
    // From here on every audit insert fails, as a full disk or a bug would make it fail: it comes
    // after the change's own statements in each transaction.
    p.db.write((tx) => tx.run(`CREATE TRIGGER audit_fails BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'audit write failed'); END`));
    const before = p.db.all(`SELECT * FROM audit`);
    expect(() => p.users.remove('bob', 'user:ann')).toThrow(/audit write failed/);
    expect(() => p.users.setRole('bob', 'viewer', 'user:ann')).toThrow(/audit write failed/);
    expect(() => p.users.setPassword('bob', 'bob-new-passphrase', 'user:ann')).toThrow(/audit write failed/);
    expect(() => p.keys.create('k', 'user:ann')).toThrow(/audit write failed/);
    expect(() => p.sessions.endById(s.id, 'user:ann')).toThrow(/audit write failed/);
    expect(() => p.sessions.create('ann', clock.now(), TTL)).toThrow(/audit write failed/);
    const schedule = p.backupSettings.schedule();
    expect(() => p.backupSettings.setSchedule({ enabled: !schedule.enabled, intervalHours: 12, retentionDays: 60 }, 'user:ann')).toThrow(
      /audit write failed/,
    );
    expect(p.backupSettings.schedule()).toEqual(schedule);
    expect(p.users.get('bob')).toMatchObject({ role: 'admin' });
    expect(await p.users.check('bob', PW.bob)).not.toBeNull();
    expect(p.sessions.lookup(s.token, clock.now())).toMatchObject({ username: 'bob' });
    expect(p.keys.list()).toEqual([]);
    expect(p.sessions.list()).toHaveLength(1);
    expect(p.db.all(`SELECT * FROM audit`)).toEqual(before);
    p.db.close();
  });

  it('a crash that tears the journal record of a change loses the change and its row together', async () => {
    const clock = new TestClock();
    const dir = freshDir();
    const p = await panelParts(dir, clock);
    p.users.add('ann', 'admin', PW.ann, 'cli');
    p.users.add('bob', 'viewer', PW.bob, 'cli');
    p.db.checkpoint();
    p.users.remove('bob', 'user:ann');
    // The files as a kill -9 now would leave them (no close, no checkpoint): the remove is the
    // journal's one record.
    const snapshot = readFileSync(join(dir, PANEL_DB));
    const journal = readFileSync(join(dir, PANEL_JOURNAL));
    p.db.close();
    const copy = freshDir();
    writeFileSync(join(copy, PANEL_DB), snapshot);
    writeFileSync(join(copy, PANEL_JOURNAL), journal);
    const whole = await storeOn(copy, clock);
    expect(whole.users.get('bob')).toBeUndefined();
    expect(story(whole).at(-1)).toBe('user.remove ok bob user:ann');
    whole.close();
    // Again, with the remove's record torn by a crash mid-append.
    const torn = freshDir();
    writeFileSync(join(torn, PANEL_DB), snapshot);
    writeFileSync(join(torn, PANEL_JOURNAL), journal);
    truncateSync(join(torn, PANEL_JOURNAL), journal.length - 5);
    const after = await storeOn(torn, clock);
    stores.push(after);
    expect(after.users.get('bob')).toMatchObject({ role: 'viewer' });
    expect(story(after)).toEqual(['user.create ok ann cli', 'user.create ok bob cli']);
  });
});
