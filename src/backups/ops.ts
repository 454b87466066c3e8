// `palpanel backup ...` operations, the same inside `serve` (through the control socket) and in
// the CLI on the store directly when no server runs; the actor is `cli`.
import { open, type FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { BackupPorts, BackupRecord, RestoreResult } from './types.js';
import { CLI } from '../domain/actor.js';
import { ConflictError, DomainError, fsErrorReason, ValidationError } from '../domain/errors.js';
import { sizeWords } from './member-bounds.js';
import type { BackupOp } from '../contract/control.js';

export type { BackupOp } from '../contract/control.js';

/** The largest archive `backup import` takes: the upload route's bound (the largest worlds
 * compress to a few tens of MB). */
export const IMPORT_LIMIT = 512 * 1024 * 1024;

/** The archive file at `path` (absolute: the CLI resolves it where it runs), checked within
 * IMPORT_LIMIT, then streamed (never held whole); a file that cannot be read is said in words,
 * naming it (the CLI's own). */
async function importFrom(path: unknown, use: (archive: AsyncIterable<Buffer>) => Promise<BackupRecord>): Promise<BackupRecord> {
  if (typeof path !== 'string' || !isAbsolute(path)) throw new ValidationError('Missing the archive file to import.');
  const fh: FileHandle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((err: unknown) => {
    throw new ValidationError(`Cannot read ${path}: ${fsErrorReason(err) ?? 'it cannot be opened'}.`);
  });
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new ValidationError(`${path} is not a file.`);
    if (st.size > IMPORT_LIMIT) throw new ValidationError(`${path} is ${sizeWords(st.size)}, more than a backup archive can be (512 MiB).`);
    if (st.size === 0) throw new ValidationError(`${path} is empty: it is not a backup archive.`);
    return await use(fh.createReadStream({ autoClose: false, start: 0, end: st.size - 1 }));
  } finally {
    await fh.close();
  }
}

export const isBackupOp = (req: unknown): req is BackupOp =>
  typeof (req as { op?: unknown })?.op === 'string' && (req as { op: string }).op.startsWith('backup.');

const idOf = (v: unknown): string => {
  if (typeof v !== 'string' || v.length === 0) throw new ValidationError('Missing the backup id.');
  return v;
};

/** Follows a backup job to its end. */
async function finished(ports: BackupPorts, id: string): Promise<BackupRecord> {
  for (;;) {
    const job = ports.job(id);
    if (!job) return ports.get(id);
    if (job.state === 'failed') throw new DomainError('backup_failed', job.error ?? 'The backup failed.');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Follows a restore job to its end: its result, or its failure in its own words. */
async function restored(ports: BackupPorts, id: string): Promise<RestoreResult> {
  for (;;) {
    const job = ports.restoreJob(id);
    if (job?.state === 'done' && job.result) return job.result;
    if (job?.state === 'failed') throw new ConflictError('conflict', job.error ?? 'The restore failed.');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runBackupOp(ports: BackupPorts, req: BackupOp): Promise<unknown> {
  switch (req.op) {
    case 'backup.create':
      return finished(ports, ports.start('manual', CLI).id);
    case 'backup.list':
      return ports.list();
    case 'backup.verify': {
      const c = await ports.contents(idOf(req.id));
      return { id: c.id, ok: true, files: c.files.length, bytes: c.files.reduce((a, f) => a + f.size, 0) };
    }
    case 'backup.restore': {
      const id = idOf(req.id);
      await ports.restore(id, { confirm: String(req.confirm ?? ''), shutdown: req.shutdown === true }, CLI);
      return restored(ports, id);
    }
    case 'backup.import':
      // The same checks as an upload (bounds, manifest, a world save that parses), then kept as
      // an `imported` backup, restorable like any other.
      return importFrom(req.path, (archive) => ports.importArchive(archive, CLI, 'file'));
    case 'backup.check': {
      // Waits for the fetch and the checks; anything but `ok` is a failure in its own words.
      const check = await (await ports.check(typeof req.id === 'string' ? req.id : null)).done;
      if (check.outcome !== 'ok') throw new DomainError(`backup_check_${check.outcome}`, check.detail);
      return check;
    }
    default:
      throw new ValidationError('Unknown backup operation.');
  }
}
