// A restore through the panel API of a running serve, with the project's simulated game server:
// what it can decide it answers at once (400, 404, 409, touching nothing); otherwise 202 with a
// job followed at GET /backups/{id}/restore. Its guard looks at more than the poller's word: a
// REST API that hangs (the request used to hang 61 s and the world was swapped), an RCON port
// that still accepts connections, save files still being written: each fails the job in words,
// before the pre-restore backup, with the world untouched.
import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait.js';
import { startLiveServe, type LiveServe } from '../helpers/live-serve.js';
import { ADMIN, VIEWER } from '../http/panel-harness.js';
import type { RestoreJob } from '../../src/backups/types.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

type Answer = { status: number; json: { data?: Record<string, unknown>; error?: { code: string; message: string } } };

/** The admin's (and a viewer's) panel calls, a backup made and followed, the world changed since. */
async function setUp(live: LiveServe) {
  const { server, saveDir } = live;
  server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const login = async (c: typeof ADMIN) =>
    (
      (
        await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(server.url), body: JSON.stringify(c) })
      ).headers.get('set-cookie') ?? ''
    ).split(';')[0];
  const admin = await login(ADMIN);
  const viewer = await login(VIEWER);
  const call = async (method: string, path: string, body?: unknown, cookie = admin): Promise<Answer> => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(server.url, body !== undefined)) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Answer['json'] };
  };
  const { id } = (await call('POST', '/backups', { note: 'the world to restore' })).json.data as { id: string };
  await waitFor('the backup', async () => ((await call('GET', `/backups/${id}`)).json.data!.state === 'done' ? true : undefined), 30_000);
  const level = join(saveDir, 'Level.sav');
  writeFileSync(level, Buffer.concat([readFileSync(level), Buffer.from('changed since the backup')]));
  /** Follows the restore job to its end. */
  const ended = () =>
    waitFor(
      'the restore job',
      async () => {
        const job = (await call('GET', `/backups/${id}/restore`)).json.data as RestoreJob;
        return job.state === 'running' ? undefined : job;
      },
      60_000,
    );
  const triggers = async () =>
    ((await call('GET', '/backups')).json as unknown as { data: { trigger: string }[] }).data.map((b) => b.trigger);
  return { id, call, viewer, level, ended, triggers };
}

describe('a restore as a job', () => {
  it('answers at once what it can decide (400, 404, 409), touching nothing', async () => {
    const live = await startLiveServe(cleanup, {});
    await waitFor('the game reached', () => (live.server.live.snapshot().reachable ? true : undefined), 10_000);
    const { id, call, viewer, level, triggers } = await setUp(live);
    const now = readFileSync(level);
    expect((await call('POST', `/backups/${id}/restore`, { confirm: 'restore' })).status).toBe(400);
    expect((await call('POST', '/backups/20990101T000000Z-manual-000000/restore', { confirm: 'RESTORE' })).status).toBe(404);
    const running = await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE' });
    expect(running.status).toBe(409);
    expect(running.json.error!.message).toContain('The game server is running');
    expect((await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE' }, viewer)).status).toBe(403);
    expect((await call('GET', `/backups/${id}/restore`)).status).toBe(404);
    expect(readFileSync(level)).toEqual(now);
    expect(await triggers()).toEqual(['manual']);
    expect(live.sim.control.adminActions().filter((a) => a.action === 'shutdown')).toEqual([]);
  });

  it("with the game's REST API hanging: 202 at once, then the job fails saying why; the world is untouched", async () => {
    const live = await startLiveServe(cleanup, {});
    const { sim, server } = live;
    await waitFor('the game reached', () => (server.live.snapshot().reachable ? true : undefined), 10_000);
    const { id, call, level, ended, triggers } = await setUp(live);
    // The game hangs: its REST API accepts connections and never answers.
    sim.control.setSlowDelay(10 * 60_000);
    await sim.control.setMode('slow');
    await waitFor('the poller losing the game', () => (server.live.snapshot().reachable ? undefined : true), 30_000);
    const now = readFileSync(level);

    const started = await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE' });
    expect(started.status).toBe(202);
    expect(started.json.data).toMatchObject({ backupId: id, state: 'running', finishedAt: null, error: null, result: null });
    const job = await ended();
    expect(job).toMatchObject({ state: 'failed', step: 'checking-game', result: null });
    expect(job.error).toMatch(/^The game server may still be running: the game's REST API did not answer within 3 s/);
    expect(job.finishedAt).not.toBeNull();
    expect(readFileSync(level)).toEqual(now);
    expect(await triggers()).toEqual(['manual']);
    expect(server.store.audit.list({ limit: 5, action: 'backup.restore' }).data[0]).toMatchObject({
      outcome: 'refused',
      reason: 'game_running',
    });
  });

  it('with the REST API gone but the RCON port still open, the job fails naming RCON', async () => {
    const rcon: Server = createServer((s) => s.on('error', () => undefined));
    await new Promise<void>((r) => rcon.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise<void>((r) => rcon.close(() => r())));
    const port = (rcon.address() as { port: number }).port;
    const live = await startLiveServe(cleanup, {}, { SERVICE_RCON_ADDR: `127.0.0.1:${port}`, SERVICE_RCON_PASSWORD: 'x' });
    await waitFor('the game reached', () => (live.server.live.snapshot().reachable ? true : undefined), 10_000);
    const { id, call, level, ended, triggers } = await setUp(live);
    await live.sim.control.setMode('unreachable');
    await waitFor('the poller losing the game', () => (live.server.live.snapshot().reachable ? undefined : true), 30_000);
    const now = readFileSync(level);
    expect((await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE' })).status).toBe(202);
    const job = await ended();
    expect(job.state).toBe('failed');
    expect(job.error).toBe("The game server may still be running: the game's RCON port accepts connections. Stop it, then restore.");
    expect(readFileSync(level)).toEqual(now);
    expect(await triggers()).toEqual(['manual']);
  });

  it('with the save files still being written, the job fails and the world is untouched', async () => {
    const live = await startLiveServe(cleanup, {});
    await waitFor('the game reached', () => (live.server.live.snapshot().reachable ? true : undefined), 10_000);
    const { id, call, level, ended, triggers } = await setUp(live);
    await live.sim.control.setMode('unreachable');
    await waitFor('the poller losing the game', () => (live.server.live.snapshot().reachable ? undefined : true), 30_000);
    // Something still writes the world (a game palpanel cannot see).
    const writer = setInterval(() => appendFileSync(level, 'x'), 20);
    cleanup.push(() => clearInterval(writer));
    expect((await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE' })).status).toBe(202);
    const job = await ended();
    clearInterval(writer);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^The save files are still being written/);
    expect(readFileSync(level).subarray(-24).toString()).toMatch(/x$/);
    expect(await triggers()).toEqual(['manual']);
  });
});
