// The one typed Settings object (interface.md, Settings). Flags win over SERVICE_* variables,
// which win over the documented defaults. Nothing else in palpanel reads process.env: the CLI
// passes the environment in here once.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import {
  duration,
  interval,
  hostPort,
  httpUrl,
  positiveInt,
  nonEmpty,
  publicOrigin,
  proxyList,
  commandLine,
  composeService,
  tileTemplate,
  onOff,
  type HostPort,
} from './setting-values.js';

export { MAX_TIMER_MS, onOff, parseHostPort, type HostPort } from './setting-values.js';
import { OPERATE_DEFS, type OperateSettings } from './operate-settings.js';
export type { MemoryBound, QuietWindow } from './operate-settings.js';

export interface Settings extends OperateSettings {
  listen: HostPort;
  dataDir: string;
  saveDir: string | null;
  saveCheckIntervalMs: number;
  gameRestUrl: string | null;
  gameAdminPassword: string | null;
  pollIntervalMs: number;
  gameData: boolean;
  gameDataIntervalMs: number;
  rconAddr: HostPort | null;
  rconPassword: string | null;
  /** PalDefender's REST API (item grants), e.g. `http://127.0.0.1:17993`; null: not used. */
  palDefenderUrl: string | null;
  /** A token PalDefender reads from its `RESTAPI/Tokens/`; needed with `palDefenderUrl`. */
  palDefenderToken: string | null;
  integrationRateLimit: number;
  sessionTtlMs: number;
  /** Who must sign in with a second factor: nobody, admins, or moderators and admins. */
  require2fa: 'off' | 'admins' | 'moderators';
  logFormat: 'text' | 'json';
  /** Where backups are kept; null: `<data-dir>/backups`. */
  backupDir: string | null;
  /** The off-site copy command as argv (run without a shell after each backup); null: none. */
  backupCopyCommand: readonly string[] | null;
  /** How long one copy may run before it is killed. */
  backupCopyTimeoutMs: number;
  /** The game's PalWorldSettings.ini, palworld-server-docker's env file, or a compose file; null: none. */
  configFile: string | null;
  /** The compose service whose `environment:` block the editor edits; null: found (the only one
   * with palworld-server-docker variables, else `palworld`). */
  configComposeService: string | null;
  /** A map tile URL template ({z}/{x}/{y}) the live map draws under its grid; null: none. */
  mapTileUrl: string | null;
  /** A folder of the host's own map tiles, `{z}/{x}/{y}.png` (or .webp, .jpg), that palpanel
   * serves at /map-tiles/ (map-tiles.ts); null: none. Wins over `mapTileUrl`. */
  mapTilesDir: string | null;
  /** The address users open (`https://panel.example.org`, an origin); null: none beside the
   * address palpanel listens on. */
  publicUrl: string | null;
  /** Addresses and CIDRs of reverse proxies whose X-Forwarded-* headers are believed; null: none. */
  trustedProxies: readonly string[] | null;
  /** Webhooks may go to loopback, link-local and private addresses (default: refused). */
  webhookAllowPrivate: boolean;
  /** The off-site check: a command (argv, run without a shell) that fetches a backup's copy back
   * into PALPANEL_CHECK_DIR; null: no checks. */
  backupCheckCommand: readonly string[] | null;
  /** How long one fetch may run before it is killed. */
  backupCheckTimeoutMs: number;
  /** The game's process: its name as /proc/<pid>/comm shows it, or a pid file's path (starts
   * with /); null: not watched (its figures are "not visible"). */
  gameProcess: string | null;
  /** The command Start runs on a stopped game (argv, no shell); null: no Start. */
  gameStartCommand: readonly string[] | null;
  /** How long the game may stay down after a crash before the diagnostics call it failing. */
  gameDownBoundMs: number;
}

/** A setting with an invalid value: start-up stops with exit 2 and this message. */
export class SettingsError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** One row per setting: its variable, its flag (serve only), its default, and its parser. */
interface SettingDef<T> {
  env: string;
  flag?: string;
  def: string | null;
  schema: z.ZodType<T>;
  hint: string;
  /** Passwords: the error message names the setting but never repeats its value. */
  secret?: boolean;
}

