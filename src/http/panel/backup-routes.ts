// The panel's backup routes (spec: Backups; issue 12), through HttpDeps.backups. A viewer reads
// the list, contents, storage and schedule; an admin makes, downloads, deletes, uploads and
// restores. A restore takes `{"confirm": "RESTORE"}` exactly (interface.md); anything else is 400
// and nothing is touched.
import { z } from 'zod';
import { userActor } from '../../lib/actor.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import type { BackupPorts } from '../../backups/types.js';
import type { HttpDeps } from '../deps.js';
import { json, noContent } from '../respond.js';
import { Timestamp } from '../../rows/schemas.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';

const NO_BACKUPS = 'palpanel has no save folder configured (SERVICE_SAVE_DIR), so it makes no backups.';

function backupsOf(deps: HttpDeps): BackupPorts {
  if (!deps.backups) throw new ConflictError('conflict', NO_BACKUPS);
  return deps.backups;
}

const Trigger = z.enum(['scheduled', 'manual', 'pre-restore', 'imported']);
const World = z.strictObject({ players: z.int(), pals: z.int(), guilds: z.int() }).nullable().meta({ description: 'The world when it was backed up (from the last parse); null before any.' });
const BackupSchema = z.strictObject({
  id: z.string(),
  trigger: Trigger,
  createdAt: Timestamp,
  sizeBytes: z.int().min(0),
  gameVersion: z.string().nullable(),
  world: World,
  fileCount: z.int().min(0),
  note: z.string().nullable().meta({ description: "The admin's words for a manual backup; null otherwise." }),
});
const CreateRequest = z.strictObject({ note: z.string().max(200).optional().meta({ description: 'A few words kept with a manual backup.' }) }).optional();
const BackupPath = z.object({
  id: z
    .string()
    .regex(/^\d{8}T\d{6}Z-(scheduled|manual|pre-restore|imported)-[0-9a-f]{6}$/)
    .meta({ description: 'A backup id.', examples: ['20260714T093000Z-manual-1a2b3c'] }),
});
const ScheduleSchema = z.strictObject({
  enabled: z.boolean(),
  intervalHours: z.int().min(1).max(12).meta({ description: 'Hours between scheduled backups, 1 to 12.' }),
  retentionDays: z.int().min(7).max(60).meta({ description: 'Days a backup is kept, 7 to 60 (never the newest one).' }),
});
const Named = z.strictObject({ id: z.string(), name: z.string() });
const DiffSchema = z.strictObject({
  files: z.strictObject({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }),
  players: z.strictObject({ gained: z.array(Named), lost: z.array(Named) }),
  pals: z.strictObject({ gained: z.int(), lost: z.int(), gainedSample: z.array(Named), lostSample: z.array(Named) }),
  guilds: z.strictObject({ gained: z.array(Named), lost: z.array(Named) }),
});
const RestoreRequest = z.strictObject({
  confirm: z.literal('RESTORE').meta({ description: 'Exactly `RESTORE`.' }),
  shutdown: z.boolean().optional().meta({ description: 'Shut the game server down first through its REST API when it runs (default false: 409).' }),
});

const list: PanelHandler = async ({ deps }) => json(200, { data: deps.backups ? await deps.backups.list() : [] });

const create: PanelHandler<{ body: typeof CreateRequest }> = ({ deps, body, user }) => {
  const { id } = backupsOf(deps).start('manual', userActor(user.username), body?.note?.trim() || null);
  return json(202, { data: { id, state: 'running' } });
};

const getOne: PanelHandler<{ params: typeof BackupPath }> = async ({ deps, params }) => {
  const b = backupsOf(deps);
  const job = b.job(params.id);
  if (job) return json(200, { data: { ...job, backup: null } });
  return json(200, { data: { id: params.id, state: 'done', error: null, backup: await b.get(params.id) } });
};

const contents: PanelHandler<{ params: typeof BackupPath }> = async ({ deps, params }) => json(200, { data: await backupsOf(deps).contents(params.id) });

const storage: PanelHandler = async ({ deps }) => json(200, { data: await backupsOf(deps).storage() });

const getSchedule: PanelHandler = ({ deps }) => json(200, { data: deps.store.backupSettings.schedule() });

const putSchedule: PanelHandler<{ body: typeof ScheduleSchema }> = ({ deps, body, user }) =>
  json(200, { data: deps.store.backupSettings.setSchedule(body, userActor(user.username)) });

const download: PanelHandler<{ params: typeof BackupPath }> = async ({ deps, params }) => {
  const file = await backupsOf(deps).pathOf(params.id);
  return {
    status: 200,
    headers: { 'content-type': 'application/gzip', 'content-disposition': `attachment; filename="palpanel-${params.id}.tar.gz"`, 'cache-control': 'no-store' },
    file,
  };
};

const remove: PanelHandler<{ params: typeof BackupPath }> = async ({ deps, params, user }) => {
  await backupsOf(deps).remove(params.id, userActor(user.username));
  return noContent();
};

const upload: PanelHandler = async ({ deps, req, user }) => {
  if (!req.body || req.body.length === 0) throw new ValidationError('The body must be a backup archive (.tar.gz).');
  return json(201, { data: await backupsOf(deps).importArchive(Buffer.from(req.body), userActor(user.username)) });
};

const dryRun: PanelHandler<{ params: typeof BackupPath }> = async ({ deps, params }) => json(200, { data: await backupsOf(deps).dryRun(params.id) });

const restore: PanelHandler<{ params: typeof BackupPath; body: typeof RestoreRequest }> = async ({ deps, params, body, user }) =>
  json(200, { data: await backupsOf(deps).restore(params.id, { shutdown: body.shutdown ?? false }, userActor(user.username)) });

