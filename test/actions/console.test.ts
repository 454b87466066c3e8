// The console against the simulated game server's RCON over real sockets: a round trip logged
// and audited, a reply split over packets, a game that does not answer (the deadline), a refused
// password and a missing setting (each said as such), passwords masked, saved commands with
// placeholders, and the routes' cursor walk.
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/actions/console.js';
import { parseHostPort } from '../../src/config/settings.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { createHandler } from '../../src/http/index.js';
import { maskCommand, fillPlaceholders } from '../../src/domain/console-text.js';
import { makeWorld, ManualClock, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../helpers/fixture.js';
import { ADMIN, VIEWER } from '../http/panel-harness.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const MANY = Array.from({ length: 150 }, (_, i) => ({
  uid: `00000000-0000-0000-0000-${String(i + 1).padStart(12, '0')}`,
  name: `Player ${i} with a long name`,
  level: 1 + (i % 50),
}));

async function rig(opts: { password?: string; timeoutMs?: number; rcon?: boolean } = {}) {
  const sim: SimGameServer = await startSimGameServer({ churnPeriodMs: 0, players: MANY });
  cleanup.push(() => sim.close());
  sim.control.setOnline(MANY.map((p) => p.uid));
  const clock = new ManualClock();
  const ts: TempStore = await tempStore(clock.now);
  cleanup.push(() => ts.cleanup());
  // Without RCON settings palpanel makes no console at all (serve.ts).
  const port =
    opts.rcon === false
      ? undefined
      : createConsole(ts.store, {
          addr: parseHostPort(sim.rconAddr)!,
          password: opts.password ?? sim.password,
          timeoutMs: opts.timeoutMs ?? 2_000,
        });
  if (port) cleanup.push(() => port.close());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    console: port,
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
  });
  const send = async (method: string, path: string, cookie?: string, body?: unknown) => {
    const res = await handler(
      toHttpRequest({
        method,
        path: `/api/v1${path}`,
        headers: cookie ? { cookie } : {},
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = res.body === undefined ? '' : String(res.body);
    return {
      status: res.status,
      json: text
        ? (JSON.parse(text) as { data?: unknown; nextCursor?: string | null; error?: { code: string; message: string } })
        : undefined,
      headers: res.headers,
    };
  };
  const login = async (c: typeof ADMIN) => String((await send('POST', '/auth/login', undefined, c)).headers['set-cookie']).split(';')[0];
  return { sim, ts, send, admin: await login(ADMIN), viewer: await login(VIEWER) };
}

describe('console', () => {
  it('runs a command and a reply split over packets; logs and audits it; a viewer may not', async () => {
    const { ts, send, admin, viewer, sim } = await rig();
    expect((await send('POST', '/console/exec', viewer, { command: 'Info' })).status).toBe(403);
    const info = await send('POST', '/console/exec', admin, { command: 'Info' });
    expect(info.status).toBe(200);
    expect(info.json!.data).toMatchObject({
      command: 'Info',
      outcome: 'ok',
      actor: 'user:admin',
      reply: expect.stringContaining('Welcome to Pal Server'),
    });
    // Issue 28, finding 10: the answer carried the audit row's id, not the log entry's.
    expect((info.json!.data as { id: number }).id).toBe(ts.store.console.page(1, null)[0].id);
    // 150 players: a reply of more than 4 KiB, which the game sends in several packets.
    const players = await send('POST', '/console/exec', admin, { command: 'ShowPlayers' });
    const reply = (players.json!.data as { reply: string }).reply;
    expect(Buffer.byteLength(reply)).toBeGreaterThan(4096);
    expect(reply.trim().split('\n')).toHaveLength(151);
    expect(sim.control.adminActions()).toEqual([]);
    expect(ts.store.audit.list({ limit: 5, action: 'console.exec' }).data.map((a) => a.detail)).toEqual(['ShowPlayers', 'Info']);
  });

  it('DoExit and other commands that stop the server, act on everyone or delete run only confirmed; unconfirmed sends nothing', async () => {
    const { ts, send, admin, sim } = await rig();
    const asked = await send('POST', '/console/exec', admin, { command: 'DoExit' });
    expect(asked.status).toBe(409);
    expect(asked.json!.error).toEqual({ code: 'conflict', message: expect.stringMatching(/^DoExit stops the game server at once/) });
    expect(sim.control.adminActions()).toEqual([]);
    expect(ts.store.console.page(5, null)).toEqual([]);
    expect(ts.store.audit.list({ limit: 5, action: 'console.exec' }).data).toEqual([]);
    // A saved command is asked about the same way (the rule holds for the command that would run).
    const saved = ts.store.console.save('stop', 'DoExit', 'user:admin').saved;
    expect((await send('POST', '/console/exec', admin, { savedId: saved.id })).status).toBe(409);
    expect(sim.control.adminActions()).toEqual([]);
    const done = await send('POST', '/console/exec', admin, { command: 'DoExit', confirm: true });
    expect(done.status).toBe(200);
    expect(sim.control.adminActions()).toEqual([{ via: 'rcon', action: 'stop', args: {} }]);
    expect((await send('POST', '/console/exec', admin, { command: 'Info', confirm: false })).status).toBe(400);
  });

  // Issue 37, finding 10: invisible characters hid DoExit from the rule, and the game ran it.
  it('a command with invisible characters is asked about as without them, and sent and logged without them', async () => {
    const { ts, send, admin, sim } = await rig();
    for (const command of ['\u200bDoExit', 'Do\u00adExit', 'DoExit\ufeff', 'D\u2060o\u180eExit\ufe0f', '\u{e0044}DoExit']) {
      const asked = await send('POST', '/console/exec', admin, { command });
      expect(asked.status, JSON.stringify(command)).toBe(409);
      expect(asked.json!.error!.message).toMatch(/^DoExit stops the game server at once/);
    }
    expect(sim.control.adminActions()).toEqual([]);
    expect(ts.store.console.page(5, null)).toEqual([]);
    const done = await send('POST', '/console/exec', admin, { command: '\u200bDo\u00adExit', confirm: true });
    expect(done.status).toBe(200);
    expect(done.json!.data).toMatchObject({ command: 'DoExit' });
    expect(sim.control.adminActions()).toEqual([{ via: 'rcon', action: 'stop', args: {} }]);
    expect(ts.store.console.page(5, null).map((e) => e.command)).toEqual(['DoExit']);
  });

  it('a game that does not answer: the deadline, said in words, logged as failed', async () => {
    const { send, admin, sim, ts } = await rig({ timeoutMs: 300 });
    sim.control.setRconFault('silent');
    const res = await send('POST', '/console/exec', admin, { command: 'Save' });
    expect(res.status).toBe(503);
    expect(res.json!.error).toEqual({ code: 'game_unavailable', message: 'The game did not answer the command in time.' });
    expect(ts.store.console.page(5, null)[0]).toMatchObject({ command: 'Save', outcome: 'failed' });
  });

  it('a refused password and RCON off are told apart: off is the shared not-configured answer, in words', async () => {
    const wrong = await rig({ password: 'not-the-password' });
    const refused = await wrong.send('POST', '/console/exec', wrong.admin, { command: 'Info' });
    expect(refused.json!.error).toEqual({
      code: 'game_unavailable',
      message: 'The game refused the RCON password (SERVICE_RCON_PASSWORD).',
    });
    const none = await rig({ rcon: false });
    const missing = await none.send('POST', '/console/exec', none.admin, { command: 'Info' });
    expect(missing.status).toBe(409);
    expect(missing.json!.error).toEqual({
      code: 'conflict',
      message:
        'The console needs RCON, which this server has off (SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD). The game deprecates RCON; everything else goes through its REST API.',
    });
    expect(none.ts.store.console.page(5, null)).toEqual([]);
  });

  it('passwords never reach the log or the audit; saved commands fill placeholders from a player; the log pages', async () => {
    const { send, admin, ts } = await rig();
    expect(maskCommand('AdminPassword hunter2')).toBe('AdminPassword ****');
    expect(maskCommand('/adminpassword  s3cret words')).toBe('/adminpassword  ****');
    await send('POST', '/console/exec', admin, { command: 'AdminPassword hunter2' });
    expect(JSON.stringify(ts.store.console.page(10, null))).not.toContain('hunter2');
    expect(JSON.stringify(ts.store.audit.list({ limit: 10 }).data)).not.toContain('hunter2');
    expect(fillPlaceholders('KickPlayer {userId} {name}', { userId: 'steam_1', name: 'A B' })).toEqual({
      command: 'KickPlayer steam_1 A_B',
      missing: [],
    });

    ts.store.world.replace(makeWorld({ players: 2, pals: 2 }), '2026-07-14T10:00:00.000Z');
    const target = ts.store.world.allPlayers()[0];
    const saved = await send('POST', '/console/saved', admin, { name: 'Tell', command: 'Broadcast hello_{name}' });
    expect(saved.status).toBe(201);
    const id = (saved.json!.data as { id: string }).id;
    expect((await send('POST', '/console/exec', admin, { savedId: id })).status).toBe(400); // placeholders need a player
    const ran = await send('POST', '/console/exec', admin, { savedId: id, player: target.uid });
    expect((ran.json!.data as { command: string }).command).toBe(`Broadcast hello_${target.name.replace(/\s+/g, '_')}`);
    expect((await send('POST', '/console/exec', admin, { command: 'Info', savedId: id })).status).toBe(400);
    // The same name (case aside) replaces the command and keeps the id; another name adds one.
    const again = await send('POST', '/console/saved', admin, { name: 'tell', command: 'Broadcast bye_{name}' });
    expect(again.status).toBe(200);
    expect(again.json!.data).toMatchObject({ id, name: 'tell', command: 'Broadcast bye_{name}' });
    expect((await send('GET', '/console/saved', admin)).json!.data).toHaveLength(1);
    expect(ts.store.audit.list({ limit: 1 }).data[0]).toMatchObject({ action: 'console.save', target: id, detail: 'tell (replaced)' });
    const other = await send('POST', '/console/saved', admin, { name: 'Ärger', command: 'Info' });
    expect(other.status).toBe(201);
    expect((await send('POST', '/console/saved', admin, { name: 'ärger', command: 'ShowPlayers' })).json!.data).toMatchObject({
      id: (other.json!.data as { id: string }).id,
    });
    expect((await send('DELETE', `/console/saved?id=${(other.json!.data as { id: string }).id}`, admin)).status).toBe(204);
    expect((await send('DELETE', '/console/saved?id=ffffffff', admin)).status).toBe(404);
    expect((await send('DELETE', `/console/saved?id=${id}`, admin)).status).toBe(204);
    expect((await send('GET', '/console/saved', admin)).json!.data).toEqual([]);

    for (let i = 0; i < 5; i++) await send('POST', '/console/exec', admin, { command: 'Info' });
    const seen: number[] = [];
    let cursor = '';
    for (;;) {
      const page = await send('GET', `/console/log?limit=3${cursor ? `&cursor=${cursor}` : ''}`, admin);
      seen.push(...(page.json!.data as { id: number }[]).map((e) => e.id));
      if (!page.json!.nextCursor) break;
      cursor = page.json!.nextCursor;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen).toHaveLength(ts.store.console.page(100, null).length);
  });
});

// Issue 28, finding 6: masking missed `AdminPassword:X`, `AdminPassword=X` and a zero-width
// prefix, and the game's replies (which echo what they got) were never masked. Now both ways,
// on the failed path too, and palpanel's own passwords wherever a reply holds them.
describe('console: secrets are masked both ways', () => {
  it('in commands, in replies, in the audit and on a failed command', async () => {
    const { send, admin, ts, sim } = await rig({ timeoutMs: 500 });
    const commands = [
      'AdminPassword:hunter2a',
      'AdminPassword=hunter2b',
      '\u200BAdminPassword hunter2c',
      '\u200B/adminpassword:hunter2d',
      'Broadcast RCONPassword=hunter2e',
      'Broadcast token: "hunter2f"',
      `Broadcast ${sim.password}`,
    ];
    for (const command of commands) {
      const r = await send('POST', '/console/exec', admin, { command });
      expect(r.status, command).toBe(200);
      const entry = r.json!.data as { command: string; reply: string };
      expect(entry.command, command).toContain('****');
      expect(`${entry.command} ${entry.reply}`).not.toMatch(/hunter2|\u200B/);
      expect(entry.reply).not.toContain(sim.password);
    }
    // The game echoed them (the sim, as the game, answers "Unknown command: <word>" and
    // "Broadcasted: <text>"): the replies name the masked value, never the secret.
    const log = ts.store.console.page(20, null);
    expect(log.find((e) => e.command === 'AdminPassword:****')!.reply).toBe('Unknown command: AdminPassword:****');
    expect(log.find((e) => e.command === 'Broadcast ****')!.reply).toBe('Broadcasted: ****');

    sim.control.setRconFault('silent');
    const failed = await send('POST', '/console/exec', admin, { command: 'AdminPassword=hunter2g' });
    expect(failed.status).toBe(503);
    expect(ts.store.console.page(1, null)[0]).toMatchObject({ command: 'AdminPassword=****', outcome: 'failed' });

    const everything = JSON.stringify([
      ts.store.console.page(100, null),
      ts.store.audit.list({ limit: 100 }).data,
      ts.store.events.page({ limit: 100 }),
    ]);
    expect(everything).not.toMatch(/hunter2/);
    expect(everything).not.toContain(sim.password);
  });
});
