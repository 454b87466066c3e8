// The store: opens the data dir under its lock, the panel database (journaled) and the world
// database, and hands out one repository per table group.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { removeStaleTemps } from '../lib/atomic-file.js';
import { systemClock, type Clock } from '../lib/time.js';
import { AuditRepo } from './audit.js';
import { DurableDb } from './durable-db.js';
import { EventRepo } from './events.js';
import { KeyRepo } from './keys.js';
import { acquireLock, type DataDirLock } from './lock.js';
import { MetricsRepo } from './metrics.js';
import { ResourceRepo } from './resources.js';
import { GameRecordRepo } from './game-record.js';
import { PANEL_MIGRATIONS } from './migrations.js';
import { ModerationRepo } from './moderation.js';
import { PlayerHistoryRepo } from './player-history.js';
import { SessionRepo } from './sessions.js';
import { loadSqlJs } from './sqljs.js';
import { UserRepo } from './users.js';
import { SecondFactorRepo } from './second-factor.js';
import { WebhookRepo } from './webhooks.js';
import { BackupSettingsRepo } from './backup-settings.js';
import { BackupCopyRepo } from './backup-copies.js';
import { BackupCheckRepo } from './backup-checks.js';
import { ConsoleRepo } from './console.js';
import { ItemGrantRepo } from './item-grants.js';
import { TaskRepo } from './tasks.js';
import { WorldRepo } from './world.js';

export const PANEL_DB = 'panel.db';
export const PANEL_JOURNAL = 'panel.journal';
export const WORLD_DB = 'world.db';

export interface Store {
  dataDir: string;
  keys: KeyRepo;
  users: UserRepo;
  /** Two-factor sign-in of panel users (TOTP and recovery codes). */
  totp: SecondFactorRepo;
  sessions: SessionRepo;
  events: EventRepo;
  /** Read and prune only: rows are written by the other repositories with their changes. */
  audit: AuditRepo;
  history: PlayerHistoryRepo;
  /** The downsampled metrics history (issue 11). */
  metrics: MetricsRepo;
  /** The machine's and the game process's resources, in the metrics' tiers (issue 40). */
  resources: ResourceRepo;
  /** The game's crashes and the versions it reported (issue 40). */
  gameRecord: GameRecordRepo;
  world: WorldRepo;
  /** Platform ids seen, bans, whitelist (store/moderation.ts). */
  moderation: ModerationRepo;
  /** Where the public events are sent as well (store/webhooks.ts). */
  webhooks: WebhookRepo;
  /** The backup schedule and retention (store/backup-settings.ts). */
  backupSettings: BackupSettingsRepo;
  /** Off-site copies of backups, owed and done (store/backup-copies.ts). */
  backupCopies: BackupCopyRepo;
  /** What the checks of the off-site copies found (store/backup-checks.ts). */
  backupChecks: BackupCheckRepo;
  /** The console's log and saved commands (store/console.ts). */
  console: ConsoleRepo;
  /** Item grants through PalDefender (store/item-grants.ts). */
  itemGrants: ItemGrantRepo;
  /** Scheduled tasks and their runs (store/tasks.ts). */
  tasks: TaskRepo;
  /** Writes batched updates (key use, session last-seen) and folds a large journal into a
   * snapshot. */
  flush(): void;
  close(): void;
}

export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // Only take away access of others: an operator who made the folder read-only for
    // everyone meant it, and `keys list` still works there.
    const mode = statSync(dataDir).mode & 0o777;
    if (mode & 0o077) chmodSync(dataDir, mode & 0o700);
  } catch {
    /* not ours to change (e.g. a mounted volume); the files inside are still 0600 */
  }
}

export async function openStore(dataDir: string, clock: Clock = systemClock): Promise<Store> {
  ensureDataDir(dataDir);
  const lock: DataDirLock = await acquireLock(dataDir);
  try {
    // A snapshot write killed before its rename left its temp file; the store is ours now.
    removeStaleTemps(dataDir);
    const SQL = await loadSqlJs();
    const panel = DurableDb.open(SQL, join(dataDir, PANEL_DB), join(dataDir, PANEL_JOURNAL), PANEL_MIGRATIONS);
    const world = WorldRepo.open(SQL, join(dataDir, WORLD_DB));
    const audit = new AuditRepo(panel, clock);
    const keys = new KeyRepo(panel, clock, audit);
    const sessions = new SessionRepo(panel, clock, audit);
    let closed = false;
    return {
      dataDir,
      keys,
      users: new UserRepo(panel, clock, audit),
      totp: new SecondFactorRepo(panel, clock, audit),
      sessions,
      events: new EventRepo(panel),
      audit,
      history: new PlayerHistoryRepo(panel),
      metrics: new MetricsRepo(panel),
      resources: new ResourceRepo(panel),
      gameRecord: new GameRecordRepo(panel),
      world,
      moderation: new ModerationRepo(panel, clock, audit),
      webhooks: new WebhookRepo(panel, clock, audit),
      backupSettings: new BackupSettingsRepo(panel, clock, audit),
      backupCopies: new BackupCopyRepo(panel),
      backupChecks: new BackupCheckRepo(panel),
      console: new ConsoleRepo(panel, clock, audit),
      itemGrants: new ItemGrantRepo(panel, clock, audit),
      tasks: new TaskRepo(panel, clock, audit),
      flush() {
        keys.flushUsage();
        sessions.flushSeen();
        panel.maybeCheckpoint();
      },
      close() {
        if (closed) return;
        closed = true;
        try {
          keys.flushUsage();
          sessions.flushSeen();
          panel.close();
          world.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
