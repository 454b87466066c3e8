// The backup shapes, declared once: the service returns them, the panel's routes answer them
// (and the OpenAPI document says them), and the web UI infers its types from them.
import { z } from 'zod';
import {
  BACKUP_BUDGET_BYTES,
  BACKUP_CHECK_OUTCOMES,
  BACKUP_COPY_STATES,
  BACKUP_CHECK_INTERVAL_HOURS,
  BACKUP_CHECK_MAX_AGE_HOURS,
  BACKUP_INTERVAL_HOURS,
  BACKUP_KEEP_DAILY_WEEKS,
  BACKUP_KEEP_WEEKLY_MONTHS,
  BACKUP_RETENTION_DAYS,
  BACKUP_TRIGGERS,
} from './backup-words.js';
import { Timestamp } from './integration-rows.js';

export const BackupTriggerSchema = z.enum(BACKUP_TRIGGERS);

const WorldCounts = z.strictObject({ players: z.int(), pals: z.int(), guilds: z.int() });
const World = WorldCounts.nullable().meta({ description: 'The world when it was backed up (from the last parse); null before any.' });

export const BackupRecordSchema = z.strictObject({
  id: z.string(),
  trigger: BackupTriggerSchema,
  createdAt: Timestamp,
  sizeBytes: z.int().min(0),
  gameVersion: z.string().nullable(),
  world: World,
  worldId: z.string().nullable().meta({
    description:
      "The world it was made of (its folder name, the game's world id); null when not known (an import, an older backup). A backup is restored only into its own world.",
  }),
  fileCount: z.int().min(0),
  note: z.string().nullable().meta({ description: "The admin's words for a manual backup; null otherwise." }),
});

/** Where a backup's off-site copy stands (SERVICE_BACKUP_COPY_COMMAND). A viewer gets `state`
 * only; the rest (the command's exit status and its last lines of output among them) is an admin's. */
export const BackupCopySchema = z.strictObject({
  state: z.enum(BACKUP_COPY_STATES).meta({
    description:
      '`off`: no copy was asked of this backup (no copy command was set when it was made); `pending`: waits for the command; `running`; `copied`; `failed`: its last attempt failed (`nextAttemptAt` says when it is tried again; null: given up).',
  }),
  attempts: z.int().min(0).optional(),
  lastAttemptAt: Timestamp.nullable().optional(),
  lastExitCode: z.int().nullable().optional().meta({
    description: "The command's exit status; null when it did not exit on its own (killed past its deadline, or could not start).",
  }),
  lastDurationMs: z.int().min(0).nullable().optional(),
  lastOutput: z.string().nullable().optional().meta({
    description: "The last lines (at most 20) of the command's output and errors, with anything that looks secret replaced by [redacted].",
  }),
  nextAttemptAt: Timestamp.nullable().optional().meta({ description: 'When it is tried next; null: not again.' }),
  copiedAt: Timestamp.nullable().optional(),
});

/** An item of GET /backups: the record and where its off-site copy stands. */
export const BackupListItemSchema = BackupRecordSchema.extend({ offsite: BackupCopySchema });

const bounded = (b: { min: number; max: number }, description: string) => z.int().min(b.min).max(b.max).meta({ description });

/** The schedule's fields past the first three: tiered retention, the budget, the off-site check. */
const ScheduleExtras = {
  budgetBytes: bounded(
    BACKUP_BUDGET_BYTES,
    'The backup folder may hold at most this many bytes (0: no budget): past it the oldest backups go first, never the newest.',
  ),
  keepDailyWeeks: bounded(BACKUP_KEEP_DAILY_WEEKS, 'After the retention days, keep one backup a day for this many weeks (0: off).'),
  keepWeeklyMonths: bounded(BACKUP_KEEP_WEEKLY_MONTHS, 'Then keep one backup a week for this many months (0: off).'),
  checkIntervalHours: bounded(
    BACKUP_CHECK_INTERVAL_HOURS,
    'Hours between checks of the off-site copy (SERVICE_BACKUP_CHECK_COMMAND); 0: only when an admin asks.',
  ),
  checkMaxAgeHours: bounded(
    BACKUP_CHECK_MAX_AGE_HOURS,
    'When the newest off-site copy that passed its check is older than this many hours, a warning is logged and shown (0: no bound).',
  ),
};

