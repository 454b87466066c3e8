// Two-factor sign-in (issue 43) over a socket of `serve`, with codes from an implementation that
// is not ours: Debian's oathtool computes each code from the secret the panel showed, at the
// server's (manual) clock. Enrolment, the second step, a code reused, codes two steps off, a
// recovery code used once, the throttle counting wrong codes, SERVICE_REQUIRE_2FA, the shell's
// reset, and no secret, hash or recovery code in any answer but the two enrolment answers, in the
// log or in the audit.
import { execFileSync, spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ManualClock } from '../helpers/fixture.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { serveWorld, type Account, type ServedWorld } from '../helpers/serve-world.js';
import { noteSkip } from '../helpers/skipped.js';

const hasOathtool = spawnSync('oathtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasOathtool)
  noteSkip('two-factor: oathtool is not on this machine (apt-get install oathtool); the two-factor sign-in tests are skipped');

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const MODERATOR = { username: 'mod', password: 'moderator-pass-phrase-7' };
const VIEWER = { username: 'viewer', password: 'viewer-pass-phrase-42' };
const STEP = 30_000;
/** Long enough for the login throttle to forget every failure (it forgets after 5 minutes). */
const FORGET = 10 * 60_000;

/** The code oathtool computes for `secret` at `ms`. */
const oath = (secret: string, ms: number) =>
  execFileSync('oathtool', ['--totp', '-b', '-N', `@${Math.floor(ms / 1000)}`, secret], { encoding: 'utf8' }).trim();

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read member by member, checked with expect()
  json: any;
  text: string;
}

let served: ServedWorld[] = [];
afterEach(async () => {
  await Promise.all(served.map((w) => w.server.stop()));
  served = [];
});

