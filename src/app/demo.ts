// `palpanel demo`: a newcomer's first minute. Writes a synthetic world save, starts the built-in
// simulated game server against it, runs `serve` with the live game-data poller on, creates an
// admin login and a key, and prints how to try every route. The generated world goes when the
// demo stops (or fails to start): it is the demo's scratch, not the host's data.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSettings, type Settings } from '../config/settings.js';
import { startSimGameServer } from '../demo/sim/index.js';
import { SimLog } from '../demo/sim/sim-log.js';
import { generateSyntheticWorld } from '../demo/world-gen/index.js';
import { SYSTEM } from '../domain/actor.js';
import { defaultIni } from '../game-config/config-file.js';
import type { Logger } from '../lib/logger.js';
import { startServe, type RunningServer } from './serve.js';

export interface DemoOptions {
  dataDir: string;
  listen: string;
  seed: number;
  players: number;
  pals: number;
  env: Record<string, string | undefined>;
  log: Logger;
  version: string;
  print: (text: string) => void;
  /** Aborts the wait for live data (SIGTERM during start-up). */
  signal?: AbortSignal;
  /** Said after the data dir in the printout, e.g. that it is removed on exit. */
  dataDirNote?: string;
}

export interface RunningDemo {
  server: RunningServer;
  key: string;
  adminPassword: string;
  /** Stops serve and the simulated game, then removes the generated world. */
  stop(): Promise<void>;
}

/** The demo's game folder (the game's `Saved`): the simulated game writes its world below it,
 * in `SaveGames/0/<world id>/`; removed by stop(). */
export function demoSaveDir(dataDir: string): string {
  return join(dataDir, 'demo-save');
}

