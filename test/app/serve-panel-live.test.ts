// The panel's server, world and map routes through `serve` itself (composition root wiring):
// real sockets, the simulated game server, the save watcher on a copy of a real save.
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('serve: panel server, world and map routes', () => {
  it('status, health, announce, parse now, snapshot and map dataset over HTTP', async () => {
    const live = await startLiveServe(cleanup, { players: [{ uid: '00000000-0000-0000-0000-000000000001', name: 'Host', level: 10 }] });
    const base = `${live.server.url}/api/v1`;
    live.server.store.users.add('root', 'admin', 'a-long-admin-passphrase-1', 'cli');
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(base),
      body: JSON.stringify({ username: 'root', password: 'a-long-admin-passphrase-1' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
    const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: live.server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };

    await waitFor('the game running', async () => ((await call('GET', '/server')).json.data.state === 'running' ? true : undefined));
    await waitFor('the first parse', () => live.server.store.world.parseInfo().lastParseAt ?? undefined);
    const server = (await call('GET', '/server')).json.data;
    expect(server).toMatchObject({ panelVersion: 'test', playersOnline: 1, poller: { state: 'running', lastError: null } });
    expect(server.worldGuid).toEqual(expect.any(String));
    expect(server.settings).not.toBeNull();

    // Game data goes 'stale' between answers when a loaded machine delays a poll: wait for a fresh one.
    const health = await waitFor('fresh game data', async () => {
      const h = (await call('GET', '/server/health')).json.data;
      return h.pollers.gameData.state === 'ready' ? h : undefined;
    });
    expect(health).toMatchObject({ status: 'ok', store: { ok: true }, saveWatcher: { enabled: true } });
    expect(health.disk.freeBytes).toBeGreaterThan(0);

    expect((await call('POST', '/server/announce', { message: 'hello from the panel' })).status).toBe(200);
    expect(live.sim.control.adminActions()).toContainEqual({ via: 'rest', action: 'announce', args: { message: 'hello from the panel' } });

    const parsed = await call('POST', '/world/parse');
    expect(parsed.status).toBe(200);
    expect(parsed.json.data).toMatchObject({ ok: true, trigger: 'manual' });
    expect((await call('GET', '/world')).json.data.lastAttempt).toEqual(parsed.json.data);

    const snap = await waitFor('a player on the live map, from fresh game data', async () => {
      const data = (await call('GET', '/world/snapshot')).json.data;
      return data.players.length === 1 && data.gameData === 'ready' ? data : undefined;
    });
    expect(snap).toMatchObject({ gameData: 'ready', playersFrom: 'game-data', players: [{ name: 'Host' }] });

    const map = (await call('GET', '/map/dataset')).json.data;
    expect(map.map.layers).toHaveLength(2);
    expect(map.layers.players).toEqual([expect.objectContaining({ name: 'Host', map: expect.any(Object) })]);
  });
});
