// HttpDeps.backups of `palpanel serve`: the backup service and the restorer behind the panel's
// backup routes, and the check an uploaded archive passes before it is kept.
import { writeFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BackupPorts } from './types.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import { TarError } from '../lib/tar.js';
import { extractArchive, type BackupManifest } from './archive.js';
import type { Logger } from '../lib/logger.js';
import { inWorkFolder, parseFolder } from './parse-sides.js';
import { Restorer, type RestorerOptions } from './restore.js';
import type { GameControl } from '../game/game-control.js';
import { BackupService } from './service.js';
import { CheckRefusedError, CopyChecker } from './copy-check.js';
import type { OffsiteStatus } from '../contract/backups.js';
import type { Settings } from '../config/settings.js';
import type { GameRestClient } from '../game/rest-client.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import { copyView, OffsiteCopier } from './offsite-copy.js';
import { BusySlots } from './errors.js';

/** Why "copy now" cannot copy: said where the panel offers it, the setting to set. */
export const COPY_COMMAND_UNSET =
  'No off-site copy command is set: set SERVICE_BACKUP_COPY_COMMAND and restart palpanel, then copy this backup.';

/** The off-site status where no checker runs (tests of the rest). */
const NO_CHECKS: OffsiteStatus = { configured: false, running: false, last: null, newestGoodAt: null, stale: false };

export function createBackupPorts(
  svc: BackupService,
  restorer: Restorer,
  log: Logger,
  /** Where the off-site copies are kept; without it every backup's copy is `off`. */
  copies: { store: Store; copier: OffsiteCopier | null } | null = null,
  checker?: CopyChecker,
): BackupPorts {
  // Uploads, imports and dry-runs share one bound (interface.md "Bounds").
  const slots = new BusySlots(2);
  return {
    async list() {
      // The rows are read first: a row is written only once its archive is, so a row whose
      // backup the listing then lacks is of a backup deleted since (by hand, by retention).
      const rows = new Map((copies?.store.backupCopies.all() ?? []).map((r) => [r.backupId, r]));
      const all = await svc.list();
      if (!copies) return all.map((b) => ({ ...b, offsite: copyView(null) }));
      const items = all.map((b) => ({ ...b, offsite: copyView(rows.get(b.id) ?? null) }));
      // Those are owed nothing any more.
      for (const b of all) rows.delete(b.id);
      const gone = [...rows.values()].filter((r) => r.state !== 'running').map((r) => r.backupId);
      if (gone.length > 0) copies.store.backupCopies.forget(gone);
      return items;
    },
    copyStats: () => copies?.copier?.stats() ?? null,
    get: (id) => svc.get(id),
    job: (id) => svc.job(id),
    lastFailure: () => svc.lastFailure(),
    start: (trigger, actor, note) => {
      const { id, done } = svc.start(trigger, actor, note ?? null);
      done.catch(() => undefined); // its failure is the job's state, read by GET /backups/{id}
      return { id };
    },
    async contents(id) {
      const manifest = await svc.verify(id);
      return {
        id: manifest.id,
        trigger: manifest.trigger,
        createdAt: manifest.createdAt,
        gameVersion: manifest.gameVersion,
        world: manifest.world,
        files: manifest.files,
      };
    },
    storage: async () => ({ ...(await svc.storage()), offsite: checker?.status() ?? NO_CHECKS, copyConfigured: Boolean(copies?.copier) }),
    pathOf: (id) => svc.pathOf(id),
    remove: (id, actor) => svc.remove(id, actor),
    async copyNow(id, actor) {
      await svc.get(id);
      if (!copies?.copier) throw new ConflictError('conflict', COPY_COMMAND_UNSET);
      const was = copies.store.backupCopies.get(id)?.state ?? 'off';
      const now = copies.copier.copyNow(id);
      copies.store.audit.note({ actor, action: 'backup.copy', target: id, detail: was === 'off' ? 'never asked before' : `was ${was}` });
      return now;
    },
    importArchive: (archive, actor, what = 'upload') =>
      slots.run(async () => {
        // Checked from a file of its own, like any archive: inflated into a work folder as it is
        // checked (never held), parsed there as a world save, then archived anew from there. A
        // stream (an upload) goes to that file as it arrives; it is removed however this ends.
        const tmp = join(svc.backupDir, `.upload-${randomBytes(4).toString('hex')}.tar.gz.tmp`);
        try {
          if (Buffer.isBuffer(archive)) await writeFile(tmp, archive, { mode: 0o600, flag: 'wx' });
          else await pipeline(archive, createWriteStream(tmp, { mode: 0o600, flags: 'wx' }));
          return await inWorkFolder(svc.backupDir, async (dir) => {
            let manifest: BackupManifest;
            try {
              manifest = await extractArchive(tmp, dir);
            } catch (err) {
              if (err instanceof TarError) throw new ValidationError(`The ${what} is not a palpanel backup: ${err.message}.`);
              throw err;
            }
            if (!manifest.files.some((f) => f.path === 'Level.sav'))
              throw new ValidationError(`The ${what} holds no Level.sav: it is not a world save.`);
            const world = await parseFolder(dir, log);
            if (world.players.length === 0 && world.pals.length === 0 && world.guilds.length === 0) {
              throw new ValidationError(`The ${what}'s Level.sav could not be read as a Palworld world save.`);
            }
            // Listed with its own world, as parsed here (not the world in place's, nor its manifest's claim).
            const own = {
              world: { players: world.players.length, pals: world.pals.length, guilds: world.guilds.length },
              gameVersion: world.meta?.gameVersion ?? null,
            };
            const files = manifest.files.map((f) => ({ ...f, source: join(dir, f.path) }));
            try {
              return await svc.adopt(files, actor, own);
            } catch (err) {
              // Its read-back after writing: what passed above cannot fail here, but would say why.
              if (err instanceof TarError) throw new ValidationError(`The ${what} is not a palpanel backup: ${err.message}.`);
              throw err;
            }
          });
        } finally {
          await rm(tmp, { force: true });
        }
      }),
    dryRun: (id) => slots.run(() => restorer.dryRun(id)),
    restore: (id, opts, actor) => restorer.restore(id, opts, actor),
    restoreJob: (id) => restorer.job(id),
    async check(id) {
      if (!checker) throw new CheckRefusedError('No off-site check is configured (SERVICE_BACKUP_CHECK_COMMAND).');
      const { done } = await checker.start(id);
      done.catch(() => undefined); // recorded either way; read at GET /backups/check
      return { status: checker.status(), done };
    },
    checks: () => (checker ? { status: checker.status(), recent: checker.recent() } : { status: NO_CHECKS, recent: [] }),
  };
}

