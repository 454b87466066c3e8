// The composition root of `palpanel serve`: opens the store, then starts the parts in order (the
// player sessions, housekeeping, the save pipeline, the game link, backups, the control socket,
// the console and item grants, scheduled tasks, the HTTP server); one shutdown path stops them all.
import { gameWords } from '../actions/game-words/format.js';
import { resolve } from 'node:path';
import type { Settings } from '../config/settings.js';
import { settingsSummary } from '../config/settings.js';
import { createHandler, loadWebAssets, type WebAssets } from '../http/index.js';
import { startHttpServer } from '../http/node-adapter.js';
import { mapTilesOf } from '../http/web/map-tiles.js';
import { LiveFeed } from '../http/stream/feed.js';
import { systemClock, type Clock } from '../lib/time.js';
import { ListenError, NotConfiguredError } from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import type { BackupPorts } from '../backups/types.js';
import { backupDirOf } from '../backups/stack.js';
import { isBackupOp, runBackupOp } from '../backups/ops.js';
import { recoverRestore } from '../backups/restore.js';
import { createConsole } from '../actions/console.js';
import type { ConsolePort } from '../actions/console-port.js';
import { createItemGranter } from '../actions/item-granter.js';
import { TaskScheduler } from '../actions/task-scheduler.js';
import { createGameActions } from '../actions/game-actions.js';
import { Countdowns } from '../actions/countdown.js';
import { RateGate } from '../actions/webhook-rate.js';
import { StatusCards } from '../actions/status-card.js';
import { webhookSend } from '../actions/webhook-send.js';
import { cardFacts, webhookContext } from './status-card-wiring.js';
import { createConfigEditor } from '../actions/config-editor.js';
import { Notifier } from '../actions/notifier.js';
import { PalDefenderClient } from '../game/paldefender-client.js';
import { openStore, type Store } from '../store/index.js';
import { runAdminOp } from '../control/admin-ops.js';
import { startControlServer } from '../control/control-socket.js';
import { createLiveSource, type LiveSource } from '../poller/live-source.js';
import { createWorldJobs } from '../ingest/world-jobs.js';
import { BackgroundItems } from '../ingest/items-reader.js';
import { restoreKeptItems } from '../ingest/kept-items.js';
import { startSavePipeline } from '../ingest/pipeline.js';
import { logEvents } from './activity-log.js';
import { createPanelPorts } from './panel-ports.js';
import { createDiagnosticsPorts } from './diagnostics-links.js';
import { Lifecycle } from './shutdown.js';
import { snapshotSink } from './snapshot-sink.js';
import { resumeState, startGameLink } from './game-link.js';
import { startBackups } from './backup-start.js';
import { taskPorts } from './task-ports.js';
import { PROBE_MS, startOperate } from './operate-start.js';
import { startGameLog, startRestartPolicy } from './game-log-start.js';
import { memoryReadings } from '../domain/resources.js';

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

/** Sessions left open by a previous run end where their player was last seen; who they were is
 * kept for the poller (returned), so the restart itself logs no leave, join or reachable. */
function startSessions(store: Store, life: Lifecycle) {
  const resume = resumeState(store);
  store.history.closeOpenSessions();
  // Registered before the pollers, so it runs after they stopped: the next start then closes
  // this run's open sessions where each player was really last seen.
  life.onClose('player sessions', () => store.history.flushLastSeen());
  return resume;
}

/** The store written to disk every few seconds; expired sessions, old events and audit rows pruned. */
function startHousekeeping(store: Store, clock: Clock, log: Logger, life: Lifecycle): void {
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
}

/** The control socket the CLI's admin and backup commands talk to while palpanel runs. */
async function startControl(dataDir: string, store: Store, backups: BackupPorts | undefined, log: Logger, life: Lifecycle) {
  const control = await startControlServer(
    dataDir,
    (req) => {
      if (!isBackupOp(req)) return runAdminOp(store, req);
      if (!backups) throw new NotConfiguredError('saveFolder');
      return runBackupOp(backups, req);
    },
    log,
  );
  life.onClose('control socket', () => new Promise<void>((r) => control.close(() => r())));
}

/** The console over RCON; without RCON there is none, and the panel answers as for any part not set up. */
function startConsole(settings: Settings, store: Store, clock: Clock, life: Lifecycle, onStopAsked?: () => void): ConsolePort | undefined {
  if (!settings.rconAddr || !settings.rconPassword) return undefined;
  const port = createConsole(store, {
    addr: settings.rconAddr,
    password: settings.rconPassword,
    secrets: [settings.gameAdminPassword],
    now: clock,
    onStopAsked,
  });
  life.onClose('console', () => port.close());
  return port;
}

/** Item grants: PalDefender's REST API when a token is configured, its RCON command else. */
function startItemGrants(settings: Settings, store: Store, consolePort: ConsolePort | undefined, life: Lifecycle) {
  const palDefender =
    settings.palDefenderUrl && settings.palDefenderToken
      ? new PalDefenderClient({ baseUrl: settings.palDefenderUrl, token: settings.palDefenderToken })
      : null;
  if (palDefender) life.onClose('paldefender client', () => palDefender.close());
  return createItemGranter({ store, palDefender, console: consolePort });
}

/** The HTTP server on SERVICE_LISTEN; resolves with its URL once it listens. */
async function startHttp(handler: Parameters<typeof startHttpServer>[0], settings: Settings, log: Logger, life: Lifecycle) {
  const host = settings.listen.host.includes(':') ? `[${settings.listen.host}]` : settings.listen.host;
  const http = await startHttpServer(handler, {
    host: settings.listen.host,
    port: settings.listen.port,
    log,
    trustedProxies: settings.trustedProxies,
  }).catch((err: NodeJS.ErrnoException) => {
    throw new ListenError(`${host}:${settings.listen.port}`, err.code);
  });
  life.onClose('http', () => http.close(DRAIN_MS));
  return `http://${host}:${http.port}`;
}