const DEFS = {
  listen: {
    env: 'SERVICE_LISTEN',
    flag: 'listen',
    def: '127.0.0.1:8080',
    schema: hostPort,
    hint: 'host:port, e.g. 127.0.0.1:8080 (port 0 picks a free port)',
  },
  dataDir: { env: 'SERVICE_DATA_DIR', flag: 'dataDir', def: './palpanel-data', schema: nonEmpty, hint: 'a folder path' },
  saveDir: { env: 'SERVICE_SAVE_DIR', flag: 'saveDir', def: null, schema: nonEmpty, hint: 'a folder path' },
  saveCheckIntervalMs: {
    env: 'SERVICE_SAVE_CHECK_INTERVAL',
    def: '30s',
    schema: interval,
    hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d',
  },
  gameRestUrl: {
    env: 'SERVICE_GAME_REST_URL',
    flag: 'gameUrl',
    def: null,
    schema: httpUrl,
    hint: 'an http(s) URL such as http://127.0.0.1:8212',
  },
  gameAdminPassword: { env: 'SERVICE_GAME_ADMIN_PASSWORD', def: null, schema: nonEmpty, hint: 'the game AdminPassword', secret: true },
  pollIntervalMs: { env: 'SERVICE_POLL_INTERVAL', def: '5s', schema: interval, hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d' },
  gameData: { env: 'SERVICE_GAME_DATA', def: 'off', schema: onOff, hint: 'on or off (also true/false, 1/0, yes/no)' },
  gameDataIntervalMs: {
    env: 'SERVICE_GAME_DATA_INTERVAL',
    def: '15s',
    schema: interval,
    hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d',
  },
  rconAddr: { env: 'SERVICE_RCON_ADDR', def: null, schema: hostPort, hint: 'host:port, e.g. 127.0.0.1:25575' },
  rconPassword: { env: 'SERVICE_RCON_PASSWORD', def: null, schema: nonEmpty, hint: 'the RCON password', secret: true },
  palDefenderUrl: {
    env: 'SERVICE_PALDEFENDER_URL',
    def: null,
    schema: httpUrl,
    hint: "the http(s) URL of PalDefender's REST API, e.g. http://127.0.0.1:17993 (item grants; with SERVICE_PALDEFENDER_TOKEN)",
  },
  palDefenderToken: {
    env: 'SERVICE_PALDEFENDER_TOKEN',
    def: null,
    schema: nonEmpty,
    hint: "a token from PalDefender's RESTAPI/Tokens folder with the permission REST.Items.Give (with SERVICE_PALDEFENDER_URL)",
    secret: true,
  },
  integrationRateLimit: {
    env: 'SERVICE_INTEGRATION_RATE_LIMIT',
    def: '60',
    schema: positiveInt,
    hint: 'a positive whole number of requests per minute',
  },
  sessionTtlMs: { env: 'SERVICE_SESSION_TTL', def: '7d', schema: duration, hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d' },
  require2fa: {
    env: 'SERVICE_REQUIRE_2FA',
    def: 'off',
    schema: z.enum(['off', 'admins', 'moderators']),
    hint: '"off", "admins", or "moderators" (moderators and admins)',
  },
  logFormat: { env: 'SERVICE_LOG_FORMAT', def: 'text', schema: z.enum(['text', 'json']), hint: '"text" or "json"' },
  backupDir: { env: 'SERVICE_BACKUP_DIR', def: null, schema: nonEmpty, hint: 'a folder path (default: <data-dir>/backups)' },
  backupCopyCommand: {
    env: 'SERVICE_BACKUP_COPY_COMMAND',
    def: null,
    schema: commandLine,
    hint: 'a program and its arguments, separated by spaces ("quotes" around a word with spaces), run without a shell after each backup, e.g. /opt/palpanel/backup-copy/rclone.sh',
  },
  backupCopyTimeoutMs: {
    env: 'SERVICE_BACKUP_COPY_TIMEOUT',
    def: '30m',
    schema: interval,
    hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d: a copy running longer is killed',
  },
  configFile: {
    env: 'SERVICE_CONFIG_FILE',
    def: null,
    schema: nonEmpty,
    hint: "a file path: the game's PalWorldSettings.ini, palworld-server-docker's env file, or a docker compose file",
  },
  configComposeService: {
    env: 'SERVICE_CONFIG_COMPOSE_SERVICE',
    def: null,
    schema: composeService,
    hint: 'the name of a service of the compose file SERVICE_CONFIG_FILE names (letters, digits, ., _ and -)',
  },
  mapTileUrl: {
    env: 'SERVICE_MAP_TILE_URL',
    def: null,
    schema: tileTemplate,
    hint: 'an http(s) URL template with {z}, {x} and {y}, e.g. https://tiles.example/{z}/{x}/{y}.png',
  },
  mapTilesDir: {
    env: 'SERVICE_MAP_TILES_DIR',
    def: null,
    schema: nonEmpty,
    hint: 'a folder path holding {z}/{x}/{y}.png (or .webp, .jpg) map tiles',
  },
  publicUrl: {
    env: 'SERVICE_PUBLIC_URL',
    def: null,
    schema: publicOrigin,
    hint: 'the address users open: scheme, host and port, e.g. https://panel.example.org',
  },
  trustedProxies: {
    env: 'SERVICE_TRUSTED_PROXIES',
    def: null,
    schema: proxyList,
    hint: 'comma-separated addresses or CIDRs of your reverse proxies, e.g. 127.0.0.1,10.0.0.0/8',
  },
  webhookAllowPrivate: {
    env: 'SERVICE_WEBHOOK_ALLOW_PRIVATE',
    def: 'off',
    schema: onOff,
    hint: 'on or off (also true/false, 1/0, yes/no): webhooks may go to loopback, link-local and private addresses',
  },
  backupCheckCommand: {
    env: 'SERVICE_BACKUP_CHECK_COMMAND',
    def: null,
    schema: commandLine,
    hint: 'a program and its arguments, separated by spaces ("quotes" around a word with spaces), run without a shell to fetch a backup\'s off-site copy into PALPANEL_CHECK_DIR, e.g. /opt/palpanel/backup-check.sh',
  },
  backupCheckTimeoutMs: {
    env: 'SERVICE_BACKUP_CHECK_TIMEOUT',
    def: '30m',
    schema: interval,
    hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d: a fetch running longer is killed',
  },
  gameProcess: {
    env: 'SERVICE_GAME_PROCESS',
    def: null,
    schema: nonEmpty,
    hint: "the game's process name as /proc/<pid>/comm shows it (e.g. PalServer-Linux), or the path of a pid file",
  },
  gameStartCommand: {
    env: 'SERVICE_GAME_START_COMMAND',
    def: null,
    schema: commandLine,
    hint: 'a program and its arguments, separated by spaces ("quotes" around a word with spaces), run without a shell when an admin starts a stopped game, e.g. /usr/bin/sudo -n /usr/bin/systemctl start palworld',
  },
  gameDownBoundMs: {
    env: 'SERVICE_GAME_DOWN_BOUND',
    def: '5m',
    schema: interval,
    hint: 'a duration such as 250ms, 5s, 2m, 1h or 7d: a game down this long after a crash is failing in the diagnostics',
  },
  ...OPERATE_DEFS,
} satisfies { [K in keyof Settings]: SettingDef<unknown> };

export type SettingFlags = Partial<Record<keyof Settings, string | undefined>>;
export type Env = Record<string, string | undefined>;

function resolveOne<K extends keyof Settings>(key: K, env: Env, flags: SettingFlags): Settings[K] {
  const def = DEFS[key] as unknown as SettingDef<Settings[K]>;
  const fromFlag = flags[key];
  const fromEnv = env[def.env];
  // An empty variable counts as unset only for settings without a default (SERVICE_SAVE_DIR=).
  const raw = fromFlag ?? (fromEnv === '' && def.def === null ? undefined : fromEnv) ?? def.def;
  if (raw === null) return null as Settings[K];
  const parsed = def.schema.safeParse(raw);
  if (!parsed.success) {
    const name = fromFlag !== undefined && def.flag ? `--${kebab(def.flag)} (${def.env})` : def.env;
    const shown = def.secret ? '' : ` ${JSON.stringify(raw.length > 200 ? raw.slice(0, 200) + '…' : raw)}`;
    // A value of the right form refused for what it means (a grammar's issue marked `sayWhy`)
    // says why after the expected form.
    const why = parsed.error.issues.find((i) => i.code === 'custom' && i.params?.sayWhy === true);
    const reason = why ? ` Refused: ${why.message}.` : '';
    throw new SettingsError(def.env, `Invalid value${shown} for ${name}: expected ${def.hint}.${reason}`);
  }
  return parsed.data;
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Builds and validates every setting. Throws SettingsError naming the first bad one. */
export function loadSettings(env: Env, flags: SettingFlags = {}): Settings {
  const out = {} as Record<keyof Settings, unknown>;
  for (const key of Object.keys(DEFS) as (keyof Settings)[]) out[key] = resolveOne(key, env, flags);
  const s = out as unknown as Settings;
  // PalDefender's REST API takes both or neither: one alone is a half-done set-up, said at once.
  if ((s.palDefenderUrl === null) !== (s.palDefenderToken === null)) {
    const missing = s.palDefenderUrl === null ? DEFS.palDefenderUrl : DEFS.palDefenderToken;
    const given = s.palDefenderUrl === null ? DEFS.palDefenderToken : DEFS.palDefenderUrl;
    throw new SettingsError(missing.env, `${given.env} is set but ${missing.env} is not: set both (expected ${missing.hint}).`);
  }
  if (s.gameLog !== null && s.gameLogCommand !== null)
    throw new SettingsError(
      DEFS.gameLogCommand.env,
      `${DEFS.gameLog.env} and ${DEFS.gameLogCommand.env} are both set: the log is followed from one, set only one.`,
    );
  return s;
}

/** Only the data dir: commands such as `keys` must not fail on an unrelated bad setting.
 * A data dir named by --data-dir or SERVICE_DATA_DIR may be made; the default only serves when it
 * already exists, or a key or user would land in a folder no server reads (interface.md, "Bounds":
 * under systemd the real data dir is in the unit). */
export function loadDataDir(env: Env, flag?: string): string {
  const dir = resolveOne('dataDir', env, { dataDir: flag });
  if (flag === undefined && env[DEFS.dataDir.env] === undefined && !existsSync(dir)) {
    throw new SettingsError(
      DEFS.dataDir.env,
      `No data dir named, and ${DEFS.dataDir.def} does not exist in ${process.cwd()}: ` +
        `name the panel's data dir with --data-dir <dir> or ${DEFS.dataDir.env} (under systemd, the one in the unit's Environment=).`,
    );
  }
  return dir;
}

/** Only the listen address: `palpanel healthcheck` asks the server where serve listens. */
export function loadListen(env: Env, flag?: string): HostPort {
  return resolveOne('listen', env, { listen: flag });
}

export const SETTINGS_TABLE = Object.entries(DEFS).map(([key, d]) => ({
  key,
  env: d.env,
  flag: 'flag' in d ? `--${kebab(d.flag)}` : undefined,
  def: d.def,
  hint: d.hint,
}));

/** The settings in force as one log line (`SERVICE_X=value ...`); passwords shown only as set
 * or unset, never their value. */
export function settingsSummary(s: Settings): string {
  const parts: string[] = [];
  for (const key of Object.keys(DEFS) as (keyof Settings)[]) {
    const def = DEFS[key] as SettingDef<unknown>;
    const v = s[key];
    let shown: string;
    if (v === null) shown = '(unset)';
    else if (def.secret) shown = '(set)';
    else if (key === 'backupCopyCommand' || key === 'backupCheckCommand' || key === 'gameLogCommand')
      shown = JSON.stringify((v as string[]).join(' '));
    else if (Array.isArray(v)) shown = v.join(',');
    else if (key === 'restartMemory')
      shown = 'percent' in (v as object) ? `${(v as { percent: number }).percent}%` : `${(v as { bytes: number }).bytes}B`;
    else if (key === 'restartQuietWindow') shown = (v as { text: string }).text;
    else if (typeof v === 'object') shown = `${(v as HostPort).host}:${(v as HostPort).port}`;
    else if (typeof v === 'boolean') shown = v ? 'on' : 'off';
    else if (key.endsWith('Ms')) shown = `${v as number}ms`;
    else shown = String(v);
    parts.push(`${def.env}=${shown}`);
  }
  return parts.join(' ');
}
