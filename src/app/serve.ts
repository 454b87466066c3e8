// The composition root of `palpanel serve`: opens the store, then starts the control socket,
// the pollers, the save watcher and the HTTP server; one shutdown path stops them all.
import { resolve } from 'node:path';
import type { Settings } from '../config/settings.js';
import { GameRestClient } from '../game/rest-client.js';
import { createGameControl } from '../game/game-control.js';
import { moderationActions } from '../actions/moderation-actions.js';
import { Moderator } from '../actions/whitelist-moderator.js';
import type { LiveSource } from '../poller/live-source.js';
import { createHandler, loadWebAssets, type WebAssets } from '../http/index.js';
import { startHttpServer } from '../http/node-adapter.js';
import { mapTilesOf } from '../http/web/map-tiles.js';
import { systemClock, type Clock } from '../lib/time.js';
import { ListenError, NotConfiguredError } from '../lib/errors.js';
import type { BackupPorts } from '../backups/types.js';
import { backupDirOf, createBackupStack } from '../backups/stack.js';
import { isBackupOp, runBackupOp } from '../backups/ops.js';
import { BackupScheduler } from '../backups/scheduler.js';
import { recoverRestore } from '../backups/restore.js';
import { createConsole } from '../actions/console.js';
import { createItemGranter } from '../actions/item-granter.js';
import { PalDefenderClient } from '../game/paldefender-client.js';
import { TaskScheduler, type TaskPorts } from '../actions/task-scheduler.js';
import type { GameActions } from '../actions/game-actions.js';
import { Countdowns } from '../actions/countdown.js';
import type { ConsolePort } from '../actions/console-port.js';
import { SYSTEM } from '../domain/actor.js';
import { createConfigEditor } from '../actions/config-editor.js';
import { settingsSummary } from '../config/settings.js';
import { logEvents, logRestState } from './activity-log.js';
import { Notifier } from '../actions/notifier.js';
import { GameDataPoller } from '../poller/game-data-poller.js';
import { SYSTEM_PASSWORD_REFUSED, SYSTEM_REACHABLE, SYSTEM_UNREACHABLE } from '../domain/event-texts.js';
import { playerIdOfSaveUid } from '../domain/player-id.js';
import { RestPoller, type RestPollerOptions } from '../poller/rest-poller.js';
import { openStore, type Store } from '../store/index.js';
import { runAdminOp } from '../control/admin-ops.js';
import { startControlServer } from '../control/control-socket.js';
import { createGameActions } from '../actions/game-actions.js';
import { createLiveSource } from '../poller/live-source.js';
import { createPanelPorts } from './panel-ports.js';
import { createDiagnosticsPorts } from './diagnostics-links.js';
import type { StoreParseResult } from '../ingest/parse-job.js';
import { createWorldJobs } from '../ingest/world-jobs.js';
import type { Logger } from '../lib/logger.js';
import { parseForStoreInWorker } from '../ingest/parse-worker-host.js';
import { SaveWatcher } from '../ingest/save-watcher.js';
import { WorldFolder } from '../ingest/world-folder.js';
import { WorldOptionWatch } from '../ingest/world-option.js';
import { Lifecycle } from './shutdown.js';
import { snapshotSink } from './snapshot-sink.js';
import { LiveFeed } from '../http/stream/feed.js';
import { applyParse } from '../ingest/world-apply.js';

export interface ServeOptions {
  settings: Settings;
  log: Logger;
  version: string;
  clock?: Clock;
  /** The environment palpanel was started with: what the off-site copy and check commands
   * inherit (less palpanel's own SERVICE_* settings); default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Receives the ready line (`listening on http://HOST:PORT`). */
  ready: (line: string) => void;
  /** The web UI's files; default: the executable's, or the checkout's dist/web (tests pass a build of their own). */
  web?: WebAssets | null;
}

export interface RunningServer {
  url: string;
  /** The open store, for the demo and for in-process tests. */
  store: Store;
  /** What the HTTP layer reads of the pollers (the demo waits on it before it says "ready"). */
  live: LiveSource;
  stop(): Promise<void>;
}

