// The panel's backup routes (spec: Backups; issue 12), through HttpDeps.backups. A viewer reads
// the list, contents, storage and schedule; an admin makes, downloads, deletes, uploads and
// restores. A restore takes `{"confirm": "RESTORE"}` exactly (interface.md); anything else is 400
// and nothing is touched. What a restore can decide at once it answers at once (400, 404, 409);
// then it runs as a job (202), followed at GET /backups/{id}/restore.
import { PANEL_PATHS } from '../../../contract/panel-paths.js';
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
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
  copyNow,
  upload,
  dryRun,
  restore,
  restoreJob,
  startCheck,
  getChecks,
} from './handlers.js';

/** The upload route's path and body bound (the adapter reads the body within it): the
 * largest worlds compress to a few tens of MB. */
export const BACKUP_UPLOAD_PATH = PANEL_PATHS.uploadBackup[1];

export const BACKUP_UPLOAD_LIMIT = 512 * 1024 * 1024;

export function backupRoutes(): PanelRoute[] {
  const NF = '`not_found`: no backup has that id.';
  const BUSY = '`unavailable`: two uploads, imports or restore dry-runs are running now; try again after `Retry-After` seconds.';
  const UNUSABLE = '`conflict`: the backup fails its checks (damaged, or past the bounds of a world save); the message says why.';
  /** A dry-run's 503 has a second cause: the world in place could not be read (issue 37, finding 12). */
  const DRY_RUN_BUSY = `${BUSY} Also when the world in place is being saved or cannot be read: no diff is given then, the message says why.`;
  return [
    ...signedIn([
      route({
        ...operation('listBackups', { 200: 'OK' }),
        summary:
          'Backups, newest first, each with where its off-site copy stands (`offsite`: an admin sees the attempts, exit status and output)',
        handler: list,
      }),
      route({
        ...operation('backupStorage', { 200: 'OK' }),
        needs: 'backups',
        summary: 'Bytes used, count, free and total disk, the budget, oldest and newest, and where the off-site copies stand',
        handler: storage,
      }),
      route({
        ...operation('getBackupSchedule', { 200: 'OK' }),
        summary: 'The backup schedule and retention',
        handler: getSchedule,
      }),
      route({
        ...operation('getBackupChecks', { 200: 'OK' }),
        needs: 'backups',
        summary: 'Where the off-site copies stand, and the newest checks (SERVICE_BACKUP_CHECK_COMMAND), newest first',
        handler: getChecks,
      }),
      route({
        ...operation('getBackup', { 200: 'OK' }),
        needs: 'backups',
        summary: 'A backup, or the state of one being made',
        errors: { 404: NF },
        handler: getOne,
      }),
      route({
        ...operation('backupContents', { 200: 'OK' }),
        needs: 'backups',
        summary: 'The manifest: each file with its size and SHA-256',
        errors: { 404: NF, 409: UNUSABLE },
        handler: contents,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('createBackup', { 202: 'Started.' }),
        needs: 'backups',
        summary: 'Make a backup now (the game is asked to save first); its state is at GET /backups/{id}',
        errors: {
          409: '`conflict`: a backup is being made now. (A disk too full for the backup fails the job, in words: GET /backups/{id}.)',
        },
        handler: create,
      }),
      route({
        ...operation('checkBackupCopy', { 202: 'Started.' }),
        needs: 'backups',
        summary:
          "Check an off-site copy now: SERVICE_BACKUP_CHECK_COMMAND fetches the backup's copy (default: the newest backup) into a fresh folder, then palpanel checks its checksums and manifest and dry-runs it against the world; follow it at GET /backups/check",
        errors: { 409: '`conflict`: no check command is configured, a check is running now, or there is no backup yet.' },
        handler: startCheck,
      }),
      route({
        ...operation('setBackupSchedule', { 200: 'The schedule now.' }),
        summary:
          'Set the schedule and retention, the storage budget, tiered retention and the off-site check (fields past the first three keep their value when left out)',
        handler: putSchedule,
      }),
      route({
        ...operation('uploadBackup', { 201: 'Kept.' }),
        needs: 'backups',
        summary: 'Keep an archive made elsewhere (a palpanel .tar.gz) as an `imported` backup, once checked as a world save',
        errors: {
          400: '`invalid_request`: not a palpanel backup of a world save, or a file in it past the bound of what it is (the message says why).',
          409: '`conflict`: the backup disk has less free space than the archive needs (nothing is kept).',
          413: '`payload_too_large`: larger than 512 MiB.',
          503: BUSY,
        },
        handler: upload,
      }),
      route({
        ...operation('downloadBackup', {
          200: { description: 'The archive.', contentType: 'application/gzip', headers: ['Content-Disposition'] },
        }),
        needs: 'backups',
        summary: 'The archive (.tar.gz), streamed',
        errors: { 404: NF },
        handler: download,
      }),
      route({
        ...operation('copyBackupNow', { 202: "Queued: the copy command runs it next; follow it in the backup's `offsite`." }),
        needs: 'backups',
        summary: 'Copy a backup off-site now: one the copy command never copied (made before it was set, or given up after its retries)',
        errors: {
          404: NF,
          409: '`conflict`: no copy command is set (SERVICE_BACKUP_COPY_COMMAND), or the backup is being copied or was copied already.',
        },
        handler: copyNow,
      }),
      route({
        ...operation('deleteBackup', { 204: 'Deleted.' }),
        needs: 'backups',
        summary: 'Delete a backup',
        errors: { 404: NF },
        handler: remove,
      }),
      route({
        ...operation('restoreDryRun', { 200: 'OK' }),
        needs: 'backups',
        summary:
          'What a restore would change: files added, removed, changed and left as they are (`kept`), and players, pals and guilds gained and lost',
        errors: { 404: NF, 409: UNUSABLE, 503: DRY_RUN_BUSY },
        handler: dryRun,
      }),
      route({
        ...operation('restoreBackup', { 202: 'Started: the job, running.' }),
        needs: 'backups',
        summary:
          "Restore a backup, as a job: the game stopped (when asked) and looked at (REST, RCON, save files at rest), a pre-restore backup, then the backup's files put in place of the world's (nothing else in the world folder is touched), then a re-parse. Follow it at GET /backups/{id}/restore",
        errors: {
          404: NF,
          409: '`conflict`: the game server answers (stop it, or ask for `shutdown: true`), or a restore or a backup is running now.',
        },
        handler: restore,
      }),
      route({
        ...operation('getRestore', { 200: 'OK' }),
        needs: 'backups',
        summary: 'The newest restore of this backup since palpanel started: its step, and when it ended, how (`result` or `error`)',
        errors: { 404: '`not_found`: no backup has that id, or no restore of it was started since palpanel started.' },
        handler: restoreJob,
      }),
    ]),
  ];
}
