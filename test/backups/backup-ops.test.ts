// `palpanel backup ...` as one operation each (backups/ops.ts), run in the test process over the
// real backup service and restorer on a temp world (issue 26: the CLI tests run them in a child,
// where the mutation run's planted bugs never reach, so no test of the module saw them): what
// each answers, the id and the confirmation checked, the shutdown asked for passed on, the
// import's file read within its bounds and refused in words, a failed backup or restore in its
// own words, and an operation no one knows refused.
import { mkdirSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMIT, isBackupOp, runBackupOp, type BackupOp } from '../../src/backups/ops.js';
import type { BackupRecord, RestoreResult } from '../../src/backups/types.js';
import { backupRig } from '../helpers/backup-rig.js';

/** A world, a store, the backup service and a restorer, with a game whose state the test sets. */
async function rig() {
  const game = { up: false, stops: 0 };
  const r = await backupRig({
    restorer: {
      game: {
        running: () => game.up,
        stop: () => {
          game.stops++;
          game.up = false;
          return Promise.resolve();
        },
      },
    },
  });
  const { root, saveDir, dataDir, store, ports } = r;
  const run = (req: BackupOp | Record<string, unknown>) => runBackupOp(ports, req as BackupOp);
  return { root, saveDir, dataDir, store, ports, run, game };
}

/** The error an operation is refused with: its class name, code and words. */
async function refusal(p: Promise<unknown>): Promise<{ name: string; code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as Error & { code: string };
    return { name: e.constructor.name, code: e.code, message: e.message };
  }
  throw new Error('the operation was not refused');
}