export async function startServe(opts: ServeOptions): Promise<RunningServer> {
  const { settings, log } = opts;
  const clock = opts.clock ?? systemClock;
  const life = new Lifecycle(log);
  log('info', `settings: ${settingsSummary(settings)}`);
  const store = await openStore(settings.dataDir, clock);
  life.onClose('store', () => store.close());
  // The world restored from the store: its items, when its parse kept them, read in the background.
  const worldItems = new BackgroundItems(store.world, log, life.signal);
  if (restoreKeptItems(store.world)) worldItems.start();
  life.onClose('activity log', logEvents(store, log));
  // The webhooks' messages and status cards share Discord's rate limits per webhook; the
  // templates' server and players come from the live state once the game link is up.
  const gate = new RateGate();
  // The webhooks' default texts and the card speak the server's language (SERVICE_GAME_LANGUAGE).
  const language = settings.gameLanguage;
  let liveNow: LiveSource | null = null;
  const context = webhookContext(() => liveNow);
  const notifier = new Notifier({ store, log, allowPrivate: settings.webhookAllowPrivate, now: clock, gate, context, language });
  life.onClose('webhooks', notifier.start());
  try {
    const resume = startSessions(store, life);
    startHousekeeping(store, clock, log, life);
    const feed = new LiveFeed(store.events);
    const save = startSavePipeline({
      saveDir: settings.saveDir,
      dataDir: settings.dataDir,
      intervalMs: settings.saveCheckIntervalMs,
      store,
      log,
      clock,
      signal: life.signal,
      items: worldItems,
      // A restore a crash interrupted is finished or undone before anything reads the save.
      beforeFirstRead: (dir) => recoverRestore(settings.dataDir, log, dir),
    });
    const { watcher, worldOption } = save;
    const sink = snapshotSink(store, feed, log);
    const gameLog = startGameLog(settings, clock, log, life.signal, opts.env ?? {});
    const operate = startOperate({
      settings,
      store,
      clock,
      log,
      life,
      env: opts.env ?? {},
      logTail: gameLog ? (n) => gameLog.logTail(n) : undefined,
    });
    const stopAsked = () => operate.crashes.stopAsked();
    const game = startGameLink(
      settings,
      store,
      clock,
      life,
      log,
      resume,
      (s) => {
        sink(s);
        save.gameWorld(s.info?.worldGuid || null);
        operate.snapshot(s);
      },
      stopAsked,
    );
    const gameClient = game.client;
    operate.useGame(() => game.rest?.getSnapshot().reachable ?? false, gameClient ? () => gameClient.info({ timeoutMs: PROBE_MS }) : null);
    if (watcher) life.onClose('save watcher', () => watcher.idle());
    const live = createLiveSource(store, clock, game.rest, game.gameData);
    const backups = watcher ? startBackups(settings, store, clock, log, life, live, game.client, watcher, opts.env ?? {}) : undefined;
    await startControl(settings.dataDir, store, backups, log, life);
    const consolePort = startConsole(settings, store, clock, life, stopAsked);
    const items = startItemGrants(settings, store, consolePort, life);
    const gameActions = game.client ? createGameActions(game.client, store, clock) : null;
    const countdowns = game.client ? new Countdowns(game.client, store, clock, log, undefined, gameWords(settings.gameLanguage)) : null;
    if (countdowns) life.onClose('countdown', () => countdowns.stop());
    new TaskScheduler(store, taskPorts(gameActions, countdowns, consolePort, live), clock, log, settings.timezone).start(life.signal);
    startRestartPolicy(settings, store, countdowns, live, memoryReadings(operate.sampler), clock, log, life.signal);
    liveNow = live;
    const cards = new StatusCards({
      store,
      send: webhookSend({ allowPrivate: settings.webhookAllowPrivate }),
      gate,
      facts: cardFacts({ store, live, countdowns, backups, timezone: settings.timezone }),
      clock,
      log,
      language,
    });
    cards.start();
    // Closed before the store: the cards' last edit says palpanel stopped.
    life.onClose('status cards', () => cards.stop());
    const handler = createHandler({
      backups,
      console: consolePort,
      items,
      config: settings.configFile
        ? createConfigEditor(store, settings.configFile, { composeService: settings.configComposeService })
        : undefined,
      worldOption: worldOption ? () => worldOption.report() : undefined,
      store,
      live,
      moderation: game.moderation,
      settings,
      clock,
      log,
      version: opts.version,
      feed,
      web: opts.web !== undefined ? opts.web : loadWebAssets(),
      mapTileUrl: settings.mapTileUrl,
      mapTiles: mapTilesOf(settings.mapTilesDir),
      webhookAllowPrivate: settings.webhookAllowPrivate,
      operate: operate.ports,
      gameLog,
      diagnostics: createDiagnosticsPorts({
        rest: game.rest,
        gameData: game.gameData,
        save: watcher,
        notifier,
        backupDir: backups ? backupDirOf(settings) : null,
      }),
      server: createPanelPorts({
        dataDir: settings.dataDir,
        clock,
        rest: game.rest,
        gameData: game.gameData,
        game: gameActions,
        countdown: countdowns,
        world: createWorldJobs(watcher, settings.saveCheckIntervalMs, store),
      }),
    });
    const url = await startHttp(handler, settings, log, life);
    opts.ready(`palpanel ${opts.version} listening on ${url}`);
    if (store.users.list().length === 0) log('warn', firstAdminHint(settings.dataDir));
    return { url, store, live, stop: () => life.stop() };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
