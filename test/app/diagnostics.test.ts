// The diagnostics route (GET /api/v1/diagnostics) beside the simulated game, over real sockets,
// read by a viewer: each link in each state the host meets (the game's REST API down, RCON
// refusing the password, a save the game stopped writing, an old backup, a webhook that refuses
// deliveries), with the words and advice, and never a path, an address or a secret.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startDiagnosticsRig, type DiagnosticsRig } from '../helpers/diagnostics-rig.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const MIN = 60_000;

/** Nothing a viewer must not see: folders, the game's addresses, passwords. */
function expectViewerSafe(rig: DiagnosticsRig, text: string, extra: string[] = []): void {
  const { sim } = rig;
  const secrets = [rig.saveDir, rig.dataDir, '/tmp', sim.restUrl, sim.rconAddr, '127.0.0.1', sim.password, ...extra].filter(Boolean);
  for (const s of secrets) expect(text, `leaks ${s}`).not.toContain(s);
}

describe('GET /api/v1/diagnostics', () => {
  it('says every link works, then that the REST API is down, RCON unreachable, and a failing webhook, in words', async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, { SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' });
    // A receiver that refuses every delivery, as a deleted Discord webhook does.
    const gone = createServer((_req, res) => res.writeHead(410).end());
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise<void>((r) => gone.close(() => r())));
    const hookUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/hook/secret-token-123`;
    expect((await rig.call('admin', 'POST', '/webhooks', { format: 'json', url: hookUrl })).status).toBe(201);

    const rest = await rig.until('rest', 'the game answers', (c) => c.state === 'ok');
    expect(rest.words).toMatch(/^The game has answered every poll for \d+ s\.$/);
    expect(rest.lastSuccessAt).not.toBeNull();
    expect(rest.since).not.toBeNull();
    await rig.until('rcon', 'RCON answers', (c) => c.state === 'ok');
    await rig.until('game-data', 'game data read', (c) => c.state === 'ok');
    const save = await rig.until('save', 'the save read', (c) => c.state === 'ok');
    expect(save.words).toMatch(/^The world served is the newest save/);
    const first = await rig.channels();
    expect(first.byId.webhooks).toMatchObject({ state: 'ok', words: '1 webhook; nothing was sent since palpanel started.' });
    expect(first.byId.backups).toMatchObject({ state: 'warning', words: 'There is no backup, and scheduled backups are off.' });
    expect(first.byId.disk.state).toBe('ok');
    expect(first.byId.disk.words).toMatch(/free of .* on the backup folder's disk/);
    expect(Object.keys(first.byId)).toEqual(['rest', 'game', 'rcon', 'game-data', 'save', 'backups', 'disk', 'webhooks']);

    // The game goes away: REST fails, with since and the last success kept.
    await rig.sim.control.setMode('unreachable');
    const down = await rig.until('rest', 'the game down', (c) => c.state === 'failing');
    expect(down.words).toMatch(/^The game.s REST API has not answered for \d+ s\. Last try: the game server refused the connection .+\.$/);
    expect(down.advice).toContain('RESTAPIEnabled=True');
    expect(down.advice).toContain('SERVICE_GAME_REST_URL');
    expect(down.lastSuccessAt).not.toBeNull();
    expect(Date.parse(down.since!)).toBeGreaterThan(Date.parse(down.lastSuccessAt!));
    // A minute later by palpanel's clock, the diagnostics log in to RCON again and find it gone.
    rig.advance(MIN + 1000);
    const rcon = await rig.until('rcon', 'RCON gone', (c) => c.state === 'failing');
    expect(rcon.words).toMatch(/^RCON is not reachable at SERVICE_RCON_ADDR/);
    expect(rcon.advice).toContain('RCONEnabled=True');
    // The unreachable event went to the webhook, which refused it.
    const hooks = await rig.until('webhooks', 'the webhook failing', (c) => c.state === 'failing');
    expect(hooks.words).toMatch(/^1 of 1 webhook failed to deliver, for \d+ s\.$/);
    expect(hooks.lastFailureAt).not.toBeNull();
    const gd = (await rig.channels()).byId['game-data'];
    expect(['failing', 'warning']).toContain(gd.state);

    const all = await rig.call('viewer', 'GET', '/diagnostics');
    expect(all.json.data.state).toBe('failing');
    expectViewerSafe(rig, all.text, [hookUrl, 'secret-token-123', String((gone.address() as AddressInfo).port)]);

    // Back: REST says so, and since moves to the new answer.
    await rig.sim.control.setMode('ok');
    const back = await rig.until('rest', 'the game back', (c) => c.state === 'ok');
    expect(Date.parse(back.since!)).toBeGreaterThanOrEqual(Date.parse(down.lastFailureAt!));
    expect(back.lastFailureAt).not.toBeNull();
  });

  it('says RCON refuses the password, names the setting, and shows no password', async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, { SERVICE_RCON_PASSWORD: 'not-the-password-42' });
    const rcon = await rig.until('rcon', 'RCON refused', (c) => c.state === 'failing');
    expect(rcon.words).toMatch(/^The game refused the RCON password \(SERVICE_RCON_PASSWORD\)\. Failing for \d+ s\.$/);
    expect(rcon.advice).toBe("Set SERVICE_RCON_PASSWORD to the game's AdminPassword (PalWorldSettings.ini), then restart palpanel.");
    expect(rcon.lastSuccessAt).toBeNull();
    expect(rcon.since).toBe(rcon.lastFailureAt);
    const { text } = await rig.channels();
    expectViewerSafe(rig, text, ['not-the-password-42']);
    // The REST link is fine meanwhile: one link's failure is not another's.
    expect((await rig.channels()).byId.rest.state).toBe('ok');
  });

  it('says the game has not written a save when it answers but the save stays old', async () => {
    // The simulated game answers, but nothing rewrites the save: palpanel's clock moves on 11 min.
    const rig = await startDiagnosticsRig(cleanup);
    await rig.until('save', 'the save read', (c) => c.state === 'ok');
    await rig.until('rest', 'the game answers', (c) => c.state === 'ok');
    rig.advance(11 * MIN);
    const save = await rig.until('save', 'the save stale', (c) => c.state === 'warning');
    expect(save.words).toBe('The game answers but has not written a save for 11 min.');
    expect(save.advice).toContain('AutoSaveSpan');
    expect(save.lastSuccessAt).not.toBeNull();
    const { text } = await rig.channels();
    expectViewerSafe(rig, text);
  });

  it('says the newest backup is old when nothing made one for days, and its disk space', async () => {
    const rig = await startDiagnosticsRig(cleanup);
    await rig.until('save', 'the save read', (c) => c.state === 'ok');
    const started = await rig.call('admin', 'POST', '/backups', {});
    expect(started.status).toBe(202);
    await waitFor('the backup made', async () =>
      (await rig.call('admin', 'GET', `/backups/${started.json.data.id}`)).json.data.state === 'done' ? true : undefined,
    );
    const fresh = await rig.until('backups', 'a backup', (c) => c.lastSuccessAt !== null);
    expect(fresh.state).toBe('warning');
    expect(fresh.words).toMatch(/^Scheduled backups are off; the newest backup is \d+ s old\.$/);
    expect(fresh.advice).toContain('Turn the schedule on');
    const disk = (await rig.channels()).byId.disk;
    expect(disk.words).toMatch(
      / on the backup folder's disk, room for (1000 or more backups|about \d+ more backups); the backups take .+\.$/,
    );

    rig.advance(3 * 24 * 60 * MIN);
    const old = (await rig.channels()).byId.backups;
    expect(old).toMatchObject({ state: 'warning', words: 'The newest backup is 3 days old, and scheduled backups are off.' });
    expect(old.since).toBe(fresh.lastSuccessAt);
    const { text } = await rig.channels();
    expectViewerSafe(rig, text, [started.json.data.id]);
  });
});
