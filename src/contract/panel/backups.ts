// The requests of the panel's backup routes; what they answer is declared in contract/backups.ts.
import { z } from 'zod';
import { BACKUP_ID, RESTORE_CONFIRMATION } from '../backup-words.js';

export const CreateRequest = z
  .strictObject({ note: z.string().max(200).optional().meta({ description: 'A few words kept with a manual backup.' }) })
  .optional();

export const BackupPath = z.object({
  id: z
    .string()
    .regex(BACKUP_ID)
    .meta({ description: 'A backup id.', examples: ['20260714T093000Z-manual-1a2b3c'] }),
});

/** The route's own body: the word is checked again by the restore itself, whoever calls it. */
export const RestoreRequest = z.strictObject({
  confirm: z.literal(RESTORE_CONFIRMATION).meta({ description: 'Exactly `RESTORE`.' }),
  shutdown: z
    .boolean()
    .optional()
    .meta({ description: 'Shut the game server down first through its REST API when it runs (default false: 409).' }),
});

/** POST /backups/check: which backup's copy to fetch (default: the newest). */
export const CheckRequest = z
  .strictObject({
    backupId: z.string().regex(BACKUP_ID).optional().meta({ description: 'The backup whose copy is fetched; default the newest.' }),
  })
  .optional();

/** What an uploaded archive may be sent as (the web UI sends application/gzip). */
export const BACKUP_UPLOAD_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'] as const;
