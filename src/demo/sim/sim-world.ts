// State of the simulated game and the JSON documents its REST routes answer. Both front ends
// (REST and RCON) read and act on this one object, so a kick over RCON shows in `/players`.
import { SimActors } from './sim-actors.js';
import { SimPlayers, type SimPlayer } from './sim-players.js';
import type { SimAdminAction, SimGameDataMode, SimOptions, SimProfile } from './types.js';

export class SimWorld {
  readonly players: SimPlayers;
  readonly actors: SimActors;
  readonly clock: () => number;
  readonly startMs: number;
  readonly serverName: string;
  readonly description: string;
  readonly version: string;
  readonly worldGuid: string;
  profile: SimProfile;
  gameData: SimGameDataMode;
  loading = 0;
  /** RCON on (SimOptions.rcon): the settings answer says so, as the game's does. */
  readonly rconEnabled: boolean;
  readonly actions: SimAdminAction[] = [];
  private readonly activityPeriodMs: number;
  private readonly palBoxes: number;
  private readonly extraSettings: Record<string, unknown>;

  constructor(opts: SimOptions) {
    this.clock = opts.clock ?? Date.now;
    this.startMs = this.clock();
    const seed = opts.seed ?? 1;
    this.players = new SimPlayers(opts.players ?? [], seed, opts.churnPeriodMs ?? 0, this.startMs);
    this.palBoxes = opts.palBoxes ?? 2;
    this.actors = new SimActors(seed, opts.basePals ?? [], this.palBoxes);
    this.activityPeriodMs = Math.max(1, opts.activityPeriodMs ?? 10_000);
    this.serverName = opts.serverName ?? 'Palpanel Sim Server';
    this.description = opts.description ?? 'A simulated Palworld dedicated server';
    this.version = opts.version ?? 'v1.0.3.101283';
    this.worldGuid = ('D81C0A8E' + this.actors.guildId.slice(0, 24)).toUpperCase();
    this.profile = opts.profile ?? '1.0.3';
    this.gameData = opts.gameData ?? 'enabled';
    this.rconEnabled = opts.rcon !== false;
    this.extraSettings = opts.extraSettings ?? {};
  }

  online(): SimPlayer[] {
    return this.players.online(this.clock());
  }

  info(): Record<string, unknown> {
    const doc: Record<string, unknown> = {
      version: this.version,
      servername: this.serverName,
      description: this.description,
    };
    if (this.profile !== 'early') doc.worldguid = this.runningWorldId?.() ?? this.worldGuid;
    return doc;
  }

  playersDoc(): Record<string, unknown> {
    const rich = this.profile !== 'early';
    const rows: Record<string, unknown>[] = this.online().map((p) => {
      const row: Record<string, unknown> = {
        name: p.name,
        playerId: p.playerId,
        userId: p.userId,
        ip: p.ip,
        ping: p.ping,
        location_x: p.x,
        location_y: p.y,
        level: p.level,
      };
      if (rich) Object.assign(row, { accountName: p.accountName, building_count: p.buildings });
      return row;
    });
    // Players still loading: listed with empty ids (pal_api notes).
    for (let i = 0; i < this.loading; i++) {
      rows.push({ name: `Loading ${i + 1}`, playerId: '', userId: '', ip: '', ping: 0, location_x: 0, location_y: 0, level: 0 });
    }
    return { players: rows };
  }

  metricsDoc(): Record<string, unknown> {
    const now = this.clock();
    const uptime = Math.max(0, Math.floor((now - this.startMs) / 1000));
    const fps = 50 + Math.round(10 * Math.abs(Math.sin(now / 7000)));
    const doc: Record<string, unknown> = {
      serverfps: fps,
      currentplayernum: this.online().length + this.loading,
      serverframetime: Math.round(100000 / fps) / 100,
      maxplayernum: 32,
      uptime,
    };
    if (this.profile !== 'early') {
      doc.days = 1 + Math.floor(uptime / 1200);
      // Omitted when there are no bases, as the game does.
      if (this.palBoxes > 0) doc.basecampnum = this.palBoxes;
    }
    if (this.profile === '1.0.3') doc.serverfpsaverage = Math.round((fps - 0.6) * 100) / 100;
    return doc;
  }

  settingsDoc(): Record<string, unknown> {
    return {
      Difficulty: 'None',
      DayTimeSpeedRate: 1,
      NightTimeSpeedRate: 1,
      ExpRate: 1,
      PalCaptureRate: 1,
      PalEggDefaultHatchingTime: 1,
      DeathPenalty: 'Item',
      bEnablePlayerToPlayerDamage: false,
      bIsPvP: false,
      BaseCampWorkerMaxNum: 15,
      GuildPlayerMaxNum: 20,
      ServerPlayerMaxNum: 32,
      ServerName: this.serverName,
      ServerDescription: this.description,
      RESTAPIEnabled: true,
      RESTAPIPort: 8212,
      RCONEnabled: this.rconEnabled,
      RCONPort: 25575,
      bShowPlayerList: true,
      AllowConnectPlatform: 'Steam',
      bIsUseBackupSaveData: true,
      LogFormatType: 'Text',
      CrossplayPlatforms: ['Steam', 'Xbox', 'PS5', 'Mac'],
      ...this.extraSettings,
    };
  }

  gameDataDoc(): Record<string, unknown> {
    const now = this.clock();
    const slot = Math.floor((now - this.startMs) / this.activityPeriodMs);
    const fps = 50 + Math.round(10 * Math.abs(Math.sin(now / 7000)));
    return {
      Time: new Date(now).toISOString().replace('T', ' ').slice(0, 19),
      FPS: fps + 0.71,
      AverageFPS: fps - 0.22,
      InGameTime: '03:36',
      InGameDays: 1 + Math.floor((now - this.startMs) / 1_200_000),
      ActorData: this.actors.build(this.online(), slot),
    };
  }

  sensitiveStrings(): string[] {
    return this.actors.sensitive(this.players.all);
  }

  /** Writes the world save now (set when the sim writes one: SimOptions.save). */
  saveWorld: (() => Promise<unknown>) | null = null;
  /** The world id the game runs (REST info `worldguid`); the save's world when it writes one. */
  runningWorldId: (() => string) | null = null;

  /** Called with every admin action as it is recorded (the server's own reaction to it). */
  onAction: ((a: SimAdminAction) => void) | null = null;

  record(a: SimAdminAction): void {
    this.actions.push(a);
    this.onAction?.(a);
  }

  /** Kick/ban/unban by platform user id; false when no such player exists. */
  moderate(kind: 'kick' | 'ban' | 'unban', userId: string): boolean {
    const p = this.players.byUserId(userId);
    if (!p) return false;
    if (kind === 'kick') this.players.kick(p, this.clock());
    else if (kind === 'ban') this.players.ban(p);
    else this.players.unban(p);
    return true;
  }
}
