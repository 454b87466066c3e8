// `palpanel backup ...` operations, the same inside `serve` (through the control socket) and in
// the CLI on the store directly when no server runs; the actor is `cli`.
import type { BackupPorts, BackupRecord, RestoreResult } from './types.js';
import { CLI } from '../lib/actor.js';
import { ConflictError, DomainError, ValidationError } from '../lib/errors.js';

export type BackupOp =
  | { op: 'backup.create' }
  | { op: 'backup.list' }
  | { op: 'backup.verify'; id: string }
  | { op: 'backup.restore'; id: string; confirm: string; shutdown?: boolean };

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
    default:
      throw new ValidationError('Unknown backup operation.');
  }
}