async function rig(env: Record<string, string> = {}) {
  const clock = new ManualClock(Date.parse('2026-07-14T10:00:10.000Z'));
  const logs: string[] = [];
  const w = await serveWorld(
    'v0.1-coop',
    [
      [ADMIN, 'admin'],
      [MODERATOR, 'moderator'],
      [VIEWER, 'viewer'],
    ],
    { env, clock: clock.now, logLine: (l) => logs.push(l) },
  );
  served.push(w);
  /** Every answer but the two that carry the secret and the recovery codes. */
  const answers: string[] = [];
  const send = async (method: string, path: string, cookie?: string, body?: unknown, keep = true): Promise<Answer> => {
    const res = await fetch(`${w.url}/api/v1${path}`, {
      method,
      headers: { ...(method === 'GET' ? {} : fromPanelPage(w.url, body !== undefined)), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (keep) answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`);
    return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
  };
  const login = (who: Account, code?: string) =>
    send('POST', '/auth/login', undefined, { ...who, ...(code === undefined ? {} : { code }) });
  const cookieOf = async (who: Account, code?: string) => {
    const res = await fetch(`${w.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(w.url),
      body: JSON.stringify({ ...who, ...(code === undefined ? {} : { code }) }),
    });
    answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`);
    expect(res.status, `sign-in of ${who.username}`).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0];
  };
  /** Enrols `who`: the secret and the recovery codes, from the two answers that carry them. */
  const enrol = async (cookie: string) => {
    const started = await send('POST', '/account/totp', cookie, undefined, false);
    expect(started.status).toBe(201);
    const { secret, uri } = started.json.data as { secret: string; uri: string };
    const confirmed = await send('POST', '/account/totp/confirm', cookie, { code: oath(secret, clock.ms) }, false);
    expect(confirmed.status).toBe(200);
    return { secret, uri, recoveryCodes: confirmed.json.data.recoveryCodes as string[] };
  };
  return { w, clock, logs, answers, send, login, cookieOf, enrol };
}

describe.skipIf(!hasOathtool)('two-factor sign-in', () => {
  it('enrols with the secret shown, then signs in with oathtool codes: each good once, within one step; recovery codes once each', async () => {
    const r = await rig();
    const admin = await r.cookieOf(ADMIN);
    expect((await r.send('GET', '/account/totp', admin)).json.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const started = await r.send('POST', '/account/totp', admin, undefined, false);
    expect(started.status).toBe(201);
    const { secret, uri } = started.json.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const u = new URL(uri);
    expect([u.protocol, u.host, decodeURIComponent(u.pathname)]).toEqual(['otpauth:', 'totp', '/palpanel:admin']);
    expect(Object.fromEntries(u.searchParams)).toEqual({ secret, issuer: 'palpanel', algorithm: 'SHA1', digits: '6', period: '30' });
    // A wrong code does not turn it on.
    const right = oath(secret, r.clock.ms);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await r.send('POST', '/account/totp/confirm', admin, { code: wrong })).json.error.code).toBe('invalid_request');
    expect((await r.send('GET', '/account/totp', admin)).json.data.enabled).toBe(false);
    const confirmed = await r.send('POST', '/account/totp/confirm', admin, { code: right }, false);
    expect(confirmed.status).toBe(200);
    const codes = confirmed.json.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await r.send('GET', '/account/totp', admin)).json.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await r.send('GET', '/users', admin)).json.data.find((x: { username: string }) => x.username === 'admin').totp).toBe(true);

    // The password alone asks for the code; the code of the confirmation is spent.
    const bare = await r.login(ADMIN);
    expect([bare.status, bare.json.error.code]).toEqual([401, 'totp_required']);
    const reused = await r.login(ADMIN, right);
    expect([reused.status, reused.json.error.code]).toEqual([401, 'invalid_credentials']);

    r.clock.advance(STEP);
    const now = oath(secret, r.clock.ms);
    expect((await r.login(ADMIN, now)).status).toBe(200);
    const again = await r.login(ADMIN, now);
    expect([again.status, again.json.error.code]).toEqual([401, 'invalid_credentials']);

    // Two steps either side: refused; one step ahead: accepted (a phone's clock a little fast).
    r.clock.advance(STEP);
    for (const off of [-2 * STEP, 2 * STEP]) {
      const res = await r.login(ADMIN, oath(secret, r.clock.ms + off));
      expect([off, res.status, res.json.error.code]).toEqual([off, 401, 'invalid_credentials']);
    }
    expect((await r.login(ADMIN, oath(secret, r.clock.ms + STEP))).status).toBe(200);
    // The code of now is older than the one just accepted: refused too.
    expect((await r.login(ADMIN, oath(secret, r.clock.ms))).status).toBe(401);

    // A wrong password with a right code, and a right password with a wrong code: one answer.
    r.clock.advance(FORGET);
    const a = await r.login({ ...ADMIN, password: 'not the password at all' }, oath(secret, r.clock.ms));
    const b = await r.login(ADMIN, '123 456');
    expect(a.json).toEqual(b.json);
    expect(a.json.error.code).toBe('invalid_credentials');

    // A recovery code signs in once (typed in capitals and without dashes, as people do).
    r.clock.advance(FORGET);
    const typed = codes[3].replaceAll('-', '').toUpperCase();
    expect((await r.login(ADMIN, typed)).status).toBe(200);
    expect((await r.login(ADMIN, codes[3])).status).toBe(401);
    expect((await r.send('GET', '/account/totp', admin)).json.data.recoveryCodesLeft).toBe(9);
    const audit = (await r.send('GET', '/audit?limit=500', admin)).json.data as { action: string; target: string; detail: string | null }[];
    expect(audit.filter((x) => x.action.startsWith('totp.')).map((x) => [x.action, x.target, x.detail])).toEqual([
      ['totp.recovery', 'admin', '9 left'],
      ['totp.enable', 'admin', null],
    ]);

    // Removing it asks for a code; a wrong one is refused and recorded.
    r.clock.advance(STEP);
    expect((await r.send('DELETE', '/account/totp', admin, { code: wrong === '000000' ? '999999' : '000000' })).status).toBe(400);
    expect((await r.send('DELETE', '/account/totp', admin, { code: oath(secret, r.clock.ms) })).status).toBe(204);
    expect((await r.login(ADMIN)).status).toBe(200);
    const after = (await r.send('GET', '/audit?limit=5', admin)).json.data as { action: string; outcome: string; reason: string | null }[];
    expect(after.filter((x) => x.action === 'totp.disable').map((x) => [x.outcome, x.reason])).toEqual([
      ['ok', null],
      ['refused', 'wrong_code'],
    ]);

    expectNoSecrets(r, [secret, ...codes]);
  }, 60_000);

  it('counts wrong codes in the login throttle like wrong passwords', async () => {
    const r = await rig();
    const mod = await r.cookieOf(MODERATOR);
    const { secret } = await r.enrol(mod);
    r.clock.advance(FORGET);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await r.login(MODERATOR, '000000' === oath(secret, r.clock.ms) ? '111111' : '000000')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Now even the right code waits.
    const held = await fetch(`${r.w.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(r.w.url),
      body: JSON.stringify({ ...MODERATOR, code: oath(secret, r.clock.ms) }),
    });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    r.clock.advance(FORGET);
    expect((await r.login(MODERATOR, oath(secret, r.clock.ms))).status).toBe(200);
  }, 60_000);

  it('SERVICE_REQUIRE_2FA=admins: an admin without it signs in only to enrol; once on, everything; a viewer is not asked', async () => {
    const r = await rig({ SERVICE_REQUIRE_2FA: 'admins' });
    const first = await r.login(ADMIN);
    expect(first.json).toEqual({ username: 'admin', role: 'admin', totpEnrolmentRequired: true });
    const admin = await r.cookieOf(ADMIN);
    expect((await r.send('GET', '/auth/me', admin)).json.totpEnrolmentRequired).toBe(true);
    for (const [method, path] of [
      ['GET', '/players'],
      ['GET', '/users'],
      ['POST', '/backups'],
      ['GET', '/account/sessions'],
    ] as const) {
      const res = await r.send(method, path, admin, method === 'GET' ? undefined : {});
      expect([path, res.status, res.json.error.code]).toEqual([path, 403, 'forbidden']);
    }
    expect((await r.send('GET', '/account/totp', admin)).json.data).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const { secret } = await r.enrol(admin);
    expect((await r.send('GET', '/players', admin)).status).toBe(200);
    expect((await r.send('GET', '/auth/me', admin)).json).toEqual({ username: 'admin', role: 'admin' });
    // Required: it cannot be turned off by its user.
    r.clock.advance(STEP);
    expect((await r.send('DELETE', '/account/totp', admin, { code: oath(secret, r.clock.ms) })).status).toBe(409);
    // A moderator and a viewer are not asked under `admins`.
    for (const who of [MODERATOR, VIEWER]) {
      const res = await r.login(who);
      expect(res.json).toEqual({ username: who.username, role: who.username === 'mod' ? 'moderator' : 'viewer' });
    }
  }, 60_000);

  it('SERVICE_REQUIRE_2FA=moderators asks it of moderators too', async () => {
    const r = await rig({ SERVICE_REQUIRE_2FA: 'moderators' });
    expect((await r.login(MODERATOR)).json.totpEnrolmentRequired).toBe(true);
    expect((await r.login(VIEWER)).json.totpEnrolmentRequired).toBeUndefined();
  }, 60_000);

  it('the shell resets it (a lost phone) through the running server, and an admin resets another user’s', async () => {
    const r = await rig();
    const admin = await r.cookieOf(ADMIN);
    const viewer = await r.cookieOf(VIEWER);
    await r.enrol(admin);
    await r.enrol(viewer);
    expect((await r.login(ADMIN)).json.error.code).toBe('totp_required');
    let out = '';
    let err = '';
    const io = {
      env: {},
      out: (t: string) => void (out += t),
      err: (t: string) => void (err += t),
      stdin: new PassThrough() as never,
      debug: false,
    };
    expect(await main(['users', '2fa', 'reset', 'admin', '--data-dir', r.w.dataDir], io)).toBe(0);
    expect([out, err]).toEqual(['Two-factor sign-in of admin is off; they sign in with their password and may enrol again.\n', '']);
    expect((await r.login(ADMIN)).status).toBe(200);
    expect(await main(['users', '2fa', 'reset', 'nobody', '--data-dir', r.w.dataDir], io)).toBe(1);
    expect(err).toBe('palpanel: No user is named "nobody".\n');
    // `users add --role moderator` from the shell, through the running server.
    const stdin = new PassThrough();
    stdin.end('a moderator pass phrase 3\n');
    out = '';
    const add = ['users', 'add', 'newmod', '--role', 'moderator', '--password-stdin', '--json', '--data-dir', r.w.dataDir];
    expect(await main(add, { ...io, stdin: stdin as never })).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ username: 'newmod', role: 'moderator', totp: false });
    expect((await r.login({ username: 'newmod', password: 'a moderator pass phrase 3' })).json).toEqual({
      username: 'newmod',
      role: 'moderator',
    });

    // An admin resets the viewer's over the API; the viewer may not reset anyone's.
    expect((await r.send('DELETE', '/users/admin/totp', viewer)).status).toBe(403);
    expect((await r.login(VIEWER)).json.error.code).toBe('totp_required');
    expect((await r.send('DELETE', '/users/viewer/totp', admin)).status).toBe(204);
    expect((await r.login(VIEWER)).status).toBe(200);
    const audit = (await r.send('GET', '/audit?action=totp.reset', admin)).json.data as { actor: string; target: string }[];
    expect(audit.map((x) => [x.actor, x.target])).toEqual([
      ['user:admin', 'viewer'],
      ['cli', 'admin'],
    ]);
  }, 60_000);
});

/** No answer kept (all but the two enrolment answers), no log line and no audit row holds a
 * secret, a recovery code, or a hash as the store keeps them. */
function expectNoSecrets(r: Awaited<ReturnType<typeof rig>>, secrets: string[]) {
  const needles = secrets.flatMap((s) => [s, s.toLowerCase(), s.replaceAll('-', '')]);
  const auditRows = r.w.server.store.audit.list({ limit: 1000 }).data;
  const hay = [...r.answers, ...r.logs, JSON.stringify(auditRows)].join('\n');
  expect(r.answers.length).toBeGreaterThan(20);
  expect(r.logs.length).toBeGreaterThan(3);
  for (const n of needles) expect(hay.includes(n), `"${n.slice(0, 4)}…" found`).toBe(false);
  // The store's forms: a password's `scrypt$…`, a recovery code's SHA-256 (64 hex digits).
  expect(hay).not.toMatch(/scrypt\$/);
  expect(hay.match(/[0-9a-f]{64}/g)).toBeNull();
}
