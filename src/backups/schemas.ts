// The backup shapes, declared once: the service returns them, the panel's routes answer them
// (and the OpenAPI document says them), and the web UI infers its types from them.
import { z } from 'zod';
import { BACKUP_COPY_STATES, BACKUP_INTERVAL_HOURS, BACKUP_RETENTION_DAYS, BACKUP_TRIGGERS, type BackupSchedule } from '../lib/backup.js';
import { Timestamp } from '../rows/schemas.js';

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

export const BackupScheduleSchema = z.strictObject({
  enabled: z.boolean(),
  intervalHours: z
    .int()
    .min(BACKUP_INTERVAL_HOURS.min)
    .max(BACKUP_INTERVAL_HOURS.max)
    .meta({ description: 'Hours between scheduled backups, 1 to 12.' }),
  retentionDays: z
    .int()
    .min(BACKUP_RETENTION_DAYS.min)
    .max(BACKUP_RETENTION_DAYS.max)
    .meta({ description: 'Days a backup is kept, 7 to 60 (never the newest one).' }),
}) satisfies z.ZodType<BackupSchedule>;

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

export const BackupStorageSchema = z.strictObject({
  bytesUsed: z.int(),
  count: z.int(),
  freeBytes: z.int().nullable(),
  oldest: z.string().nullable().meta({ description: 'Id of the oldest backup.' }),
  newest: z.string().nullable().meta({ description: 'Id of the newest backup.' }),
  oldestAt: Timestamp.nullable().meta({ description: 'When the oldest backup was made.' }),
  newestAt: Timestamp.nullable().meta({ description: 'When the newest backup was made.' }),
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

export type BackupRecord = z.infer<typeof BackupRecordSchema>;
export type BackupCopy = z.infer<typeof BackupCopySchema>;
export type BackupListItem = z.infer<typeof BackupListItemSchema>;
export type NamedChange = z.infer<typeof NamedChangeSchema>;
export type RestoreDiff = z.infer<typeof RestoreDiffSchema>;
export type BackupJob = z.infer<typeof BackupJobSchema>;
export type BackupContents = z.infer<typeof BackupContentsSchema>;
export type BackupStorage = z.infer<typeof BackupStorageSchema>;
export type RestoreResult = z.infer<typeof RestoreResultSchema>;
export type RestoreJob = z.infer<typeof RestoreJobSchema>;
