// `palpanel backup create|list|verify|restore|import|check`: through the running server when there is one
// (as `keys` does), else on the data dir directly under its lock.
import { performAdminOp } from '../control/admin-client.js';
import { createBackupStack } from '../backups/stack.js';
import { runBackupOp, type BackupOp } from '../backups/ops.js';
import { createLogger } from '../lib/logger.js';
import { loadDataDir, loadSettings } from '../config/settings.js';
import { GameRestClient } from '../game/rest-client.js';
import { gameStoppedByHand, probeGame } from '../game/game-control.js';
import { WorldFolder } from '../ingest/world-folder.js';
import type { BackupCheck, BackupCopy, BackupListItem, BackupRecord, RestoreResult } from '../backups/types.js';
import type { Store } from '../store/index.js';
import type { CliIo } from './io.js';
import { terminalJson, terminalText } from '../lib/terminal-text.js';
import { resolve } from 'node:path';
import { textTable } from './table.js';

export interface BackupCliOpts {
  dataDir?: string;
  saveDir?: string;
  json?: boolean;
}

/** A backup made on the CLI may take minutes on a big world. */
const REPLY_TIMEOUT_MS = 30 * 60_000;

function run(io: CliIo, o: BackupCliOpts, op: BackupOp): Promise<unknown> {
  // The data dir first, on its own: one not named and not found stops here, before anything is made.
  loadDataDir(io.env, o.dataDir);
  const settings = loadSettings(io.env, { dataDir: o.dataDir, saveDir: o.saveDir });
  const direct = async (store: Store) => {
    const log = createLogger(settings.logFormat, io.err, io.debug);
    const client = settings.gameRestUrl
      ? new GameRestClient({ baseUrl: settings.gameRestUrl, password: settings.gameAdminPassword ?? '' })
      : null;
    try {
      // The game's answer says whether it runs, and which world when the save folder holds several.
      const info = client ? await client.info({ timeoutMs: 2_000 }).catch(() => null) : null;
      const gameUp = info !== null;
      const folder = settings.saveDir ? new WorldFolder(settings.saveDir, () => info?.worldGuid || null, log) : null;
      // The next `serve` parses a restored world at its start.
      const { ports } = createBackupStack({
        store,
        settings,
        env: io.env,
        world: folder ? () => folder.dirNow() : null,
        worldIds: () => folder?.ids() ?? [],
        log,
        clock: () => new Date(),
        client,
        game: gameStoppedByHand(gameUp, probeGame({ client, rconAddr: settings.rconAddr })),
        ingest: null,
      });
      return await runBackupOp(ports, op);
    } finally {
      await client?.close();
    }
  };
  return performAdminOp(settings.dataDir, op, io.err, { replyTimeoutMs: REPLY_TIMEOUT_MS, direct });
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
/** Where its off-site copy stands, when one was asked of it. */
const copyWord = (c: BackupCopy | undefined) =>
  !c || c.state === 'off'
    ? ''
    : `  copy: ${c.state}${c.state === 'failed' ? ` (${c.lastExitCode === null || c.lastExitCode === undefined ? 'killed or not started' : `exit ${c.lastExitCode}`}${c.nextAttemptAt ? `, next try ${c.nextAttemptAt}` : ', given up'})` : ''}`;
// Ids, triggers and details come from manifests and archives, which may be another machine's:
// shown with their control characters escaped (lib/terminal-text.ts).
const line = (b: BackupRecord & { offsite?: BackupCopy }) =>
  `${terminalText(b.id)}  ${terminalText(b.trigger).padEnd(11)}  ${mb(b.sizeBytes).padStart(9)}  ${b.world ? `${b.world.players} players, ${b.world.pals} pals, ${b.world.guilds} guilds` : 'world not parsed'}${copyWord(b.offsite)}`;

export async function backupCreate(io: CliIo, o: BackupCliOpts): Promise<void> {
  const rec = (await run(io, o, { op: 'backup.create' })) as BackupRecord;
  io.out(o.json ? `${terminalJson(rec)}\n` : `${line(rec)}\n`);
}

export async function backupList(io: CliIo, o: BackupCliOpts): Promise<void> {
  const all = (await run(io, o, { op: 'backup.list' })) as BackupListItem[];
  if (o.json) return io.out(`${terminalJson(all)}\n`);
  io.out(
    textTable(
      all,
      [
        { head: 'ID', cell: (b) => b.id },
        { head: 'TRIGGER', cell: (b) => b.trigger },
        { head: 'SIZE', cell: (b) => mb(b.sizeBytes), right: true },
        {
          head: 'WORLD',
          cell: (b) => (b.world ? `${b.world.players} players, ${b.world.pals} pals, ${b.world.guilds} guilds` : 'not parsed'),
        },
        { head: 'OFF-SITE', cell: (b) => copyWord(b.offsite).replace(/^ {2}copy: /, '') || 'not copied' },
      ],
      'No backups.',
    ),
  );
}

export async function backupVerify(io: CliIo, id: string, o: BackupCliOpts): Promise<void> {
  const r = (await run(io, o, { op: 'backup.verify', id })) as { id: string; files: number; bytes: number };
  io.out(
    o.json ? `${terminalJson(r)}\n` : `${terminalText(r.id)}: OK, ${r.files} files (${mb(r.bytes)}) match their SHA-256 in the manifest\n`,
  );
}

export async function backupRestore(io: CliIo, id: string, o: BackupCliOpts & { confirm?: string; shutdown?: boolean }): Promise<void> {
  const r = (await run(io, o, { op: 'backup.restore', id, confirm: o.confirm ?? '', shutdown: o.shutdown })) as RestoreResult;
  if (o.json) return io.out(`${terminalJson(r)}\n`);
  const d = r.diff;
  io.out(
    `Restored ${terminalText(id)}. The world before it is backup ${terminalText(r.preRestoreBackup)}.\n` +
      `files: ${d.files.added.length} added, ${d.files.removed.length} removed, ${d.files.changed.length} changed, ${d.files.kept.length} left as they were; ` +
      `players: +${d.players.gained.length} -${d.players.lost.length}; pals: +${d.pals.gained} -${d.pals.lost}; guilds: +${d.guilds.gained.length} -${d.guilds.lost.length}\n` +
      r.warnings.map((w) => `warning: ${terminalText(w)}\n`).join(''),
  );
}

/** Keeps an archive file (a copy fetched back from off-site, a backup of another machine) as an
 * `imported` backup, after the checks an upload passes; nothing is kept when it fails them. */
export async function backupImport(io: CliIo, file: string, o: BackupCliOpts): Promise<void> {
  const rec = (await run(io, o, { op: 'backup.import', path: resolve(file) })) as BackupRecord;
  io.out(
    o.json
      ? `${terminalJson(rec)}\n`
      : `Imported as ${terminalText(rec.id)}; restore it with: palpanel backup restore ${terminalText(rec.id)} --confirm RESTORE\n${line(rec)}\n`,
  );
}

/** Fetches a backup's off-site copy back now (SERVICE_BACKUP_CHECK_COMMAND) and checks it; exit
 * 1 with the reason when it is not whole. */
export async function backupCheck(io: CliIo, id: string | undefined, o: BackupCliOpts): Promise<void> {
  const r = (await run(io, o, { op: 'backup.check', id: id ?? null })) as BackupCheck;
  io.out(o.json ? `${terminalJson(r)}\n` : `${terminalText(String(r.backupId))}: ${terminalText(r.detail)}\n`);
}