const FLUSH_EVERY_MS = 2_000;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
/** In-flight requests get this long at shutdown (interface.md: at most 5 s). */
const DRAIN_MS = 5_000;

/** What a fresh install says until a panel user exists: the command that makes the first admin,
 * with the data dir by its absolute path (a shell elsewhere, or without SERVICE_DATA_DIR, must
 * name the same one) and run as the user palpanel runs as. */
export function firstAdminHint(dataDir: string): string {
  return `no panel user exists yet: create the first admin with \`palpanel users add <name> --role admin --data-dir ${resolve(dataDir)}\` (as the user palpanel runs as), then sign in`;
}

/**
 * What the previous run's log last said about the game (RestPollerOptions.resume). Read before
 * its open sessions are closed; names come from the save (the sessions hold none).
 */
function resumeState(store: Store): RestPollerOptions['resume'] {
  const last = store.events.lastSystemOf([SYSTEM_REACHABLE, SYSTEM_UNREACHABLE, SYSTEM_PASSWORD_REFUSED]);
  if (last === null) return undefined;
  if (last !== SYSTEM_REACHABLE) return { reachable: false, online: [], refused: last === SYSTEM_PASSWORD_REFUSED };
  const saved = new Map(store.world.allPlayers().map((p) => [playerIdOfSaveUid(p.uid), p]));
  const online = store.history.openSessions().map((s) => {
    const p = saved.get(s.playerId.toUpperCase());
    return { playerId: s.playerId, name: p?.name ?? '', level: p?.level ?? 0, lastSeen: new Date(s.lastSeenAt) };
  });
  return { reachable: true, online };
}

function startGameLink(
  settings: Settings,
  store: Store,
  clock: Clock,
  life: Lifecycle,
  log: Logger,
  resume: RestPollerOptions['resume'],
  onSnapshot: RestPollerOptions['onSnapshot'],
) {
  if (!settings.gameRestUrl) return { rest: null, gameData: null, client: null, moderation: undefined };
  const client = new GameRestClient({ baseUrl: settings.gameRestUrl, password: settings.gameAdminPassword ?? '' });
  life.onClose('game client', () => client.close());
  const onError = (err: unknown) => log('warn', 'poller', err);
  const moderation = moderationActions(client, store);
  const moderator = new Moderator(store, moderation, log);
  life.onClose('moderation', () => moderator.idle());
  const stateLog = logRestState(log, () => rest.lastError());
  const rest: RestPoller = new RestPoller({
    source: client,
    intervalMs: settings.pollIntervalMs,
    events: store.events,
    presence: store.history,
    roster: moderator.roster,
    now: clock,
    onError,
    resume,
    onSnapshot: (s) => {
      onSnapshot?.(s);
      stateLog(s);
    },
  });
  rest.start(life.signal);
  life.onClose('rest poller', () => rest.stop());
  const gameData = new GameDataPoller({
    source: client,
    enabled: settings.gameData,
    map: true,
    intervalMs: settings.gameDataIntervalMs,
    now: clock,
    onError,
  });
  gameData.start(life.signal);
  life.onClose('game-data poller', () => gameData.stop());
  return { rest, gameData, client, moderation };
}

/** Backups, their schedule and restore, over the save folder (issue 12). */
function startBackups(
  settings: Settings,
  store: Store,
  clock: Clock,
  log: Logger,
  life: Lifecycle,
  live: LiveSource,
  client: GameRestClient | null,
  watcher: SaveWatcher<StoreParseResult>,
  env: Readonly<Record<string, string | undefined>>,
): BackupPorts {
  const { svc, restorer, checker, ports, copier } = createBackupStack({
    store,
    settings,
    env,
    world: () => watcher.folder.dirNow(),
    worldIds: () => watcher.folder.ids(),
    log,
    clock,
    client,
    game: createGameControl({ client, rconAddr: settings.rconAddr, reachable: () => live.snapshot().reachable, clock }),
    ingest: watcher,
  });
  life.onClose('backups', async () => {
    await restorer.idle();
    await svc.idle();
    await checker.idle();
  });
  // Closed before the backups (closers run in reverse): a copy under way is killed and stays
  // pending; one a last backup queues meanwhile is kept in the store for the next start.
  if (copier) {
    copier.start();
    life.onClose('backup copies', () => copier.stop());
  }
  new BackupScheduler(svc, store, clock, log).start(life.signal);
  checker.startTimer(life.signal);
  return ports;
}

