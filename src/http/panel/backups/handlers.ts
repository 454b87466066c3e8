// The handlers of the panel's backups routes (the table is routes.ts).
import { userActor } from '../../../domain/actor.js';
import { NotFoundError, ValidationError } from '../../../domain/errors.js';
import { BackupsBusyError } from '../../../backups/errors.js';
import { json, noContent } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { CheckRequest, CreateRequest, BackupPath, RestoreRequest } from '../../../contract/panel/backups.js';
import type { BackupScheduleUpdateSchema } from '../../../contract/backups.js';
import { unreadableSaid } from './unreadable.js';
import { HttpError } from '../../errors.js';

/** A viewer sees where each off-site copy stands, never the command's output or exit status. */
export const list = (async ({ deps, user }) => {
  const all = deps.backups ? await deps.backups.list() : [];
  return json(200, { data: user.role === 'admin' ? all : all.map((b) => ({ ...b, offsite: { state: b.offsite.state } })) });
}) satisfies PanelHandler;

export const create = (({ service, body, user }) => {
  const { id } = service.start('manual', userActor(user.username), body?.note?.trim() || null);
  return json(202, { data: { id, state: 'running' } });
}) satisfies PanelHandler<{ body: typeof CreateRequest }, 'backups'>;

export const getOne = (async ({ service, params }) => {
  const b = service;
  const job = b.job(params.id);
  if (job) return json(200, { data: { ...job, backup: null } });
  return json(200, { data: { id: params.id, state: 'done', error: null, backup: await b.get(params.id) } });
}) satisfies PanelHandler<{ params: typeof BackupPath }, 'backups'>;

export const contents = (async ({ service, params }) => json(200, { data: await service.contents(params.id) })) satisfies PanelHandler<
  { params: typeof BackupPath },
  'backups'
>;

export const storage = (async ({ service }) => json(200, { data: await service.storage() })) satisfies PanelHandler<
  Record<never, never>,
  'backups'
>;

export const getSchedule = (({ deps }) => json(200, { data: deps.store.backupSettings.schedule() })) satisfies PanelHandler;

export const putSchedule = (({ deps, body, user }) =>
  json(200, { data: deps.store.backupSettings.setSchedule(body, userActor(user.username)) })) satisfies PanelHandler<{
  body: typeof BackupScheduleUpdateSchema;
}>;

export const download = (async ({ service, params }) => {
  const file = await service.pathOf(params.id);
  return {
    status: 200,
    headers: {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="palpanel-${params.id}.tar.gz"`,
      'cache-control': 'no-store',
      // A browser must save the archive, never guess it is a page to render.
      'x-content-type-options': 'nosniff',
    },
    file,
  };
}) satisfies PanelHandler<{ params: typeof BackupPath }, 'backups'>;

export const copyNow = (async ({ service, params, user }) =>
  json(202, { data: await service.copyNow(params.id, userActor(user.username)) })) satisfies PanelHandler<
  { params: typeof BackupPath },
  'backups'
>;

export const remove = (async ({ service, params, user }) => {
  await service.remove(params.id, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof BackupPath }, 'backups'>;

/** Past the bound of uploads, imports and dry-runs at once: 503 `unavailable`, with when to try again. */
async function bounded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof BackupsBusyError) throw new HttpError(503, 'unavailable', err.message, { 'retry-after': '10' });
    throw err;
  }
}

/** The body arrives as a stream (the adapter never holds it) and goes to a file as it comes. */
export const upload = (async ({ service, req, user }) => {
  const archive = req.bodyStream ?? (req.body && req.body.length > 0 ? req.body : null);
  if (!archive) throw new ValidationError('The body must be a backup archive (.tar.gz).');
  return json(201, { data: await bounded(service.importArchive(archive, userActor(user.username))) });
}) satisfies PanelHandler<Record<never, never>, 'backups'>;

export const dryRun = (async ({ service, params }) =>
  json(200, { data: await bounded(unreadableSaid(service.dryRun(params.id))) })) satisfies PanelHandler<
  { params: typeof BackupPath },
  'backups'
>;

/** 202 with the job once what can be decided at once is (400, 404, 409 are thrown before). */
export const restore = (async ({ service, params, body, user }) =>
  json(202, {
    data: await service.restore(params.id, { confirm: body.confirm, shutdown: body.shutdown ?? false }, userActor(user.username)),
  })) satisfies PanelHandler<{ params: typeof BackupPath; body: typeof RestoreRequest }, 'backups'>;

export const restoreJob = (({ service, params }) => {
  const job = service.restoreJob(params.id);
  if (!job) throw new NotFoundError('No restore of this backup was started since palpanel started.');
  return json(200, { data: job });
}) satisfies PanelHandler<{ params: typeof BackupPath }, 'backups'>;

/** 202 once the fetch has started; what it finds is read at GET /backups/check. */
export const startCheck = (async ({ service, body }) =>
  json(202, { data: (await service.check(body?.backupId ?? null)).status })) satisfies PanelHandler<
  {
    body: typeof CheckRequest;
  },
  'backups'
>;

export const getChecks = (({ service }) => json(200, { data: service.checks() })) satisfies PanelHandler<Record<never, never>, 'backups'>;
