// What the panel's backup routes need of the running palpanel (src/backups/service.ts and
// src/backups/restore.ts implement it), injected through HttpDeps.backups.
import type { Actor } from '../domain/actor.js';
import type {
  BackupCheck,
  BackupCopy,
  BackupContents,
  BackupListItem,
  BackupRecord,
  BackupStorage,
  OffsiteStatus,
  RestoreDiff,
  RestoreJob,
} from '../contract/backups.js';
import type { CopyStats } from './offsite-copy.js';
import type { BackupJobState } from './service.js';
import type { RestoreRequest } from './restore.js';

export type {
  BackupCheck,
  BackupContents,
  BackupCopy,
  BackupListItem,
  BackupRecord,
  BackupStorage,
  NamedChange,
  OffsiteStatus,
  RestoreDiff,
  RestoreJob,
  RestoreResult,
} from '../contract/backups.js';
export type { BackupJobState } from './service.js';

export interface BackupPorts {
  /** Every backup, newest first, with where its off-site copy stands. */
  list(): Promise<BackupListItem[]>;
  /** Off-site copy figures for /metrics; null when no copy command is set. */
  copyStats(): CopyStats | null;
  get(id: string): Promise<BackupRecord>;
  job(id: string): BackupJobState | null;
  /** The last backup that failed since palpanel started (when, why in words), or null. */
  lastFailure(): { at: string; words: string } | null;
  start(trigger: 'manual', actor: Actor, note?: string | null): { id: string };
  contents(id: string): Promise<BackupContents>;
  storage(): Promise<BackupStorage>;
  pathOf(id: string): Promise<{ path: string; size: number }>;
  remove(id: string, actor: Actor): Promise<void>;
  /** Queues the off-site copy of a backup the copy command never copied (one made before the
   * command was set, or given up), due at once: 409 while no command is set, or when it is
   * copied already or running. */
  copyNow(id: string, actor: Actor): Promise<BackupCopy>;
  /** Checks an uploaded archive as a world save and keeps it as an `imported` backup; `what`
   * names it in a refusal (default "upload"; `backup import` says "file"). A stream is written
   * to a file as it arrives. With a dry-run, at most two at once (BackupsBusyError). */
  importArchive(archive: Buffer | AsyncIterable<Buffer>, actor: Actor, what?: 'upload' | 'file'): Promise<BackupRecord>;
  dryRun(id: string): Promise<RestoreDiff>;
  /** Checks what it can at once (the typed confirmation itself, whoever calls; the backup; a game
   * that answers), then answers with the restore job, running (restore.ts). */
  restore(id: string, opts: RestoreRequest, actor: Actor): Promise<RestoreJob>;
  /** The newest restore of backup `id` since palpanel started, or null. */
  restoreJob(id: string): RestoreJob | null;
  /** Starts a check of the off-site copy of backup `id` (default: the newest): 409 when none
   * is configured or one runs. `done` settles with what it found. */
  check(id?: string | null): Promise<{ status: OffsiteStatus; done: Promise<BackupCheck> }>;
  /** Where the off-site copies stand, and the newest checks, newest first. */
  checks(): { status: OffsiteStatus; recent: BackupCheck[] };
}