/** What scheduled tasks do through: the game's REST actions (audited as `system`) and RCON. */
function taskPorts(
  game: GameActions | null,
  countdowns: Countdowns | null,
  consolePort: ConsolePort | undefined,
  live: LiveSource,
): TaskPorts {
  const needGame = (): GameActions => {
    if (!game) throw new NotConfiguredError('game');
    return game;
  };
  return {
    announce: (m) => needGame().announce(m, SYSTEM),
    save: () => needGame().save(SYSTEM),
    countdown: (req) => {
      if (!countdowns) throw new NotConfiguredError('game');
      return countdowns.start(req);
    },
    exec: async (c) => {
      if (!consolePort) throw new NotConfiguredError('rcon');
      // The admin chose this command when making the task: it runs as a confirmed one.
      return (await consolePort.exec(c, SYSTEM, { confirmed: true })).reply;
    },
    playersOnline: () => (live.snapshot().reachable ? live.snapshot().players.length : 0),
  };
}

export async function startServe(opts: ServeOptions): Promise<RunningServer> {
  const { settings, log } = opts;
  const clock = opts.clock ?? systemClock;
  const life = new Lifecycle(log);
  log('info', `settings: ${settingsSummary(settings)}`);
  const store = await openStore(settings.dataDir, clock);
  life.onClose('store', () => store.close());
  life.onClose('activity log', logEvents(store, log));
  const notifier = new Notifier({ store, log, allowPrivate: settings.webhookAllowPrivate, now: clock });
  life.onClose('webhooks', notifier.start());
  try {
    // Sessions left open by a previous run end where their player was last seen; who they were
    // is kept for the poller, so the restart itself logs no leave, join or reachable.
    const resume = resumeState(store);
    store.history.closeOpenSessions();
    // Registered before the pollers, so it runs after they stopped: the next start then closes
    // this run's open sessions where each player was really last seen.
    life.onClose('player sessions', () => store.history.flushLastSeen());

    // Backup operations reach the backup ports made below, once the save folder is known.
    const backupRef: { ports?: BackupPorts } = {};
    const control = await startControlServer(
      settings.dataDir,
      (req) => {
        if (!isBackupOp(req)) return runAdminOp(store, req);
        if (!backupRef.ports) throw new NotConfiguredError('saveFolder');
        return runBackupOp(backupRef.ports, req);
      },
      log,
    );
    life.onClose('control socket', () => new Promise<void>((r) => control.close(() => r())));

    const timers = [
      setInterval(() => {
        try {
          store.flush();
        } catch (err) {
          log('error', 'store flush failed', err);
        }
      }, FLUSH_EVERY_MS),
      setInterval(() => {
        try {
          store.sessions.deleteExpired(clock());
          store.events.prune(clock());
          store.audit.prune(clock());
        } catch (err) {
          log('error', 'housekeeping failed', err);
        }
      }, HOUSEKEEPING_EVERY_MS),
    ];
    for (const t of timers) t.unref();
    life.onClose('timers', () => timers.forEach(clearInterval));

    const feed = new LiveFeed(store.events);
    // The save watcher looks again at once when the game reports another world than before.
    const worldSwitch: { seen: string | null; watcher: SaveWatcher<StoreParseResult> | null } = { seen: null, watcher: null };
    const sink = snapshotSink(store, feed, log);
    const { rest, gameData, client, moderation } = startGameLink(settings, store, clock, life, log, resume, (s) => {
      sink(s);
      const id = s.info?.worldGuid || null;
      if (id && id !== worldSwitch.seen) {
        worldSwitch.seen = id;
        worldSwitch.watcher?.poke();
      }
    });

    const live = createLiveSource(store, clock, rest, gameData);
    let watcher: SaveWatcher<StoreParseResult> | null = null;
    let worldOption: WorldOptionWatch | null = null;
    if (settings.saveDir) {
      // A restore a crash interrupted is finished or undone before anything reads the save.
      // The world followed is the one the game reports running (its REST info), else the only one.
      const folder = new WorldFolder(settings.saveDir, () => live.snapshot().info?.worldGuid || null, log);
      recoverRestore(settings.dataDir, log, folder.resolve().dir);
      // Its WorldOption.sav, which overrides the settings file (the configuration screen and health say so).
      worldOption = new WorldOptionWatch(() => folder.current().dir);
      watcher = new SaveWatcher({
        world: folder,
        intervalMs: settings.saveCheckIntervalMs,
        parse: (dir) => parseForStoreInWorker({ target: dir, dataDir: settings.dataDir, worldFile: store.world.file }, life.signal),
        apply: (out) => applyParse(store, out, log),
        log,
        now: clock,
      });
      watcher.start(life.signal);
      worldSwitch.watcher = watcher;
      const w = watcher;
      life.onClose('save watcher', () => w.idle());
    }

    const backups = watcher ? startBackups(settings, store, clock, log, life, live, client, watcher, opts.env ?? {}) : undefined;
    backupRef.ports = backups;
    // Without RCON there is no console: the panel then answers as for any part not set up.
    const consolePort =
      settings.rconAddr && settings.rconPassword
        ? createConsole(store, {
            addr: settings.rconAddr,
            password: settings.rconPassword,
            secrets: [settings.gameAdminPassword],
            now: clock,
          })
        : undefined;
    if (consolePort) life.onClose('console', () => consolePort.close());
    // Item grants: PalDefender's REST API when a token is configured, its RCON command else.
    const palDefender =
      settings.palDefenderUrl && settings.palDefenderToken
        ? new PalDefenderClient({ baseUrl: settings.palDefenderUrl, token: settings.palDefenderToken })
        : null;
    if (palDefender) life.onClose('paldefender client', () => palDefender.close());
    const gameActions = client ? createGameActions(client, store, clock) : null;
    const countdowns = client ? new Countdowns(client, store, clock, log) : null;
    if (countdowns) life.onClose('countdown', () => countdowns.stop());
    new TaskScheduler(store, taskPorts(gameActions, countdowns, consolePort, live), clock, log).start(life.signal);
    const handler = createHandler({
      backups,
      console: consolePort,
      items: createItemGranter({ store, palDefender, console: consolePort }),
      config: settings.configFile
        ? createConfigEditor(store, settings.configFile, { composeService: settings.configComposeService })
        : undefined,
      worldOption: worldOption ? () => worldOption.report() : undefined,
      store,
      live,
      moderation,
      settings,
      clock,
      log,
      version: opts.version,
      feed,
      web: opts.web !== undefined ? opts.web : loadWebAssets(),
      mapTileUrl: settings.mapTileUrl,
      mapTiles: mapTilesOf(settings.mapTilesDir),
      webhookAllowPrivate: settings.webhookAllowPrivate,
      diagnostics: createDiagnosticsPorts({
        rest,
        gameData,
        save: watcher,
        notifier,
        backupDir: backups ? backupDirOf(settings) : null,
      }),
      server: createPanelPorts({
        dataDir: settings.dataDir,
        clock,
        rest,
        gameData,
        game: gameActions,
        countdown: countdowns,
        world: createWorldJobs(watcher, settings.saveCheckIntervalMs, store),
      }),
    });
    const host = settings.listen.host.includes(':') ? `[${settings.listen.host}]` : settings.listen.host;
    const http = await startHttpServer(handler, { host: settings.listen.host, port: settings.listen.port, log }).catch(
      (err: NodeJS.ErrnoException) => {
        throw new ListenError(`${host}:${settings.listen.port}`, err.code);
      },
    );
    life.onClose('http', () => http.close(DRAIN_MS));
    const url = `http://${host}:${http.port}`;
    opts.ready(`palpanel ${opts.version} listening on ${url}`);
    if (store.users.list().length === 0) log('warn', firstAdminHint(settings.dataDir));
    return { url, store, live, stop: () => life.stop() };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
