// The fully wired server of the recording: `serve` itself in-process, as test/helpers/live-serve.ts
// startLiveServe makes it (a copy of the v0.1 co-op save, the simulated game server, game data
// on), plus what that helper leaves out: RCON (with PalDefender, so console and item grants
// answer), a PalWorldSettings.ini for the config editor, and backups (on, from the save folder).
// Polls run once at start (1 h intervals), so nothing changes behind the walk's back: every
// answer follows from the requests before it. The simulated game's own clock stands still but
// when the walk moves it (its fps, uptime, days and kicks follow it): the game is the test's
// stand-in, not the code under test.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { liveSettings } from '../helpers/live-serve.js';

export const HOST_UID = '00000000-0000-0000-0000-000000000001';
/** The simulated game's time: fixed, moved only by the walk (advanceGame). */
const SIM_START = Date.parse('2026-07-14T12:00:00.000Z');

/** As the game writes it (shortened), with a key a later game version may add. */
const INI =
  '[/Script/Pal.PalGameWorldSettings]\r\n' +
  'OptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,NightTimeSpeedRate=1.000000,ExpRate=1.000000,PalCaptureRate=1.000000,' +
  'DeathPenalty=All,bEnablePlayerToPlayerDamage=False,bIsPvP=False,BaseCampWorkerMaxNum=15,GuildPlayerMaxNum=20,ServerPlayerMaxNum=32,' +
  'ServerName="Recorder Server",ServerDescription="",AdminPassword="s3cret-admin",ServerPassword="",PublicPort=8211,' +
  'RCONEnabled=True,RCONPort=25575,RESTAPIEnabled=True,RESTAPIPort=8212,CrossplayPlatforms=(Steam,Xbox,PS5,Mac),' +
  'bFutureFlag=True,SomeFutureText="a, b (c)")\r\n';

export interface WiredServe {
  sim: SimGameServer;
  server: RunningServer;
  /** An Integration API key made through the store. */
  key: string;
  /** `host:port` strings of the sockets this run opened (the panel, the game's REST and RCON). */
  addresses: string[];
  /** Moves the simulated game's clock on (a kicked player comes back after a minute). */
  advanceGame(ms: number): void;
}

export async function startWiredServe(cleanup: (() => Promise<void> | void)[]): Promise<WiredServe> {
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
  const configFile = join(tempDir('palpanel-config-'), 'PalWorldSettings.ini');
  writeFileSync(configFile, INI);
  let simNow = SIM_START;
  const sim = await startSimGameServer({
    churnPeriodMs: 0,
    palDefender: true,
    clock: () => simNow,
    players: [{ uid: HOST_UID, name: 'Host', level: 10 }],
  });
  cleanup.push(() => sim.close());
  sim.control.setOnline([HOST_UID]);
  const settings = liveSettings(saveDir, sim, {
    SERVICE_POLL_INTERVAL: '1h',
    SERVICE_GAME_DATA: 'on',
    SERVICE_GAME_DATA_INTERVAL: '1h',
    SERVICE_RCON_ADDR: sim.rconAddr,
    SERVICE_RCON_PASSWORD: sim.password,
    SERVICE_CONFIG_FILE: configFile,
    SERVICE_INTEGRATION_RATE_LIMIT: '1000000',
  });
  const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'recorder', ready: () => {} });
  cleanup.push(() => server.stop());
  const { key } = server.store.keys.create('recorder', 'cli');
  return {
    sim,
    server,
    key,
    addresses: [new URL(server.url).host, new URL(sim.restUrl).host, sim.rconAddr],
    advanceGame: (ms) => void (simNow += ms),
  };
}
