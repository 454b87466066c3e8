// Backups and restore on real fixture worlds, with the real store on temp dirs: the archive
// round trip, the dry-run figures of two different worlds, a restore that swaps the whole
// folder (byte-identical), the crash states of a swap, retention over 90 simulated days, and
// archives that try to escape or explode.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readArchive } from '../../src/backups/archive.js';
import { BackupScheduler } from '../../src/backups/scheduler.js';
import { recoverRestore, RESTORE_MARKER } from '../../src/backups/restore.js';
import type { BackupPorts, RestoreJob } from '../../src/backups/types.js';
import { tarChunks } from '../../src/lib/tar.js';
import { FIXTURES } from '../helpers/cli.js';
import { fileTree } from '../helpers/tree.js';
import { backupRig } from '../helpers/backup-rig.js';
import { runBackupOp } from '../../src/backups/ops.js';
import { ValidationError } from '../../src/domain/errors.js';
import { silentLog } from '../helpers/silent-log.js';

async function rig(fixture = 'v0.6-world1', clock: () => Date = () => new Date()) {
  let running = false;
  const r = await backupRig({ fixture, clock, restorer: { game: { running: () => running } } });
  return { ...r, setRunning: (v: boolean) => (running = v) };
}

/** A restore started and followed to its end. */
async function restored(ports: BackupPorts, id: string): Promise<RestoreJob> {
  await ports.restore(id, { confirm: 'RESTORE', shutdown: false }, 'user:ann');
  for (;;) {
    const job = ports.restoreJob(id)!;
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('backups', () => {
  it('a manual backup: a tar.gz a host opens with tar, its manifest, the public event, the audit row', async () => {
    const { saveDir, svc, store } = await rig();
    const { id, done } = svc.start('manual', 'user:ann');
    expect(svc.job(id)).toMatchObject({ state: 'running', trigger: 'manual' });
    const rec = await done;
    expect(rec).toMatchObject({ id, trigger: 'manual', fileCount: 4 });
    expect(svc.job(id)).toBeNull();
    const list = await svc.list();
    expect(list.map((b) => b.id)).toEqual([id]);
    // Plain tar can read it: the manifest first, then the world's files.
    const names = execFileSync('tar', ['tzf', join(svc.backupDir, `${id}.tar.gz`)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names[0]).toBe('manifest.json');
    expect(names.slice(1).sort()).toEqual([...fileTree(saveDir).keys()].map((p) => `world/${p}`).sort());
    const { manifest } = await svc.open(id);
    expect(manifest.files.find((f) => f.path === 'Level.sav')!.size).toBe(readFileSync(join(saveDir, 'Level.sav')).length);
    expect(store.events.listPublic(5)).toEqual([expect.objectContaining({ kind: 'backup', message: 'Backup completed' })]);
    expect(store.audit.list({ limit: 5, action: 'backup.create' }).data).toEqual([
      expect.objectContaining({ actor: 'user:ann', target: id, outcome: 'ok', detail: 'manual' }),
    ]);
    const storage = await svc.storage();
    expect(storage).toMatchObject({
      count: 1,
      newest: id,
      oldest: id,
      newestAt: rec.createdAt,
      oldestAt: rec.createdAt,
      bytesUsed: rec.sizeBytes,
    });
    expect(storage.freeBytes).toBeGreaterThan(0);
  });

  it('the CLI and control-socket path refuses a confirmation that is not exactly RESTORE, and touches nothing', async () => {
    const { saveDir, svc, ports, store } = await rig();
    const { id } = ports.start('manual', 'user:ann');
    await svc.idle();
    writeFileSync(join(saveDir, 'Level.sav'), Buffer.concat([readFileSync(join(saveDir, 'Level.sav')), Buffer.from('x')]));
    const now = fileTree(saveDir);
    for (const confirm of ['restore', 'Restore', ' RESTORE', 'RESTORE ', '']) {
      await expect(runBackupOp(ports, { op: 'backup.restore', id, confirm }), confirm).rejects.toThrow(ValidationError);
    }
    expect(fileTree(saveDir)).toEqual(now);
    expect((await svc.list()).map((b) => b.trigger)).toEqual(['manual']);
    expect(store.audit.list({ limit: 5, action: 'backup.restore' }).data.filter((r) => r.outcome === 'ok')).toEqual([]);
  });

  it('round trip: backup, change the world, restore: the folder is byte-identical to the backup, and a pre-restore backup holds what was there', async () => {
    const { saveDir, svc, ports, store } = await rig();
    const before = fileTree(saveDir);
    const { id } = ports.start('manual', 'user:ann');
    await svc.idle();
    // The world moves on: a changed Level.sav, a new player file, one removed.
    writeFileSync(join(saveDir, 'Level.sav'), Buffer.concat([readFileSync(join(saveDir, 'Level.sav')), Buffer.from('x')]));
    writeFileSync(join(saveDir, 'Players', 'FFFFFFFF000000000000000000000000.sav'), 'new');
    rmSync(join(saveDir, 'LevelMeta.sav'));
    const changed = fileTree(saveDir);
    const job = await restored(ports, id);
    expect(job).toMatchObject({ state: 'done', step: 're-parsing', error: null });
    const out = job.result!;
    expect(fileTree(saveDir)).toEqual(before);
    expect(out.diff.files).toEqual({
      added: ['LevelMeta.sav'],
      removed: ['Players/FFFFFFFF000000000000000000000000.sav'],
      changed: ['Level.sav'],
      kept: [],
    });
    const pre = await svc.open(out.preRestoreBackup);
    expect(pre.manifest.trigger).toBe('pre-restore');
    expect(new Map(pre.files.map((f) => [f.path, Buffer.from(f.data).toString('base64')]))).toEqual(changed);
    expect(store.audit.list({ limit: 5, action: 'backup.restore' }).data).toEqual([expect.objectContaining({ outcome: 'ok', target: id })]);
  });

  it('dry-run between two worlds names the players and guilds gained and lost, and counts the pals', async () => {
    const { saveDir, svc, ports } = await rig('v0.6-world1');
    const { id } = ports.start('manual', 'cli');
    await svc.idle();
    // The save folder now holds another world.
    rmSync(saveDir, { recursive: true });
    cpSync(join(FIXTURES, 'v0.6-world2'), saveDir, { recursive: true });
    const diff = await ports.dryRun(id);
    const w1 = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'parse', '--json', join(FIXTURES, 'v0.6-world1')], {
        encoding: 'utf8',
      }),
    ) as { players: { uid: string; name: string }[]; pals: unknown[]; guilds: { id: string }[] };
    const w2 = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'parse', '--json', join(FIXTURES, 'v0.6-world2')], {
        encoding: 'utf8',
      }),
    ) as typeof w1;
    const uids = (w: typeof w1) => new Set(w.players.map((p) => p.uid));
    expect(diff.players.gained.map((p) => p.id).sort()).toEqual([...uids(w1)].filter((u) => !uids(w2).has(u)).sort());
    expect(diff.players.lost.map((p) => p.id).sort()).toEqual([...uids(w2)].filter((u) => !uids(w1).has(u)).sort());
    expect(diff.players.gained.every((p) => p.name.length > 0)).toBe(true);
    expect(diff.pals.gained).toBe(w1.pals.length);
    expect(diff.pals.lost).toBe(w2.pals.length);
    expect(diff.guilds.gained.length + diff.guilds.lost.length).toBe(w1.guilds.length + w2.guilds.length);
    expect(diff.files.changed).toContain('Level.sav');
  });

  it('a backup that cannot be written says why in words, keeps nothing, and is audited as refused', async () => {
    const { svc, store } = await rig();
    // The backup folder is taken away and a file put in its place (a full or broken disk reads
    // the same way to the writer: the write fails).
    rmSync(svc.backupDir, { recursive: true });
    writeFileSync(svc.backupDir, 'not a folder');
    const { id, done } = svc.start('manual', 'user:ann');
    await expect(done).rejects.toBeDefined();
    expect(svc.job(id)).toMatchObject({
      state: 'failed',
      error: 'The backup could not be written: a part of the path is not a folder. Nothing was kept.',
    });
    expect(store.audit.list({ limit: 5, action: 'backup.create' }).data).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: 'backup_failed' }),
    ]);
    expect(store.events.listPublic(5)).toEqual([]);
  });

  it('refuses a restore while the game answers (409, audited, nothing touched)', async () => {
    const { saveDir, svc, ports, store, setRunning } = await rig();
    const { id } = ports.start('manual', 'cli');
    await svc.idle();
    writeFileSync(join(saveDir, 'Level.sav'), 'changed');
    setRunning(true);
    await expect(ports.restore(id, { confirm: 'RESTORE', shutdown: false }, 'user:ann')).rejects.toMatchObject({ code: 'conflict' });
    expect(readFileSync(join(saveDir, 'Level.sav'), 'utf8')).toBe('changed');
    expect(store.audit.list({ limit: 5, action: 'backup.restore' }).data).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: 'game_running' }),
    ]);
    expect((await svc.list()).map((b) => b.trigger)).toEqual(['manual']);
  });

  it('the whole-folder swap of the version before, interrupted at any step, is finished or undone at the next start', async () => {
    const { saveDir, dataDir } = await rig();
    const oldTree = fileTree(saveDir);
    const staged = `${saveDir}.restore-x`;
    const aside = `${saveDir}.before-x`;
    const marker = JSON.stringify({ saveDir, staged, aside });
    const makeStaged = () => {
      mkdirSync(staged, { recursive: true });
      writeFileSync(join(staged, 'Level.sav'), 'new world');
    };
    // 1. Killed after staging, before the first rename: the old world stays.
    makeStaged();
    writeFileSync(join(dataDir, RESTORE_MARKER), marker);
    recoverRestore(dataDir, silentLog);
    expect(fileTree(saveDir)).toEqual(oldTree);
    expect(existsSync(staged) || existsSync(join(dataDir, RESTORE_MARKER))).toBe(false);
    // 2. Killed between the two renames: the new world goes in.
    makeStaged();
    writeFileSync(join(dataDir, RESTORE_MARKER), marker);
    renameSync(saveDir, aside);
    recoverRestore(dataDir, silentLog);
    expect(readFileSync(join(saveDir, 'Level.sav'), 'utf8')).toBe('new world');
    expect(existsSync(aside) || existsSync(staged) || existsSync(join(dataDir, RESTORE_MARKER))).toBe(false);
    // 3. Killed after both renames: only the leftovers go.
    mkdirSync(aside);
    writeFileSync(join(dataDir, RESTORE_MARKER), marker);
    recoverRestore(dataDir, silentLog);
    expect(readFileSync(join(saveDir, 'Level.sav'), 'utf8')).toBe('new world');
    expect(existsSync(aside)).toBe(false);
  });

  it('retention over 90 simulated days: every 12 h, kept 7 days; never the newest; missed runs make one backup at start', async () => {
    let now = Date.parse('2026-07-01T00:00:00.000Z');
    const clock = () => new Date(now);
    const { saveDir, svc, store } = await rig('v0.1-coop', clock);
    // A small world keeps 180 backups quick.
    rmSync(saveDir, { recursive: true });
    mkdirSync(join(saveDir, 'Players'), { recursive: true });
    writeFileSync(join(saveDir, 'Level.sav'), 'level');
    const scheduler = new BackupScheduler(svc, store, clock, silentLog);
    expect(await scheduler.tick()).toBe('off');
    store.backupSettings.setSchedule({ enabled: true, intervalHours: 12, retentionDays: 7 }, 'user:ann');
    const ran: string[] = [];
    for (let hour = 0; hour < 90 * 24; hour += 1) {
      now = Date.parse('2026-07-01T00:00:00.000Z') + hour * 3_600_000;
      if ((await scheduler.tick()) === 'ran') ran.push(clock().toISOString());
    }
    expect(ran).toHaveLength(180);
    const kept = await svc.list();
    // Retention ran after the last backup: 7 days of two a day are left, back from it.
    expect(Date.parse(kept[0].createdAt) - Date.parse(kept.at(-1)!.createdAt)).toBeLessThanOrEqual(7 * 86_400_000);
    expect(kept.length).toBe(15);
    // palpanel was down for three days: one backup at start, not six.
    now += 3 * 86_400_000;
    expect(await scheduler.tick()).toBe('ran');
    expect(await scheduler.tick()).toBe('not due');
    // Retention keeps the newest even when every backup is old.
    store.backupSettings.setSchedule({ enabled: false, intervalHours: 12, retentionDays: 7 }, 'user:ann');
    now += 30 * 86_400_000;
    await svc.applyRetention(clock());
    expect((await svc.list()).length).toBe(1);
    expect(() => store.backupSettings.setSchedule({ enabled: true, intervalHours: 13, retentionDays: 7 }, 'cli')).toThrow(/intervalHours/);
    expect(() => store.backupSettings.setSchedule({ enabled: true, intervalHours: 1, retentionDays: 61 }, 'cli')).toThrow(/retentionDays/);
  }, 120_000);

  it('an uploaded archive is kept only when it is a palpanel backup of a world save; escapes, links and bombs are refused', async () => {
    const { svc, ports } = await rig();
    const { id } = ports.start('manual', 'cli');
    await svc.idle();
    const good = readFileSync(join(svc.backupDir, `${id}.tar.gz`));
    const imported = await ports.importArchive(good, 'user:ann');
    expect(imported.trigger).toBe('imported');
    expect((await svc.list()).length).toBe(2);
    const tgz = (entries: { name: string; data: Uint8Array }[]) => gzipSync(Buffer.concat([...tarChunks(entries)]));
    const manifest = (files: { path: string; data: Uint8Array }[]) =>
      Buffer.from(
        JSON.stringify({
          format: 'palpanel-backup/1',
          id: 'x',
          trigger: 'manual',
          createdAt: '2026-07-01T00:00:00.000Z',
          gameVersion: null,
          world: null,
          files: files.map((f) => ({ path: f.path, size: f.data.length, sha256: createHash('sha256').update(f.data).digest('hex') })),
        }),
      );
    const level = { path: 'Level.sav', data: Buffer.from('not a save') };
    const cases: [string, Buffer, RegExp][] = [
      ['not gzip', Buffer.from('hello'), /not a gzip file/],
      [
        'traversal',
        tgz([
          { name: 'manifest.json', data: manifest([level]) },
          { name: 'world/../../etc/passwd', data: level.data },
        ]),
        /outside it/,
      ],
      ['absolute', tgz([{ name: '/etc/passwd', data: level.data }]), /outside it/],
      ['no manifest', tgz([{ name: 'world/Level.sav', data: level.data }]), /no manifest/],
      [
        'size',
        tgz([
          { name: 'manifest.json', data: manifest([level]) },
          { name: 'world/Level.sav', data: Buffer.from('other bytes') },
        ]),
        /Level\.sav is 11 bytes in the archive but 10 in its manifest/,
      ],
      [
        'checksum',
        tgz([
          { name: 'manifest.json', data: manifest([level]) },
          { name: 'world/Level.sav', data: Buffer.from('not a sav!') },
        ]),
        /checksum/,
      ],
      [
        'not a world',
        tgz([
          { name: 'manifest.json', data: manifest([level]) },
          { name: 'world/Level.sav', data: level.data },
        ]),
        /could not be read as a Palworld world save/,
      ],
    ];
    for (const [name, bytes, why] of cases) {
      await expect(ports.importArchive(bytes, 'user:ann'), name).rejects.toThrow(why);
    }
    // A symlink entry (typeflag 2), hand-made.
    const link = Buffer.concat([...tarChunks([{ name: 'world/Level.sav', data: Buffer.alloc(0) }])]);
    link[156] = '2'.charCodeAt(0);
    let sum = 0;
    link.fill(0x20, 148, 156);
    for (let i = 0; i < 512; i++) sum += link[i];
    link.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
    await expect(ports.importArchive(gzipSync(link), 'user:ann')).rejects.toThrow(/links and devices are refused/);
    // A gzip bomb stops while it inflates: zeros past the end block are counted, at most 1 MiB
    // of them (test/backups/archive-bounds.test.ts has the bombs with a right manifest).
    const bombPath = join(svc.backupDir, 'bomb.tar.gz.test');
    writeFileSync(bombPath, gzipSync(Buffer.alloc(40 * 1024 * 1024)));
    await expect(readArchive(bombPath)).rejects.toThrow(/goes on past its end/);
    rmSync(bombPath);
    expect((await svc.list()).length).toBe(2);
    expect(readdirSync(svc.backupDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
