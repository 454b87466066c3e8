// RCON is optional (the game deprecates it; the docker image has it off): `serve` with no
// SERVICE_RCON_* against a simulated game whose RCON is off, and PalDefender's REST API
// configured. Everything that needs no RCON works over real sockets: announce, kick, ban, unban,
// save and shutdown through the game's REST API, the warnings of a scheduled restart, and an
// item grant through PalDefender's REST API; the console says, in words, that it needs RCON.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe } from '../../src/app/serve.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { openStore } from '../../src/store/index.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { liveSettings } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-00000000000A';
const ALICE_ID = 'steam_76561190000000010';
const BOB = '00000000-0000-0000-0000-00000000000B';
const BOB_ID = 'gdk_2535400000000011';
const ADMIN = { username: 'root', password: 'a-long-admin-passphrase-2' };

describe('serve with RCON off', () => {
  it('announce, kick, ban, unban, save, shutdown, restart countdowns and item grants all work; the console says it needs RCON', async () => {
    const saveDir = tempDir('palpanel-save-');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const sim = await startSimGameServer({
      churnPeriodMs: 0,
      rcon: false,
      palDefenderRest: { tokens: { 'pd-token': ['REST.Items.Give'] } },
      players: [
        { uid: ALICE, name: 'Alice', level: 5, userId: ALICE_ID },
        { uid: BOB, name: 'Bob', level: 6, userId: BOB_ID },
      ],
    });
    cleanup.push(() => sim.close());
    expect(sim.rconAddr).toBe('');
    const settings = liveSettings(saveDir, sim, { SERVICE_PALDEFENDER_URL: sim.palDefenderUrl, SERVICE_PALDEFENDER_TOKEN: 'pd-token' });
    expect(settings.rconAddr).toBeNull();

    // A restart every 15 minutes, made 6 minutes before serve starts: due in 9 minutes, within its
    // 10 minutes of warning, so the scheduler's first check (at start) sends the warning.
    const pre = await openStore(settings.dataDir, () => new Date(Date.now() - 6 * 60_000));
    pre.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const task = pre.tasks.add(
      {
        name: 'Restart',
        enabled: true,
        schedule: { every: 'interval', minutes: 15 },
        action: { kind: 'restart', warnMinutes: 10, message: 'Restart in {minutes} minutes, save your things', whenPlayersOnline: 'run' },
      },
      'cli',
    );
    pre.close();

    const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    cleanup.push(() => server.stop());
    const base = `${server.url}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(base),
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
    const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };
    const did = () => sim.control.adminActions();

    // The restart's countdown says the time left at once (not on a step), through the game's REST
    // API; the task's old `{minutes}` template is not said (the words say the time).
    await waitFor('the restart warning', () =>
      did().find(
        (a) => a.action === 'announce' && /^Server restart in (9 minutes|8 minutes and \d+ seconds)$/.test(String(a.args.message)),
      ),
    );
    await waitFor('both players online', () => (server.live.snapshot().players.length === 2 ? true : undefined));

    expect((await call('GET', '/server')).json.data).toMatchObject({ state: 'running', rcon: false });
    expect((await call('POST', '/server/announce', { message: 'Hello everyone, with spaces kept' })).status).toBe(200);
    expect((await call('POST', `/players/${BOB}/kick`, { reason: 'a test kick' })).status).toBe(200);
    expect((await call('POST', `/players/${BOB}/ban`, { reason: 'a test ban' })).status).toBe(200);
    expect((await call('POST', `/players/${BOB}/unban`, {})).status).toBe(200);
    expect((await call('POST', '/server/save')).status).toBe(200);

    const cap = (await call('GET', '/items/capability')).json.data;
    expect(cap).toMatchObject({ capable: true, via: 'rest' });
    const grant = await call('POST', `/players/${ALICE}/item-grants`, { items: [{ itemId: 'PalSphere', count: 10 }] });
    expect(grant.status, JSON.stringify(grant.json)).toBe(201);
    expect(grant.json.data).toMatchObject({ outcome: 'granted', userId: ALICE_ID });

    const console = await call('POST', '/console/exec', { command: 'Info' });
    expect(console.status).toBe(409);
    expect(console.json.error.message).toMatch(
      /^The console needs RCON, which this server has off \(SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD\)/,
    );

    // One countdown at a time: the restart's is cancelled (players told), then the shutdown's starts.
    expect((await call('POST', '/server/shutdown', { delaySec: 30, message: 'Going down for a test' })).status).toBe(409);
    expect((await call('POST', '/server/countdown/cancel')).json.data).toMatchObject({ kind: 'restart', startedBy: 'system' });
    expect((await call('POST', '/server/shutdown', { delaySec: 30, message: 'Going down for a test' })).status).toBe(202);

    const rest = did().filter((a) => a.via === 'rest');
    expect(rest.map((a) => a.action)).toEqual(['announce', 'announce', 'kick', 'ban', 'unban', 'save', 'announce', 'announce']);
    expect(rest.slice(-2).map((a) => a.args.message)).toEqual([
      'Server restart cancelled. Carry on playing.',
      'Server shutdown in 30 seconds: Going down for a test',
    ]);
    expect(rest[1].args).toEqual({ message: 'Hello everyone, with spaces kept' });
    expect(rest.slice(2, 5).map((a) => a.args.userid)).toEqual([BOB_ID, BOB_ID, BOB_ID]);
    expect(did().filter((a) => a.via === 'paldefender')).toEqual([
      { via: 'paldefender', action: 'giveitems', args: { userid: ALICE_ID, items: 'PalSphere:10' } },
    ]);
    expect(did().filter((a) => a.via === 'rcon')).toEqual([]);
    await waitFor('the cancelled run logged', () => server.store.tasks.runs(5, task.id)[0]);
    expect(server.store.tasks.runs(5, task.id)[0]).toMatchObject({ outcome: 'skipped', detail: `cancelled by ${ADMIN.username}` });
  });
});
