// What the panel's backup routes need of the running palpanel (src/backups/service.ts and
// src/backups/restore.ts implement it), injected through HttpDeps.backups.
import type { Actor } from '../lib/actor.js';

export type BackupTriggerName = 'scheduled' | 'manual' | 'pre-restore' | 'imported';

export interface BackupRecordView {
  id: string;
  trigger: BackupTriggerName;
  createdAt: string;
  sizeBytes: number;
  gameVersion: string | null;
  world: { players: number; pals: number; guilds: number } | null;
  fileCount: number;
  note: string | null;
}

export interface BackupJobView {
  id: string;
  trigger: BackupTriggerName;
  state: 'running' | 'failed';
  startedAt: string;
  error: string | null;
}

export interface BackupContentsView {
  id: string;
  trigger: BackupTriggerName;
  createdAt: string;
  gameVersion: string | null;
  world: { players: number; pals: number; guilds: number } | null;
  files: { path: string; size: number; sha256: string }[];
}

export interface NamedChange {
  id: string;
  name: string;
}

/** What a restore would change, from parsing both sides. */
export interface RestoreDiff {
  files: { added: string[]; removed: string[]; changed: string[] };
  players: { gained: NamedChange[]; lost: NamedChange[] };
  pals: { gained: number; lost: number; gainedSample: NamedChange[]; lostSample: NamedChange[] };
  guilds: { gained: NamedChange[]; lost: NamedChange[] };
}

export interface BackupPorts {
  list(): Promise<BackupRecordView[]>;
  get(id: string): Promise<BackupRecordView>;
  job(id: string): BackupJobView | null;
  start(trigger: 'manual', actor: Actor, note?: string | null): { id: string };
  contents(id: string): Promise<BackupContentsView>;
  storage(): Promise<{ bytesUsed: number; count: number; freeBytes: number | null; oldest: string | null; newest: string | null }>;
  pathOf(id: string): Promise<{ path: string; size: number }>;
  remove(id: string, actor: Actor): Promise<void>;
  /** Checks an uploaded archive as a world save and keeps it as an `imported` backup. */
  importArchive(bytes: Buffer, actor: Actor): Promise<BackupRecordView>;
  dryRun(id: string): Promise<RestoreDiff>;
  restore(id: string, opts: { shutdown: boolean }, actor: Actor): Promise<{ diff: RestoreDiff; preRestoreBackup: string; restoredAt: string }>;
}
