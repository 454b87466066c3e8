// A restore's dry-run while the game writes its save (issue 37, finding 12): a side it cannot read
// is never shown as a diff. The dry-run waits for the save to be quiet (as the watcher does) and
// reads it again; when it cannot, it answers in words (503 `unavailable`, Retry-After) with no diff.
// Over the real backup service, store and parser on a copy of a real world; the game's autosave
// is a writer rewriting Level.sav every 50 ms, half of it first, the rest a moment later.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupRig } from '../helpers/backup-rig.js';
import type { RunningServer } from '../../src/app/serve.js';
import { ADMIN } from '../http/panel-harness.js';
import { serveWorld } from '../helpers/serve-world.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { waitFor } from '../helpers/wait.js';

const BEING_SAVED = 'The world is being saved; try again in a few seconds.';

/** Rewrites `path` with its own bytes every 50 ms for `forMs`: the first half at once, the rest
 * `halfMs` later, so most of the time the file is half written. Resolves once it has stopped (the
 * file whole again). */
function autosave(path: string, forMs: number, halfMs = 35): Promise<void> {
  const bytes = readFileSync(path);
  const half = Math.floor(bytes.length / 2);
  const until = Date.now() + forMs;
  return new Promise((resolve) => {
    const tick = () => {
      const fd = openSync(path, 'w');
      writeSync(fd, bytes, 0, half);
      setTimeout(() => {
        writeSync(fd, bytes, half, bytes.length - half);
        closeSync(fd);
        if (Date.now() < until) setTimeout(tick, 50 - halfMs);
        else resolve();
      }, halfMs);
    };
    tick();
  });
}

const NO_CHANGE = {
  files: { added: [], removed: [], changed: [], kept: [] },
  players: { gained: [], lost: [] },
  pals: { gained: 0, lost: 0, gainedSample: [], lostSample: [] },
  guilds: { gained: [], lost: [] },
};

describe('a dry-run during an autosave', () => {
  it('waits for the save to be quiet and reports the true (empty) diff, or answers in words; never a diff it did not read', async () => {
    const r = await backupRig({ restorer: { settleMs: 300, dryRunWaitMs: 8_000 } });
    const id = await r.backup();
    const saving = autosave(join(r.saveDir, 'Level.sav'), 1_200);
    const runs = await Promise.allSettled(
      [0, 60, 120, 240, 400, 600].map((ms) => new Promise((res) => setTimeout(res, ms)).then(() => r.restorer.dryRun(id))),
    );
    await saving;
    for (const run of runs) {
      if (run.status === 'fulfilled') expect(run.value).toEqual(NO_CHANGE);
      else expect(run.reason).toMatchObject({ code: 'unavailable', message: BEING_SAVED });
    }
  }, 30_000);

  it('answers in words, with no diff, when the save does not become quiet within its wait', async () => {
    const r = await backupRig({ restorer: { settleMs: 300, dryRunWaitMs: 1_000 } });
    const id = await r.backup();
    const saving = autosave(join(r.saveDir, 'Level.sav'), 2_500);
    await expect(r.restorer.dryRun(id)).rejects.toMatchObject({ code: 'unavailable', message: BEING_SAVED });
    await saving;
    // Once quiet, the same dry-run reads both sides.
    expect(await r.restorer.dryRun(id)).toEqual(NO_CHANGE);
  }, 30_000);

  it('a world whose Level.sav is quiet but does not parse gets words, not a diff', async () => {
    const r = await backupRig({ restorer: { settleMs: 0, dryRunWaitMs: 2_000 } });
    const id = await r.backup();
    writeFileSync(join(r.saveDir, 'Level.sav'), 'not a save at all');
    await expect(r.restorer.dryRun(id)).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^The world in place could not be read/),
    });
  }, 30_000);

  it('a backup whose Level.sav does not parse gets words, not a diff', async () => {
    const r = await backupRig();
    const level = join(r.saveDir, 'Level.sav');
    const good = readFileSync(level);
    writeFileSync(level, 'not a save at all');
    const id = await r.backup();
    writeFileSync(level, good);
    await expect(r.restorer.dryRun(id)).rejects.toMatchObject({
      code: 'conflict',
      message: `Backup ${id} cannot be used: its world could not be read (its Level.sav does not parse), so what a restore would change cannot be shown.`,
    });
  }, 30_000);
});

describe('a restore job whose game saves while it stops', () => {
  it('reports the diff of the world it read once the game was gone, not of a half-written save', async () => {
    let saving: Promise<void> = Promise.resolve();
    let running = true;
    const r = await backupRig({
      restorer: {
        game: {
          running: () => running,
          // The game is saving its world when asked to stop, and stops once it has saved.
          stop: () => saving.then(() => void (running = false)),
          probe: () => Promise.resolve([]),
        },
      },
    });
    const id = await r.backup();
    // Half written for 48 ms of every 50.
    saving = autosave(join(r.saveDir, 'Level.sav'), 1_500, 48);
    await r.restorer.restore(id, { confirm: 'RESTORE', shutdown: true }, 'user:ann');
    await r.restorer.idle();
    const job = r.restorer.job(id)!;
    expect(job.state).toBe('done');
    expect(job.result!.diff).toEqual(NO_CHANGE);
  }, 30_000);
});

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('POST /backups/{id}/restore/dry-run on a world it cannot read', () => {
  it('answers 503 `unavailable` with Retry-After and the words, no diff', async () => {
    const w = await serveWorld('v0.6-world1', [[ADMIN, 'admin']]);
    server = w.server;
    const { url, saveDir } = w;
    const cookie = await w.signIn(ADMIN);
    const post = (path: string) => fetch(`${url}/api/v1${path}`, { method: 'POST', headers: { cookie, ...fromPanelPage(url) } });
    const { id } = ((await (await post('/backups')).json()) as { data: { id: string } }).data;
    await waitFor(
      'the backup',
      async () => {
        const j = (await (await fetch(`${url}/api/v1/backups/${id}`, { headers: { cookie } })).json()) as { data: { state: string } };
        return j.data.state === 'done' ? true : undefined;
      },
      20_000,
    );
    writeFileSync(join(saveDir, 'Level.sav'), 'not a save at all');
    const res = await post(`/backups/${id}/restore/dry-run`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = (await res.json()) as { error: { code: string; message: string }; data?: unknown };
    expect(body.data).toBeUndefined();
    expect(body.error.code).toBe('unavailable');
    expect(body.error.message).toMatch(/^The world in place could not be read/);
  }, 30_000);
});
