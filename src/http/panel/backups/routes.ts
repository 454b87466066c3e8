// The panel's backup routes (spec: Backups; issue 12), through HttpDeps.backups. A viewer reads
// the list, contents, storage and schedule; an admin makes, downloads, deletes, uploads and
// restores. A restore takes `{"confirm": "RESTORE"}` exactly (interface.md); anything else is 400
// and nothing is touched. What a restore can decide at once it answers at once (400, 404, 409);
// then it runs as a job (202), followed at GET /backups/{id}/restore.
import { z } from 'zod';
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import {
  list,
  create,
  getOne,
  contents,
  storage,
  getSchedule,
  putSchedule,
  download,
  remove,
  upload,
  dryRun,
  restore,
  restoreJob,
  startCheck,
  getChecks,
} from './handlers.js';
import { BackupPath, CheckRequest, CreateRequest, RestoreRequest } from '../../../contract/panel/backups.js';
import {
  BackupContentsSchema,
  BackupJobSchema,
  BackupListItemSchema,
  BackupRecordSchema,
  BackupCheckSchema,
  BackupScheduleSchema,
  BackupScheduleUpdateSchema,
  BackupStartedSchema,
  OffsiteStatusSchema,
  BackupStorageSchema,
  RestoreDiffSchema,
  RestoreJobSchema,
} from '../../../contract/backups.js';

/** The upload route's path and body bound (the adapter reads the body within it): the
 * largest worlds compress to a few tens of MB. */
export const BACKUP_UPLOAD_PATH = '/backups/upload';

export const BACKUP_UPLOAD_LIMIT = 512 * 1024 * 1024;

/** What an uploaded archive may be sent as (the web UI sends application/gzip). */
export const BACKUP_UPLOAD_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'] as const;