export interface BackupStackOptions {
  store: Store;
  settings: Pick<
    Settings,
    'backupDir' | 'dataDir' | 'backupCopyCommand' | 'backupCopyTimeoutMs' | 'backupCheckCommand' | 'backupCheckTimeoutMs'
  >;
  /** The environment the off-site copy and check commands inherit (SERVICE_* settings are taken out). */
  env: Readonly<Record<string, string | undefined>>;
  /** The world folder the game runs, looked up at each use; null without a save folder. */
  world: (() => string) | null;
  /** The ids of every world below the save folder (RestorerOptions.worldIds). */
  worldIds?: () => string[];
  log: Logger;
  clock: Clock;
  /** The game's REST client, when one is configured: asked to save before a backup. */
  client: GameRestClient | null;
  game: GameControl;
  /** The save watcher, to parse a restored world at once; null when none runs. */
  ingest: RestorerOptions['ingest'];
}

/** Where backups are kept: SERVICE_BACKUP_DIR, else `<data-dir>/backups`. */
export const backupDirOf = (s: Pick<Settings, 'backupDir' | 'dataDir'>): string => s.backupDir ?? join(s.dataDir, 'backups');

/** The backup service, its restorer and their ports over one store, for `serve` and for the
 * `backup` command on a data dir no server holds. */
export function createBackupStack(o: BackupStackOptions): {
  svc: BackupService;
  restorer: Restorer;
  checker: CopyChecker;
  ports: BackupPorts;
  /** Null without SERVICE_BACKUP_COPY_COMMAND. Not started here: `serve` starts it; a backup
   * made by the CLI on its own only queues its copy, which the next `serve` makes. */
  copier: OffsiteCopier | null;
} {
  const backupDir = backupDirOf(o.settings);
  const copier = o.settings.backupCopyCommand
    ? new OffsiteCopier({
        repo: o.store.backupCopies,
        events: o.store.events,
        command: o.settings.backupCopyCommand,
        timeoutMs: o.settings.backupCopyTimeoutMs,
        env: o.env,
        backupDir,
        clock: o.clock,
        log: o.log,
      })
    : null;
  const svc = new BackupService({
    store: o.store,
    world: o.world,
    backupDir,
    log: o.log,
    clock: o.clock,
    saveGame: o.client ? () => o.client!.save().then(() => undefined) : undefined,
    onMade: copier ? (rec) => copier.queue(rec.id) : undefined,
  });
  const restorer = new Restorer({
    store: o.store,
    backups: svc,
    world: o.world,
    worldIds: o.worldIds,
    dataDir: o.settings.dataDir,
    log: o.log,
    clock: o.clock,
    game: o.game,
    ingest: o.ingest,
  });
  const checker = new CopyChecker({
    store: o.store,
    backups: svc,
    dryRun: o.world ? (path) => restorer.dryRunArchive(path) : null,
    command: o.settings.backupCheckCommand,
    timeoutMs: o.settings.backupCheckTimeoutMs,
    env: o.env,
    log: o.log,
    clock: o.clock,
  });
  return { svc, restorer, checker, copier, ports: createBackupPorts(svc, restorer, o.log, { store: o.store, copier }, checker) };
}
