// Public types of the simulated game server. It stands in for a Palworld dedicated server in
// `palpanel demo` and in tests: the REST API and RCON of game-interfaces.md §1 and §5.1 on
// 127.0.0.1, with fault switches. Answers follow the documented shapes; texts the docs do not
// give (RCON kick/ban answers, error bodies) are plausible stand-ins, marked as such.
import type { SimSaveOptions, SimSaveRecord } from './sim-save.js';

export type { SimSaveOptions, SimSaveRecord };

export interface SimPlayerInput {
  /** The dashed save uid, e.g. `00000000-0000-0000-0000-000000000001`; REST `playerId` is it without dashes, upper-case. */
  uid: string;
  name: string;
  level: number;
  /** Platform user id the REST API lists (default a generated `steam_…`); e.g. `gdk_…`, `ps5_…` for crossplay. */
  userId?: string;
}

export interface SimBasePalInput {
  /** Save pal instance id (any GUID spelling); the sim writes it in the game's spellings. */
  instanceId: string;
  characterId: string;
  level: number;
}

/** Which documented field set the REST answers carry (game-interfaces.md, "Which fields exist"). */
export type SimProfile =
  /** Early schema: no worldguid, days, basecampnum, serverfpsaverage, accountName, building_count; JSON sent as text/plain. */
  | 'early'
  /** 1.0.0/1.0.1: everything but `serverfpsaverage`. */
  | '1.0.1'
  /** 1.0.3: every documented field (default). */
  | '1.0.3';

export type SimMode =
  /** Normal answers. */
  | 'ok'
  /** Listeners closed and open sockets destroyed: connections are refused (REST and RCON). */
  | 'unreachable'
  /** Every REST answer is delayed by the slow delay (headers included). */
  | 'slow'
  /** Headers at once, then the body stalls for the slow delay. */
  | 'slow-body'
  /** 401 with `WWW-Authenticate: Basic realm="Pal"` whatever the password. */
  | 'unauthorized'
  /** 200 with a body that is not JSON. */
  | 'garbage'
  /** 200 whose Content-Length promises more than is sent before the socket is closed. */
  | 'truncated'
  /** 200 with a body of 12 MiB (beyond every client cap). */
  | 'oversized'
  /** 500 with an empty body. */
  | 'server-error';

/** `/v1/api/game-data`: served; 404 `...GameData API is not enabled`; 404 route-not-found (builds before 1.0). */
export type SimGameDataMode = 'enabled' | 'disabled' | 'absent';

export type SimRconFault =
  | 'none'
  /** Replies announce a longer length than they carry, then the connection hangs (as Palworld does). */
  | 'truncate'
  /** The connection is destroyed when a command arrives. */
  | 'drop'
  /** Commands are read but never answered. */
  | 'silent';