/** The upload route's path and body bound (the adapter reads the body within it): the
 * largest worlds compress to a few tens of MB. */
export const BACKUP_UPLOAD_PATH = '/backups/upload';
export const BACKUP_UPLOAD_LIMIT = 512 * 1024 * 1024;

export function backupRoutes(): PanelRoute[] {
  const NF = '`not_found`: no backup has that id.';
  return [
    route({ method: 'GET', path: '/backups', auth: 'session', operationId: 'listBackups', summary: 'Backups, newest first', responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(BackupSchema) }) } }, handler: list }),
    route({
      method: 'POST',
      path: '/backups',
      auth: 'session',
      role: 'admin',
      operationId: 'createBackup',
      summary: 'Make a backup now (the game is asked to save first); its state is at GET /backups/{id}',
      request: { body: CreateRequest },
      responses: { 202: { description: 'Started.', schema: z.strictObject({ data: z.strictObject({ id: z.string(), state: z.literal('running') }) }) } },
      errors: { 409: '`conflict`: a backup is being made, or no save folder is configured.' },
      handler: create,
    }),
    route({ method: 'GET', path: '/backups/storage', auth: 'session', operationId: 'backupStorage', summary: 'Bytes used, count, free disk, oldest and newest', responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.strictObject({ bytesUsed: z.int(), count: z.int(), freeBytes: z.int().nullable(), oldest: z.string().nullable().meta({ description: 'Id of the oldest backup.' }), newest: z.string().nullable().meta({ description: 'Id of the newest backup.' }), oldestAt: Timestamp.nullable().meta({ description: 'When the oldest backup was made.' }), newestAt: Timestamp.nullable().meta({ description: 'When the newest backup was made.' }) }) }) } }, handler: storage }),
    route({ method: 'GET', path: '/backups/schedule', auth: 'session', operationId: 'getBackupSchedule', summary: 'The backup schedule and retention', responses: { 200: { description: 'OK', schema: z.strictObject({ data: ScheduleSchema }) } }, handler: getSchedule }),
    route({ method: 'PUT', path: '/backups/schedule', auth: 'session', role: 'admin', operationId: 'setBackupSchedule', summary: 'Set the schedule and retention', request: { body: ScheduleSchema }, responses: { 200: { description: 'The schedule now.', schema: z.strictObject({ data: ScheduleSchema }) } }, handler: putSchedule }),
    route({
      method: 'POST',
      path: BACKUP_UPLOAD_PATH,
      auth: 'session',
      role: 'admin',
      operationId: 'uploadBackup',
      summary: 'Keep an archive made elsewhere (a palpanel .tar.gz) as an `imported` backup, once checked as a world save',
      responses: { 201: { description: 'Kept.', schema: z.strictObject({ data: BackupSchema }) } },
      errors: { 400: '`invalid_request`: not a palpanel backup of a world save (the message says why).', 413: '`invalid_request`: larger than 512 MiB.' },
      handler: upload,
    }),
    route({ method: 'GET', path: '/backups/{id}', auth: 'session', operationId: 'getBackup', summary: 'A backup, or the state of one being made', request: { params: BackupPath }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.strictObject({ id: z.string(), trigger: Trigger.optional(), state: z.enum(['running', 'failed', 'done']), startedAt: Timestamp.optional(), error: z.string().nullable(), backup: BackupSchema.nullable() }) }) } }, errors: { 404: NF }, handler: getOne }),
    route({ method: 'GET', path: '/backups/{id}/contents', auth: 'session', operationId: 'backupContents', summary: 'The manifest: each file with its size and SHA-256', request: { params: BackupPath }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.strictObject({ id: z.string(), trigger: Trigger, createdAt: Timestamp, gameVersion: z.string().nullable(), world: World, files: z.array(z.strictObject({ path: z.string(), size: z.int(), sha256: z.string() })) }) }) } }, errors: { 404: NF }, handler: contents }),
    route({ method: 'GET', path: '/backups/{id}/download', auth: 'session', role: 'admin', operationId: 'downloadBackup', summary: 'The archive (.tar.gz), streamed', request: { params: BackupPath }, responses: { 200: { description: 'The archive.', headers: ['Content-Disposition'] } }, errors: { 404: NF }, handler: download }),
    route({ method: 'DELETE', path: '/backups/{id}', auth: 'session', role: 'admin', operationId: 'deleteBackup', summary: 'Delete a backup', request: { params: BackupPath }, responses: { 204: { description: 'Deleted.' } }, errors: { 404: NF }, handler: remove }),
    route({ method: 'POST', path: '/backups/{id}/restore/dry-run', auth: 'session', role: 'admin', operationId: 'restoreDryRun', summary: 'What a restore would change: files, and players, pals and guilds gained and lost', request: { params: BackupPath }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: DiffSchema }) } }, errors: { 404: NF }, handler: dryRun }),
    route({
      method: 'POST',
      path: '/backups/{id}/restore',
      auth: 'session',
      role: 'admin',
      operationId: 'restoreBackup',
      summary: 'Restore a backup: a pre-restore backup first, then the save folder swapped whole, then a re-parse',
      request: { params: BackupPath, body: RestoreRequest },
      responses: { 200: { description: 'Restored.', schema: z.strictObject({ data: z.strictObject({ diff: DiffSchema, preRestoreBackup: z.string(), restoredAt: Timestamp }) }) } },
      errors: { 404: NF, 409: '`conflict`: the game server is running (stop it, or ask for `shutdown: true`).' },
      handler: restore,
    }),
  ];
}