const ScheduleCore = {
  enabled: z.boolean(),
  intervalHours: bounded(BACKUP_INTERVAL_HOURS, 'Hours between scheduled backups, 1 to 12.'),
  retentionDays: bounded(BACKUP_RETENTION_DAYS, 'Days every backup is kept, 7 to 60 (never the newest one).'),
};

export const BackupScheduleSchema = z.strictObject({ ...ScheduleCore, ...ScheduleExtras });

/** PUT /backups/schedule: the fields past the first three may be left out (they keep their value). */
export const BackupScheduleUpdateSchema = z.strictObject({
  ...ScheduleCore,
  budgetBytes: ScheduleExtras.budgetBytes.optional(),
  keepDailyWeeks: ScheduleExtras.keepDailyWeeks.optional(),
  keepWeeklyMonths: ScheduleExtras.keepWeeklyMonths.optional(),
  checkIntervalHours: ScheduleExtras.checkIntervalHours.optional(),
  checkMaxAgeHours: ScheduleExtras.checkMaxAgeHours.optional(),
});

export const NamedChangeSchema = z.strictObject({ id: z.string(), name: z.string() });

/** What a restore would change, from parsing both sides. */
export const RestoreDiffSchema = z.strictObject({
  files: z.strictObject({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.string()),
    kept: z.array(z.string()).meta({
      description:
        "What the restore leaves in the world folder exactly as it is (it replaces only a backup's files: Level.sav, LevelMeta.sav, Players/<uid>.sav, and WorldOption.sav when the backup has one): the game's own backup/ folder, a host's notes, a WorldOption.sav the backup lacks. A folder ends with `/`; at most 200 entries, sorted.",
    }),
  }),
  players: z.strictObject({ gained: z.array(NamedChangeSchema), lost: z.array(NamedChangeSchema) }),
  pals: z.strictObject({
    gained: z.int(),
    lost: z.int(),
    gainedSample: z.array(NamedChangeSchema),
    lostSample: z.array(NamedChangeSchema),
  }),
  guilds: z.strictObject({ gained: z.array(NamedChangeSchema), lost: z.array(NamedChangeSchema) }),
});

/** The answer to POST /backups: the job's id; GET /backups/{id} follows it. */
export const BackupStartedSchema = z.strictObject({ id: z.string(), state: z.literal('running') });

/** GET /backups/{id}: a backup being made (or failed), or done with its record. */
export const BackupJobSchema = z.strictObject({
  id: z.string(),
  trigger: BackupTriggerSchema.optional(),
  state: z.enum(['running', 'failed', 'done']),
  startedAt: Timestamp.optional(),
  error: z.string().nullable(),
  backup: BackupRecordSchema.nullable(),
});

export const BackupContentsSchema = z.strictObject({
  id: z.string(),
  trigger: BackupTriggerSchema,
  createdAt: Timestamp,
  gameVersion: z.string().nullable(),
  world: World,
  files: z.array(z.strictObject({ path: z.string(), size: z.int(), sha256: z.string() })),
});

/** What the last checks of the off-site copy found (copy-check.ts). */

export const BackupCheckSchema = z.strictObject({
  at: Timestamp.meta({ description: 'When the check ended.' }),
  backupId: z.string().nullable().meta({ description: 'The backup whose copy was fetched; null when there was none to ask for.' }),
  backupCreatedAt: Timestamp.nullable(),
  outcome: z.enum(BACKUP_CHECK_OUTCOMES).meta({
    description:
      'ok: the copy came back whole (checksums, manifest) and its dry-run against the world in place ran; corrupt: it came back but fails its checks; missing: the command left no archive; failed: the command failed or timed out.',
  }),
  detail: z.string().meta({ description: 'What was found, in words (no paths, nothing the command printed).' }),
});