export interface SimOptions {
  /** AdminPassword (REST Basic auth and RCON). Default `sim-admin-password`. */
  password?: string;
  players?: SimPlayerInput[];
  basePals?: SimBasePalInput[];
  /** Seed of every generated value (user ids, IPs, schedule). Default 1. */
  seed?: number;
  /**
   * Players come and go: every `churnPeriodMs` each player is online with probability 2/3,
   * decided by the seed. 0 (default) keeps everyone online. `control.setOnline` overrides.
   */
  churnPeriodMs?: number;
  /**
   * A shutdown or stop takes the server away as a real one goes (after `waittime` seconds for a
   * shutdown), and it comes back this much later, as a supervisor (systemd, docker's restart
   * policy) would start it again. Absent: shutdown and stop are only recorded.
   */
  restartAfterMs?: number;
  /** Period of base pal activity changes. Default 10 s. */
  activityPeriodMs?: number;
  /** Number of PalBox actors (= metrics `basecampnum`). Default 2. */
  palBoxes?: number;
  serverName?: string;
  description?: string;
  version?: string;
  profile?: SimProfile;
  gameData?: SimGameDataMode;
  /** Fixed ports (the process sim, process-main.ts); default: any free one. */
  restPort?: number;
  rconPort?: number;
  /** A shutdown or stop ends this process after the game's wait, as the real game does, for
   * its supervisor to start again (process-main.ts); wins over `restartAfterMs`. */
  exitOnShutdown?: (action: 'shutdown' | 'stop', waitMs: number) => void;
  /** Start RCON (default true). */
  rcon?: boolean;
  /** Answer PalDefender's RCON commands (`getrconcmds`, `giveitems`), as a server with the mod
   * does (default false: a vanilla server, which knows neither). */
  palDefender?: boolean;
  /** PalDefender's REST API on a port of its own (sim-paldefender.ts): each token with the
   * permissions it holds, e.g. `{ 'pd-token': ['REST.Items.Give'] }`. Absent: not started. */
  palDefenderRest?: { tokens: Record<string, readonly string[]> };
  /** Delay of the 'slow' modes. Default 30 s (always longer than a client timeout). */
  slowDelayMs?: number;
  /** More members of the `/settings` answer (a build that lists `AdminPassword` there, say). */
  extraSettings?: Record<string, unknown>;
  /** Clock in ms; default Date.now. Drives churn, metrics and activities. */
  clock?: () => number;
  /** Write a world save as the game does (layout, autosave in place, backup copies): see
   * sim-save.ts. Absent: the sim writes no save. */
  save?: SimSaveOptions;
}

/** One admin action the sim received, REST or RCON: lets tests check that a kick really went out. */
export interface SimAdminAction {
  /** `paldefender`: PalDefender's REST API. */
  via: 'rest' | 'rcon' | 'paldefender';
  action: 'announce' | 'kick' | 'ban' | 'unban' | 'save' | 'shutdown' | 'stop' | 'giveitems';
  args: Record<string, string | number>;
}

export interface SimControl {
  /** Resolves once listeners match the mode (closed for 'unreachable', open otherwise). */
  setMode(mode: SimMode): Promise<void>;
  readonly mode: SimMode;
  setGameData(mode: SimGameDataMode): void;
  setProfile(profile: SimProfile): void;
  /** Fixes the online set (dashed save uids); null returns to the seeded schedule. */
  setOnline(uids: string[] | null): void;
  /** Adds players still loading (empty `playerId`, name only) to `/players`. */
  setLoading(count: number): void;
  setRconFault(fault: SimRconFault): void;
  setSlowDelay(ms: number): void;
  /** Dashed uids online now. */
  onlineUids(): string[];
  /**
   * Every identifying string the sim puts in live answers but palpanel must never expose on
   * redacted routes: actor names and nick names, guild names and ids, trainer names, IPs,
   * platform user ids, runtime actor ids.
   */
  sensitiveStrings(): string[];
  /** Admin actions received so far, oldest first. */
  adminActions(): SimAdminAction[];
  /** REST requests served so far per path, e.g. `{'/v1/api/info': 3}`. */
  requestCounts(): Record<string, number>;
  /** With `save`: the saves finished so far, oldest first. */
  saves(): SimSaveRecord[];
  /** With `save`: saves the world now (as REST `save` does); resolves when it is on disk. */
  saveNow(): Promise<SimSaveRecord>;
  /** With `save`: the game switches to another world (its folder appears at its first save). */
  switchWorld(id: string): Promise<void>;
  /** With `save`: the folder of the world the game runs now. */
  worldDir(): string;
}

export interface SimGameServer {
  /** e.g. `http://127.0.0.1:40123` */
  restUrl: string;
  /** `127.0.0.1:40124` (SERVICE_RCON_ADDR form); '' when RCON is off. */
  rconAddr: string;
  /** PalDefender's REST API, e.g. `http://127.0.0.1:40125` (SERVICE_PALDEFENDER_URL); '' when off. */
  palDefenderUrl: string;
  password: string;
  control: SimControl;
  close(): Promise<void>;
}