describe('backup operations', () => {
  it('create answers the finished manual backup; list has it; verify counts its files and bytes', async () => {
    const { run, ports } = await rig();
    const made = (await run({ op: 'backup.create' })) as BackupRecord;
    expect(made).toMatchObject({ trigger: 'manual', fileCount: expect.any(Number) as number });
    expect(((await run({ op: 'backup.list' })) as { id: string }[]).map((b) => b.id)).toEqual([made.id]);
    const contents = await ports.contents(made.id);
    expect(contents.files.length).toBeGreaterThan(1);
    expect(await run({ op: 'backup.verify', id: made.id })).toEqual({
      id: made.id,
      ok: true,
      files: contents.files.length,
      bytes: contents.files.reduce((a, f) => a + f.size, 0),
    });
  });

  it('a backup that fails is refused in its own words', async () => {
    const { run, saveDir } = await rig();
    rmSync(join(saveDir, 'Level.sav'));
    const r = await refusal(run({ op: 'backup.create' }));
    expect(r).toMatchObject({ code: 'backup_failed', message: 'The save folder has no Level.sav to back up.' });
  });

  it('an id is needed: missing, not text or empty is refused in words', async () => {
    const { run } = await rig();
    for (const id of [undefined, 7, '']) {
      for (const op of ['backup.verify', 'backup.restore']) {
        expect(await refusal(run({ op, id, confirm: 'RESTORE' }))).toMatchObject({
          name: 'ValidationError',
          message: 'Missing the backup id.',
        });
      }
    }
  });

  it('restore: RESTORE exactly, the result once done; the shutdown asked for is passed on, never assumed', async () => {
    const { run, game } = await rig();
    const { id } = (await run({ op: 'backup.create' })) as BackupRecord;
    for (const confirm of [undefined, 'restore', '']) {
      expect(await refusal(run({ op: 'backup.restore', id, confirm }))).toMatchObject({
        name: 'ValidationError',
        message: 'A restore needs --confirm RESTORE, exactly.',
      });
    }
    game.up = true;
    for (const shutdown of [undefined, false, 'yes']) {
      expect(await refusal(run({ op: 'backup.restore', id, confirm: 'RESTORE', shutdown }))).toMatchObject({ name: 'ConflictError' });
    }
    expect(game.stops).toBe(0);
    const result = (await run({ op: 'backup.restore', id, confirm: 'RESTORE', shutdown: true })) as RestoreResult;
    expect(game.stops).toBe(1);
    expect(result.preRestoreBackup).not.toBe(id);
    expect(result.diff).toBeDefined();
  });

  it('a restore that fails is refused in its own words', async () => {
    const { run, saveDir } = await rig();
    const { id } = (await run({ op: 'backup.create' })) as BackupRecord;
    // The world folder replaced by a file once the restore has been accepted cannot take it.
    const started = run({ op: 'backup.restore', id, confirm: 'RESTORE' });
    rmSync(saveDir, { recursive: true });
    writeFileSync(saveDir, 'not a folder');
    const r = await refusal(started);
    expect(r.name).toBe('ConflictError');
    expect(r.code).toBe('conflict');
    expect(r.message).toBe('The save folder has no Level.sav to back up.');
  });

  it('import: an absolute path to a backup archive, read within its bound; anything else refused in words naming it', async () => {
    const { run, ports, root } = await rig();
    const { id } = (await run({ op: 'backup.create' })) as BackupRecord;
    const { path } = await ports.pathOf(id);
    for (const p of [undefined, 5, 'relative/backup.tar.gz']) {
      expect(await refusal(run({ op: 'backup.import', path: p }))).toMatchObject({ message: 'Missing the archive file to import.' });
    }
    const missing = join(root, 'nowhere.tar.gz');
    expect((await refusal(run({ op: 'backup.import', path: missing }))).message).toBe(`Cannot read ${missing}: no such file or folder.`);
    const folder = join(root, 'a-folder');
    mkdirSync(folder);
    expect((await refusal(run({ op: 'backup.import', path: folder }))).message).toBe(`${folder} is not a file.`);
    const empty = join(root, 'empty.tar.gz');
    writeFileSync(empty, '');
    expect((await refusal(run({ op: 'backup.import', path: empty }))).message).toBe(`${empty} is empty: it is not a backup archive.`);
    // One byte over the bound (a sparse file: no disk used) is refused before it is read.
    const huge = join(root, 'huge.tar.gz');
    writeFileSync(huge, '');
    truncateSync(huge, IMPORT_LIMIT + 1);
    expect((await refusal(run({ op: 'backup.import', path: huge }))).message).toMatch(
      new RegExp(`^${huge} is .+, more than a backup archive can be \\(512 MiB\\)\\.$`),
    );
    // A socket where the file should be cannot be opened at all; that is said, not its errno.
    const socket = join(root, 'backup.sock');
    const server = createServer();
    await new Promise<void>((ok) => server.listen(socket, ok));
    expect((await refusal(run({ op: 'backup.import', path: socket }))).message).toBe(`Cannot read ${socket}: it cannot be opened.`);
    server.close();
    // Bytes that are no archive: said as a file's, not an upload's.
    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not gzip at all');
    expect((await refusal(run({ op: 'backup.import', path: junk }))).message).toMatch(/^The file is not a palpanel backup: /);
    const imported = (await run({ op: 'backup.import', path })) as BackupRecord;
    expect(imported).toMatchObject({ trigger: 'imported' });
    expect(imported.id).not.toBe(id);
  });

  it('import closes the file it opened, whatever it found there', async () => {
    const { run, root } = await rig();
    const empty = join(root, 'empty.tar.gz');
    writeFileSync(empty, '');
    const folder = join(root, 'a-folder');
    mkdirSync(folder);
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 40; i++) await refusal(run({ op: 'backup.import', path: i % 2 ? empty : folder }));
    // Forty refused imports leaving their file open would be forty more descriptors.
    expect(open() - before).toBeLessThan(10);
  });

  it('check without an off-site command is refused as not set up; an unknown operation in words', async () => {
    const { run } = await rig();
    const r = await refusal(run({ op: 'backup.check' }));
    expect(r).toMatchObject({ code: 'conflict', message: 'No off-site check is configured (SERVICE_BACKUP_CHECK_COMMAND).' });
    expect(await refusal(run({ op: 'backup.nothing' }))).toMatchObject({ name: 'ValidationError', message: 'Unknown backup operation.' });
  });

  it('isBackupOp: an object whose op is text starting with backup.', () => {
    expect(isBackupOp({ op: 'backup.list' })).toBe(true);
    expect(isBackupOp({ op: 'backup.' })).toBe(true);
    for (const v of [null, undefined, 'backup.list', {}, { op: 5 }, { op: 'keys.list' }, { op: 'x.backup.' }])
      expect(isBackupOp(v)).toBe(false);
  });
});