export const OffsiteStatusSchema = z.strictObject({
  configured: z.boolean().meta({ description: 'Whether SERVICE_BACKUP_CHECK_COMMAND is set.' }),
  running: z.boolean(),
  last: BackupCheckSchema.nullable(),
  newestGoodAt: Timestamp.nullable().meta({ description: 'When the newest backup whose off-site copy passed its check was made.' }),
  stale: z
    .boolean()
    .meta({ description: 'Whether that copy is older than the bound (checkMaxAgeHours), or none passed yet while checks are configured.' }),
});

export const BackupStorageSchema = z.strictObject({
  bytesUsed: z.int(),
  count: z.int(),
  freeBytes: z.int().nullable(),
  diskBytes: z.int().nullable().meta({ description: 'The size of the disk holding the backup folder; null when it cannot be read.' }),
  budgetBytes: z.int().meta({ description: "The schedule's storage budget; 0: none." }),
  lowSpace: z
    .boolean()
    .meta({ description: 'Whether the disk would be nearly full after the next backup (less than twice the newest backup left).' }),
  oldest: z.string().nullable().meta({ description: 'Id of the oldest backup.' }),
  newest: z.string().nullable().meta({ description: 'Id of the newest backup.' }),
  oldestAt: Timestamp.nullable().meta({ description: 'When the oldest backup was made.' }),
  newestAt: Timestamp.nullable().meta({ description: 'When the newest backup was made.' }),
  offsite: OffsiteStatusSchema,
  copyConfigured: z
    .boolean()
    .meta({ description: 'Whether an off-site copy command is set (SERVICE_BACKUP_COPY_COMMAND): "copy now" can work only then.' }),
});

export const RestoreResultSchema = z.strictObject({
  diff: RestoreDiffSchema,
  preRestoreBackup: z.string().meta({ description: 'The backup of the world as it was: restoring it undoes this restore.' }),
  restoredAt: Timestamp,
  warnings: z.array(z.string()).meta({ description: 'What was done differently than asked, e.g. a file that could not keep its owner.' }),
});

/** The steps of a restore job, in order. */
export const RESTORE_STEPS = ['reading-backup', 'stopping-game', 'checking-game', 'pre-restore-backup', 'swapping', 're-parsing'] as const;
export type RestoreStep = (typeof RESTORE_STEPS)[number];

/** POST /backups/{id}/restore (202) and GET /backups/{id}/restore: a restore of that backup. */
export const RestoreJobSchema = z.strictObject({
  id: z.string().meta({ description: 'The restore job.' }),
  backupId: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  step: z.enum(RESTORE_STEPS).meta({
    description:
      'What the job does now, or did when it ended: reading-backup (checksums, the diff), stopping-game (`shutdown: true`), checking-game (REST, RCON, and the save files no longer changing), pre-restore-backup, swapping, re-parsing.',
  }),
  startedAt: Timestamp,
  finishedAt: Timestamp.nullable(),
  error: z.string().nullable().meta({ description: 'Why it failed, in words; null otherwise.' }),
  result: RestoreResultSchema.nullable().meta({ description: 'When done: what changed and the pre-restore backup.' }),
});

/** The schedule an admin sets (the store keeps it). */
export type BackupSchedule = z.output<typeof BackupScheduleSchema>;
/** What an admin sends: the first three as before, the rest kept as they are when left out (so
 * a client of the three-field schedule changes nothing it does not know of). */
export type BackupScheduleInput = z.output<typeof BackupScheduleUpdateSchema>;
export type BackupRecord = z.infer<typeof BackupRecordSchema>;
export type BackupCopy = z.infer<typeof BackupCopySchema>;
export type BackupListItem = z.infer<typeof BackupListItemSchema>;
export type NamedChange = z.infer<typeof NamedChangeSchema>;
export type RestoreDiff = z.infer<typeof RestoreDiffSchema>;
export type BackupJob = z.infer<typeof BackupJobSchema>;
export type BackupContents = z.infer<typeof BackupContentsSchema>;
export type BackupStorage = z.infer<typeof BackupStorageSchema>;
export type BackupCheck = z.infer<typeof BackupCheckSchema>;
export type OffsiteStatus = z.infer<typeof OffsiteStatusSchema>;
export type RestoreResult = z.infer<typeof RestoreResultSchema>;
export type RestoreJob = z.infer<typeof RestoreJobSchema>;
