// `serve` end to end: the composition root wires the game's admin actions into the panel and
// the moderator into the REST poller. A crossplay (Xbox `gdk_`) player is kicked over real HTTP,
// and the whitelist kicks a player who is not on it as they join.
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const XBOX = '00000000-0000-0000-0000-00000000000A';
const GDK = 'gdk_2535400000000001';
const PLAY = '00000000-0000-0000-0000-00000000000B';
const PS5 = 'ps5_9912345678901234';
const ADMIN = { username: 'root', password: 'a-long-admin-passphrase' };

describe('serve: moderation through the game REST API', () => {
  it('kicks a crossplay player by platform id, and the whitelist kicks on join', async () => {
    const { sim, server } = await startLiveServe(cleanup, {
      players: [
        { uid: XBOX, name: 'Xbox Pal', level: 3, userId: GDK },
        { uid: PLAY, name: 'PS Pal', level: 4, userId: PS5 },
      ],
      churnPeriodMs: 0,
    });
    sim.control.setOnline([XBOX]);
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(server.url),
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const post = (path: string, body: unknown, method = 'POST') =>
      fetch(`${server.url}/api/v1${path}`, { method, headers: { cookie, ...fromPanelPage(server.url) }, body: JSON.stringify(body) });
    await waitFor('player online', () => server.live.snapshot().players.length === 1 || undefined);

    const kick = await post(`/players/${XBOX}/kick`, { reason: 'test' });
    expect(kick.status).toBe(200);
    expect(sim.control.adminActions()).toContainEqual({ via: 'rest', action: 'kick', args: { userid: GDK, message: 'test' } });

    expect((await post('/whitelist', { enabled: true, entries: [] }, 'PUT')).status).toBe(200);
    // The kicked player stays away (the sim keeps them out for a minute); another one joins.
    sim.control.setOnline([PLAY]);
    const row = await waitFor(
      'whitelist kick audited',
      () => server.store.audit.list({ limit: 5, action: 'player.kick', actor: 'system' }).data[0],
    );
    expect(row).toMatchObject({ target: PLAY.replace(/-/g, ''), outcome: 'ok' });
    // One event line per whitelist kick (the audit row's own line is not written beside it).
    const lines = server.store.events.listAll(500).filter((e) => e.message.includes(PS5));
    expect(lines).toEqual([expect.objectContaining({ kind: 'moderation', message: `Kicked PS Pal (${PS5}): not on the whitelist` })]);
    expect(
      sim.control
        .adminActions()
        .filter((a) => a.action === 'kick')
        .map((a) => a.args.userid),
    ).toEqual([GDK, PS5]);
  });
});
