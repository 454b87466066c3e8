// A restore asked to stop a running game (`shutdown: true`) through serve's GameControl: the game
// is asked to shut down through its REST API, the restore job waits until the poller no longer
// reaches it and every door of the game refuses, then swaps the world in; asked without it, a
// running game refuses the restore at once.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { ADMIN } from '../http/panel-harness.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

describe('restore with shutdown', () => {
  it('stops the running game through its REST API, waits until it is gone, then restores', async () => {
    // The game goes away 100 ms after its shutdown's wait, and is started again a minute later.
    const live = await startLiveServe(cleanup, { restartAfterMs: 60_000 });
    const { server, sim, saveDir } = live;
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const cookie = (
      (
        await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(server.url), body: JSON.stringify(ADMIN) })
      ).headers.get('set-cookie') ?? ''
    ).split(';')[0];
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(server.url, body !== undefined)) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        json: (await res.json()) as { data?: Record<string, unknown>; error?: { code: string; message: string } },
      };
    };
    await waitFor('the game reached', () => (server.live.snapshot().reachable ? true : undefined), 10_000);

    const { id } = (await call('POST', '/backups', { note: 'the world to restore' })).json.data as { id: string };
    await waitFor('the backup', async () => ((await call('GET', `/backups/${id}`)).json.data!.state === 'done' ? true : undefined), 30_000);
    // The world changes after the backup: the restore must bring the backed-up bytes back.
    const level = join(saveDir, 'Level.sav');
    const backedUp = readFileSync(level);
    writeFileSync(level, Buffer.concat([backedUp, Buffer.from('changed since')]));

    const refused = await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE' });
    expect(refused.status).toBe(409);
    expect(refused.json.error!.message).toContain('The game server is running');
    expect(sim.control.adminActions().filter((a) => a.action === 'shutdown')).toEqual([]);

    const started = await call('POST', `/backups/${id}/restore`, { confirm: 'RESTORE', shutdown: true });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const job = await waitFor(
      'the restore job',
      async () => {
        const j = (await call('GET', `/backups/${id}/restore`)).json.data!;
        return j.state === 'running' ? undefined : j;
      },
      60_000,
    );
    expect(job).toMatchObject({
      state: 'done',
      error: null,
      result: expect.objectContaining({ preRestoreBackup: expect.stringMatching(/-pre-restore-/) }),
    });
    expect(sim.control.adminActions().filter((a) => a.action === 'shutdown')).toEqual([
      expect.objectContaining({ via: 'rest', args: expect.objectContaining({ waittime: 1 }) }),
    ]);
    expect(server.live.snapshot().reachable).toBe(false);
    expect(readFileSync(level)).toEqual(backedUp);
  });
});
