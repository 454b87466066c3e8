// The storage budget on a real fixture world and the real store: the oldest backups go first
// (never the newest) when the folder holds more than the budget; a backup the disk cannot hold is
// refused with words before anything is written (an injected free-space figure), and one that
// runs out of space while it is written (a real, small tmpfs where the machine lets us mount one)
// leaves no partial archive; the "disk nearly full" event is said once.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InsufficientStorageError } from '../../src/backups/budget.js';
import type { DiskSpace } from '../../src/lib/disk-space.js';
import { type Store } from '../../src/store/index.js';
import { tempDir } from '../helpers/cli.js';
import { backupRig } from '../helpers/backup-rig.js';

const HOUR = 3_600_000;

async function rig(opts: { backupDir?: string; free?: () => DiskSpace | undefined } = {}) {
  let now = Date.parse('2026-03-01T00:00:00Z');
  const clock = () => new Date(now);
  const { svc, ports, store } = await backupRig({
    clock,
    service: {
      ...(opts.backupDir ? { backupDir: opts.backupDir } : {}),
      freeSpace: opts.free ? () => Promise.resolve(opts.free!()) : undefined,
    },
  });
  const { backupDir } = svc;
  /** A manual backup an hour after the last. */
  const backup = async () => {
    now += HOUR;
    return svc.start('manual', 'user:ann').done;
  };
  const schedule = (patch: Partial<ReturnType<Store['backupSettings']['schedule']>>) =>
    store.backupSettings.setSchedule({ ...store.backupSettings.schedule(), ...patch }, 'user:ann');
  const events = () => store.events.page({ limit: 100, kinds: ['backup'] }).map((e) => e.message);
  return { svc, ports, store, backupDir, backup, schedule, events };
}

describe('storage budget', () => {
  it('prunes the oldest first after each backup until within the budget, never the newest; audited; shown in storage', async () => {
    const r = await rig({ free: () => ({ freeBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 }) });
    const first = await r.backup();
    const size = first.sizeBytes;
    const made = [first.id];
    for (let i = 0; i < 3; i++) made.push((await r.backup()).id);
    expect((await r.svc.list()).map((b) => b.id)).toEqual([...made].reverse());
    // Room for two and a half backups: the two oldest go, oldest first.
    r.schedule({ budgetBytes: Math.floor(size * 2.5) });
    const fifth = await r.backup();
    expect((await r.svc.list()).map((b) => b.id)).toEqual([fifth.id, made[3]]);
    const deletes = r.store.audit
      .list({ action: 'backup.delete', limit: 10 })
      .data.map((a) => [a.target, a.detail])
      .reverse();
    expect(deletes.map(([t]) => t)).toEqual(made.slice(0, 3));
    expect(deletes[0][1]).toMatch(/^budget: the backups came to more than \d+ bytes$/);
    const storage = await r.ports.storage();
    expect(storage).toMatchObject({ count: 2, budgetBytes: Math.floor(size * 2.5), freeBytes: 50 * 1024 ** 3, diskBytes: 100 * 1024 ** 3 });
    expect(storage.bytesUsed).toBeLessThanOrEqual(storage.budgetBytes);
    // A budget smaller than one backup keeps the newest all the same.
    r.schedule({ budgetBytes: 1 });
    const sixth = await r.backup();
    expect((await r.svc.list()).map((b) => b.id)).toEqual([sixth.id]);
    // And retention's run applies it too (nothing left to take: the newest stays).
    expect(await r.svc.applyRetention()).toEqual([]);
  });

  it('a budget of 0 (the default) deletes nothing', async () => {
    const r = await rig();
    for (let i = 0; i < 3; i++) await r.backup();
    expect((await r.svc.list()).length).toBe(3);
  });

  it('refuses a backup the disk cannot hold, with words, before anything is written; the job, the event and the audit say so', async () => {
    let free = 10 * 1024 ** 3;
    const r = await rig({ free: () => ({ freeBytes: free, totalBytes: 20 * 1024 ** 3 }) });
    const first = await r.backup();
    free = Math.floor(first.sizeBytes / 2);
    const before = readdirSync(r.backupDir).sort();
    const { id, done } = r.svc.start('manual', 'user:ann');
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientStorageError);
    expect((err as Error).message).toMatch(
      /^The backup disk has .* free and a backup needs about .*: nothing was written\. Delete old backups/,
    );
    expect(r.svc.job(id)).toMatchObject({ state: 'failed', error: (err as Error).message });
    expect(readdirSync(r.backupDir).sort()).toEqual(before);
    expect(r.events()[0]).toBe(`Backup refused: ${(err as Error).message}`);
    expect(r.store.audit.list({ action: 'backup.create', limit: 1 }).data[0]).toMatchObject({ outcome: 'refused', target: id });
    // With no backup yet, the world's unpacked size is what a backup needs.
    const empty = await rig({ free: () => ({ freeBytes: 1000, totalBytes: 20 * 1024 ** 3 }) });
    await expect(empty.svc.start('manual', 'user:ann').done).rejects.toBeInstanceOf(InsufficientStorageError);
    expect(readdirSync(empty.backupDir)).toEqual([]);
  });

  it('says "disk nearly full" once when one more backup would leave less than two, and again only after there was room', async () => {
    let free = 10 * 1024 ** 3;
    const r = await rig({ free: () => ({ freeBytes: free, totalBytes: 20 * 1024 ** 3 }) });
    const size = (await r.backup()).sizeBytes;
    expect(r.events().filter((m) => m.startsWith('Backup disk nearly full'))).toEqual([]);
    free = Math.floor(size * 2.5);
    await r.backup();
    await r.backup();
    const said = r.events().filter((m) => m.startsWith('Backup disk nearly full'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Backup disk nearly full: .* free, and each backup takes about /);
    expect((await r.ports.storage()).lowSpace).toBe(true);
    expect(r.store.events.listPublic(50).some((e) => e.message.startsWith('Backup disk'))).toBe(false);
    free = 10 * 1024 ** 3;
    await r.backup();
    expect((await r.ports.storage()).lowSpace).toBe(false);
    free = Math.floor(size * 2.5);
    await r.backup();
    expect(r.events().filter((m) => m.startsWith('Backup disk nearly full'))).toHaveLength(2);
  });

  // A real full disk: a tmpfs too small for the archive, with the free-space check told there is
  // room, so the write itself runs out of space. Needs root (mount); skipped elsewhere.
  const canMount = (() => {
    if (process.getuid?.() !== 0) return false;
    const probe = tempDir('palpanel-mount-probe-');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
      execFileSync('umount', [probe], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!canMount)('a write that runs out of space on a real small disk leaves no partial archive, and says why', async () => {
    const mnt = tempDir('palpanel-full-disk-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48k', 'tmpfs', mnt]);
    try {
      const backupDir = join(mnt, 'backups');
      mkdirSync(backupDir);
      const r = await rig({ backupDir, free: () => ({ freeBytes: 1024 ** 3, totalBytes: 1024 ** 3 }) });
      const { id, done } = r.svc.start('manual', 'user:ann');
      const err = await done.catch((e: unknown) => e);
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      expect(r.svc.job(id)?.error).toBe('The backup could not be written: no space left on the device. Nothing was kept.');
      expect(readdirSync(backupDir)).toEqual([]);
      expect(r.events()[0]).toMatch(/^Backup refused: The backup could not be written: no space left/);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});
