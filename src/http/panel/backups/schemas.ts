// The shapes of the panel's backups routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { Timestamp } from '../../../rows/schemas.js';

export const Trigger = z.enum(['scheduled', 'manual', 'pre-restore', 'imported']);

export const World = z.strictObject({ players: z.int(), pals: z.int(), guilds: z.int() }).nullable().meta({ description: 'The world when it was backed up (from the last parse); null before any.' });

export const BackupSchema = z.strictObject({
  id: z.string(),
  trigger: Trigger,
  createdAt: Timestamp,
  sizeBytes: z.int().min(0),
  gameVersion: z.string().nullable(),
  world: World,
  fileCount: z.int().min(0),
  note: z.string().nullable().meta({ description: "The admin's words for a manual backup; null otherwise." }),
});

export const CreateRequest = z.strictObject({ note: z.string().max(200).optional().meta({ description: 'A few words kept with a manual backup.' }) }).optional();

export const BackupPath = z.object({
  id: z
    .string()
    .regex(/^\d{8}T\d{6}Z-(scheduled|manual|pre-restore|imported)-[0-9a-f]{6}$/)
    .meta({ description: 'A backup id.', examples: ['20260714T093000Z-manual-1a2b3c'] }),
});

export const ScheduleSchema = z.strictObject({
  enabled: z.boolean(),
  intervalHours: z.int().min(1).max(12).meta({ description: 'Hours between scheduled backups, 1 to 12.' }),
  retentionDays: z.int().min(7).max(60).meta({ description: 'Days a backup is kept, 7 to 60 (never the newest one).' }),
});

export const Named = z.strictObject({ id: z.string(), name: z.string() });

export const DiffSchema = z.strictObject({
  files: z.strictObject({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }),
  players: z.strictObject({ gained: z.array(Named), lost: z.array(Named) }),
  pals: z.strictObject({ gained: z.int(), lost: z.int(), gainedSample: z.array(Named), lostSample: z.array(Named) }),
  guilds: z.strictObject({ gained: z.array(Named), lost: z.array(Named) }),
});

export const RestoreRequest = z.strictObject({
  confirm: z.literal('RESTORE').meta({ description: 'Exactly `RESTORE`.' }),
  shutdown: z.boolean().optional().meta({ description: 'Shut the game server down first through its REST API when it runs (default false: 409).' }),
});