export function backupRoutes(): PanelRoute[] {
  const NF = '`not_found`: no backup has that id.';
  const UNUSABLE = '`conflict`: the backup fails its checks (damaged, or past the bounds of a world save); the message says why.';
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/backups',
        operationId: 'listBackups',
        summary:
          'Backups, newest first, each with where its off-site copy stands (`offsite`: an admin sees the attempts, exit status and output)',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(BackupListItemSchema) }) } },
        handler: list,
      }),
      route({
        method: 'GET',
        path: '/backups/storage',
        operationId: 'backupStorage',
        needs: 'backups',
        summary: 'Bytes used, count, free and total disk, the budget, oldest and newest, and where the off-site copies stand',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: BackupStorageSchema }) } },
        handler: storage,
      }),
      route({
        method: 'GET',
        path: '/backups/schedule',
        operationId: 'getBackupSchedule',
        summary: 'The backup schedule and retention',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: BackupScheduleSchema }) } },
        handler: getSchedule,
      }),
      route({
        method: 'GET',
        path: '/backups/check',
        operationId: 'getBackupChecks',
        needs: 'backups',
        summary: 'Where the off-site copies stand, and the newest checks (SERVICE_BACKUP_CHECK_COMMAND), newest first',
        responses: {
          200: {
            description: 'OK',
            schema: z.strictObject({ data: z.strictObject({ status: OffsiteStatusSchema, recent: z.array(BackupCheckSchema) }) }),
          },
        },
        handler: getChecks,
      }),
      route({
        method: 'GET',
        path: '/backups/{id}',
        operationId: 'getBackup',
        needs: 'backups',
        summary: 'A backup, or the state of one being made',
        request: { params: BackupPath },
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: BackupJobSchema }) } },
        errors: { 404: NF },
        handler: getOne,
      }),
      route({
        method: 'GET',
        path: '/backups/{id}/contents',
        operationId: 'backupContents',
        needs: 'backups',
        summary: 'The manifest: each file with its size and SHA-256',
        request: { params: BackupPath },
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: BackupContentsSchema }) } },
        errors: { 404: NF, 409: UNUSABLE },
        handler: contents,
      }),
    ]),
    ...adminOnly([
      route({
        method: 'POST',
        path: '/backups',
        operationId: 'createBackup',
        needs: 'backups',
        summary: 'Make a backup now (the game is asked to save first); its state is at GET /backups/{id}',
        request: { body: CreateRequest },
        responses: { 202: { description: 'Started.', schema: z.strictObject({ data: BackupStartedSchema }) } },
        errors: {
          409: '`conflict`: a backup is being made now. (A disk too full for the backup fails the job, in words: GET /backups/{id}.)',
        },
        handler: create,
      }),
      route({
        method: 'POST',
        path: '/backups/check',
        operationId: 'checkBackupCopy',
        needs: 'backups',
        summary:
          "Check an off-site copy now: SERVICE_BACKUP_CHECK_COMMAND fetches the backup's copy (default: the newest backup) into a fresh folder, then palpanel checks its checksums and manifest and dry-runs it against the world; follow it at GET /backups/check",
        request: { body: CheckRequest },
        responses: { 202: { description: 'Started.', schema: z.strictObject({ data: OffsiteStatusSchema }) } },
        errors: { 409: '`conflict`: no check command is configured, a check is running now, or there is no backup yet.' },
        handler: startCheck,
      }),
      route({
        method: 'PUT',
        path: '/backups/schedule',
        operationId: 'setBackupSchedule',
        summary:
          'Set the schedule and retention, the storage budget, tiered retention and the off-site check (fields past the first three keep their value when left out)',
        request: { body: BackupScheduleUpdateSchema },
        responses: { 200: { description: 'The schedule now.', schema: z.strictObject({ data: BackupScheduleSchema }) } },
        handler: putSchedule,
      }),
      route({
        method: 'POST',
        path: BACKUP_UPLOAD_PATH,
        operationId: 'uploadBackup',
        needs: 'backups',
        summary: 'Keep an archive made elsewhere (a palpanel .tar.gz) as an `imported` backup, once checked as a world save',
        request: {
          file: {
            contentTypes: BACKUP_UPLOAD_TYPES,
            description: 'The archive itself (a palpanel backup `.tar.gz`), at most 512 MiB, as the body.',
          },
        },
        responses: { 201: { description: 'Kept.', schema: z.strictObject({ data: BackupRecordSchema }) } },
        errors: {
          400: '`invalid_request`: not a palpanel backup of a world save, or a file in it past the bound of what it is (the message says why).',
          409: '`conflict`: the backup disk has less free space than the archive needs (nothing is kept).',
          413: '`payload_too_large`: larger than 512 MiB.',
        },
        handler: upload,
      }),
      route({
        method: 'GET',
        path: '/backups/{id}/download',
        operationId: 'downloadBackup',
        needs: 'backups',
        summary: 'The archive (.tar.gz), streamed',
        request: { params: BackupPath },
        responses: { 200: { description: 'The archive.', contentType: 'application/gzip', headers: ['Content-Disposition'] } },
        errors: { 404: NF },
        handler: download,
      }),
      route({
        method: 'DELETE',
        path: '/backups/{id}',
        operationId: 'deleteBackup',
        needs: 'backups',
        summary: 'Delete a backup',
        request: { params: BackupPath },
        responses: { 204: { description: 'Deleted.' } },
        errors: { 404: NF },
        handler: remove,
      }),
      route({
        method: 'POST',
        path: '/backups/{id}/restore/dry-run',
        operationId: 'restoreDryRun',
        needs: 'backups',
        summary:
          'What a restore would change: files added, removed, changed and left as they are (`kept`), and players, pals and guilds gained and lost',
        request: { params: BackupPath },
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: RestoreDiffSchema }) } },
        errors: { 404: NF, 409: UNUSABLE },
        handler: dryRun,
      }),
      route({
        method: 'POST',
        path: '/backups/{id}/restore',
        operationId: 'restoreBackup',
        needs: 'backups',
        summary:
          "Restore a backup, as a job: the game stopped (when asked) and looked at (REST, RCON, save files at rest), a pre-restore backup, then the backup's files put in place of the world's (nothing else in the world folder is touched), then a re-parse. Follow it at GET /backups/{id}/restore",
        request: { params: BackupPath, body: RestoreRequest },
        responses: { 202: { description: 'Started: the job, running.', schema: z.strictObject({ data: RestoreJobSchema }) } },
        errors: {
          404: NF,
          409: '`conflict`: the game server answers (stop it, or ask for `shutdown: true`), or a restore or a backup is running now.',
        },
        handler: restore,
      }),
      route({
        method: 'GET',
        path: '/backups/{id}/restore',
        operationId: 'getRestore',
        needs: 'backups',
        summary: 'The newest restore of this backup since palpanel started: its step, and when it ended, how (`result` or `error`)',
        request: { params: BackupPath },
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: RestoreJobSchema }) } },
        errors: { 404: '`not_found`: no backup has that id, or no restore of it was started since palpanel started.' },
        handler: restoreJob,
      }),
    ]),
  ];
}