function removeWorld(saveDir: string): void {
  rmSync(saveDir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Demo polling is brisk so that the first minute shows movement. The save check keeps its
 * default: the simulated game autosaves every 30 s as the real one does, and the demo shows
 * palpanel following it at the defaults a host runs.
 */
const DEMO_INTERVALS = {
  SERVICE_POLL_INTERVAL: '1s',
  SERVICE_GAME_DATA_INTERVAL: '2s',
};

/**
 * A newcomer tries every route by hand and runs the dashboard on the same key: 60 a minute
 * (the serve default) runs out in seconds of that. SERVICE_INTEGRATION_RATE_LIMIT still wins.
 */
const DEMO_RATE_LIMIT = '600';

/**
 * The ready line and the key are printed only once every route has live data: the first parse
 * landed, the game answered a poll and its game data is ready (about a second after listening).
 * Whoever acts on the printed key then never sees a half-started demo. A world too big to parse
 * in this time is announced anyway; its routes fill in when the parse lands.
 */
const LIVE_WAIT_MS = 20_000;

export async function startDemo(opts: DemoOptions): Promise<RunningDemo> {
  const saveDir = demoSaveDir(opts.dataDir);
  try {
    return await runDemo(opts, saveDir);
  } catch (err) {
    removeWorld(saveDir);
    throw err;
  }
}

async function runDemo(opts: DemoOptions, saveDir: string): Promise<RunningDemo> {
  mkdirSync(saveDir, { recursive: true });
  // Day 1 at start; each autosave of the simulated game advances it. With items, so the panel's
  // inventories, base containers and item search have something to show.
  const shape = { seed: opts.seed, players: opts.players, pals: opts.pals, day: 1, items: true };
  const world = generateSyntheticWorld(shape);

  const password = randomBytes(12).toString('base64url');
  const description = 'A simulated Palworld server for the palpanel demo';
  const sim = await startSimGameServer({
    // With PalDefender, so the demo shows item grants too: over its REST API (RCON stays on for
    // the console).
    palDefender: true,
    palDefenderRest: { tokens: { [password]: ['REST.Items.Give'] } },
    password,
    seed: opts.seed,
    serverName: 'palpanel demo server',
    description,
    players: world.expected.players.map((p) => ({ uid: p.uid, name: p.name, level: p.level })),
    basePals: world.expected.pals
      .filter((p) => p.placement === 'base')
      .map((p) => ({ instanceId: p.instanceId, characterId: p.characterId, level: p.level })),
    churnPeriodMs: 20_000,
    // A restore from the web UI may stop the game: it comes back 20 s later, as under systemd.
    restartAfterMs: 20_000,
    activityPeriodMs: 5_000,
    // The world save as the game writes it: autosaved every 30 s, in place, in the game's layout.
    save: { savedDir: saveDir, world: shape, first: world },
  });

  let server: RunningServer;
  let readyLine = '';
  let settings: Settings;
  // A settings file for the configuration editor to show, where the game keeps it (removed
  // with the world).
  const configFile = join(saveDir, 'Config', 'LinuxServer', 'PalWorldSettings.ini');
  mkdirSync(dirname(configFile), { recursive: true });
  writeFileSync(
    configFile,
    // As the simulated game runs: the configuration screen shows what an edit leaves waiting.
    defaultIni({
      ServerName: 'palpanel demo server',
      ServerDescription: description,
      RCONEnabled: 'True',
      RESTAPIEnabled: 'True',
      AdminPassword: password,
    }),
  );
  // The game's log as a real server writes it, followed by the Game log screen (SERVICE_GAME_LOG).
  const gameLogFile = join(saveDir, 'Logs', 'PalServer.log');
  mkdirSync(dirname(gameLogFile), { recursive: true });
  const simLog = new SimLog(gameLogFile);
  simLog.started(opts.version, Number(new URL(sim.restUrl).port));
  const logTick = setInterval(() => simLog.tick(sim.control.onlineUids().length, process.memoryUsage().rss), 10_000);
  logTick.unref();
  try {
    settings = loadSettings(
      {
        SERVICE_INTEGRATION_RATE_LIMIT: DEMO_RATE_LIMIT,
        ...opts.env,
        ...DEMO_INTERVALS,
        SERVICE_GAME_DATA: 'on',
        SERVICE_GAME_ADMIN_PASSWORD: password,
        SERVICE_RCON_ADDR: sim.rconAddr,
        SERVICE_RCON_PASSWORD: password,
        SERVICE_PALDEFENDER_URL: sim.palDefenderUrl,
        SERVICE_PALDEFENDER_TOKEN: password,
        SERVICE_CONFIG_FILE: configFile,
        // A log command the host set for the demo wins (both at once are refused).
        ...(opts.env.SERVICE_GAME_LOG_COMMAND ? {} : { SERVICE_GAME_LOG: gameLogFile }),
      },
      { dataDir: opts.dataDir, listen: opts.listen, saveDir, gameRestUrl: sim.restUrl },
    );
    server = await startServe({ settings, log: opts.log, version: opts.version, env: opts.env, ready: (line) => void (readyLine = line) });
  } catch (err) {
    clearInterval(logTick);
    await sim.close();
    throw err;
  }

  const stop = async (): Promise<void> => {
    try {
      clearInterval(logTick);
      await server.stop();
      await sim.close();
    } finally {
      removeWorld(saveDir);
    }
  };
  let adminPassword: string;
  let key: string;
  let live: boolean;
  try {
    // A demo data dir reused from an earlier run keeps its admin password.
    const existing = server.store.users.get('admin');
    adminPassword = existing ? '(as set in an earlier run)' : randomBytes(12).toString('base64url');
    if (!existing) server.store.users.add('admin', 'admin', adminPassword, SYSTEM); // palpanel itself sets the demo up: the audit log names the actor `system`
    key = server.store.keys.create(`demo ${new Date().toISOString()}`, SYSTEM).key;
    live = await untilLive(server, LIVE_WAIT_MS, opts.signal);
  } catch (err) {
    await stop();
    throw err;
  }
  const base = `${server.url}/api/integration/v1`;
  if (!live && !opts.signal?.aborted) {
    opts.log('warn', 'the demo world is still being read; its routes fill in as soon as the parse lands');
  }
  // Stopped while starting: nothing to announce.
  if (!opts.signal?.aborted)
    opts.print(
      [
        readyLine,
        '',
        `palpanel demo: ${world.expected.players.length} players, ${world.expected.pals.length} pals, ${world.expected.guilds.length} guilds`,
        `  panel URL     ${server.url}`,
        `  data dir      ${opts.dataDir}${opts.dataDirNote ? ` ${opts.dataDirNote}` : ''}`,
        `  admin login   admin / ${adminPassword}`,
        `  API key       ${key}`,
        `  rate limit    ${settings.integrationRateLimit} requests per minute per key`,
        '',
        'Try:',
        `  curl -H 'Authorization: Bearer ${key}' ${base}/server`,
        `  curl -H 'Authorization: Bearer ${key}' '${base}/players?online=true'`,
        `  curl -H 'Authorization: Bearer ${key}' '${base}/pals?limit=5'`,
        `  palpanel dash --url ${server.url} --key ${key}`,
        '',
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  return {
    server,
    key,
    adminPassword,
    stop,
  };
}

/** Resolves true once every route has live data, false at the time limit or on abort. */
async function untilLive(server: RunningServer, limitMs: number, signal?: AbortSignal): Promise<boolean> {
  const until = Date.now() + limitMs;
  for (;;) {
    if (
      server.store.world.parseInfo().lastParseAt !== null &&
      server.live.snapshot().reachable &&
      server.live.worldSummary().state === 'ready'
    ) {
      return true;
    }
    if (signal?.aborted || Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}
