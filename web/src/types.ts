// The panel API's shapes as this UI reads them (the server's OpenAPI document, /api/openapi.json,
// is the full statement; only the members the screens use are named here).

export type Role = 'admin' | 'viewer';
export interface Me {
  username: string;
  role: Role;
}

export interface XY {
  x: number;
  y: number;
}

export interface ServerStatus {
  name: string;
  description: string;
  version: string;
  /** `running` or `unreachable` (the spec's); why it is unreachable is the poller's. */
  state: string;
  uptimeSec: number;
  playersOnline: number;
  /** Null until the game has answered once. */
  maxPlayers: number | null;
  worldGuid: string | null;
  panelVersion: string;
  /** The REST poller (`pending`, `running`, `unreachable`, `unauthorized`) and why its last poll
   * failed, in words; null when no game server is configured. */
  poller: { state: string; lastError: string | null } | null;
  saveProblem?: string | null;
  save: { state: string; formatDrift: boolean; lastParseAt: string | null; players: number; pals: number; guilds: number };
}

export interface Metrics {
  fps: number;
  fpsAvg: number;
  frameTimeMs: number;
  players: number;
  maxPlayers: number;
  day: number;
  uptimeSec: number;
  baseCamps: number;
}
export interface MetricsCurrent {
  reachable: boolean;
  capturedAt: string | null;
  metrics: Metrics | null;
}
export interface HistoryPoint {
  at: string;
  players: number;
  fps: number;
  frameTimeMs: number;
  uptimeSec: number;
}

export interface LoggedEvent {
  id: number;
  at: string;
  kind: string;
  message: string;
}

export interface StreamPlayer {
  name: string;
  accountName: string;
  playerId: string;
  userId: string;
  ping: number;
  level: number;
  location: XY | null;
  buildingCount: number;
}

export interface Player {
  uid: string;
  name: string;
  online: boolean;
  level: number;
  guildId?: string;
  guildName?: string;
  firstSeenAt: string;
  lastSeenAt: string;
  playtimeSec: number;
  /** Absent when the save holds no file of this player's own (the figures live there). */
  captureTotal?: number;
  uniquePalsCaptured?: number;
  paldeckUnlocked?: number;
  userId: string | null;
  accountName: string | null;
  ping: number | null;
  location: XY | null;
  banned: boolean;
  whitelisted: boolean;
}

export interface Pal {
  instanceId: string;
  characterId: string;
  displayName: string;
  level: number;
  isAlpha: boolean;
  isLucky: boolean;
  placement: 'party' | 'box' | 'base' | 'unknown';
  baseId: string | null;
  hp: number;
  gender: string;
  rank: number | null;
  talents: { hp: number; melee: number; shot: number; defense: number };
  passiveSkillIds: string[];
  equippedSkillIds: string[];
  ownerUid?: string;
  ownerName?: string;
  ownerSource?: string;
  ownerResolved?: boolean;
}

export interface Base {
  id: string;
  name: string | null;
  location: XY | null;
  level: number;
}
export interface Guild {
  id: string;
  name: string;
  adminUid: string;
  memberCount: number;
  members: { uid: string; name: string }[];
  bases: Base[];
}

export interface PlayerDetail extends Player {
  sessions: { startedAt: string; endedAt: string | null; lastSeenAt: string }[];
  pals: Pal[];
  guild: Guild | null;
}

export interface Whitelist {
  enabled: boolean;
  entries: { id: string; note: string }[];
}
export interface Ban {
  userId: string;
  uid?: string | null;
  name?: string | null;
  reason: string | null;
  bannedAt: string;
  bannedBy: string;
}

export interface Placed {
  world: XY;
  map: XY;
  area: string | null;
}
export interface MapLayer {
  id: string;
  label: string;
  bounds: [[number, number], [number, number]];
}
export interface MapDataset {
  map: { layers: MapLayer[] };
  coordinates: string;
  lastParseAt: string | null;
  capturedAt: string | null;
  tileUrl: string | null;
  layers: {
    bases: ({ id: string; name: string | null; level: number; guildId: string; guildName: string } & Placed)[];
    players: ({ playerId: string; name: string; level: number; guildId: string | null; guildName: string | null } & Placed)[];
  };
}
export interface WorldSnapshot {
  gameData: string;
  capturedAt: string | null;
  playersFrom: string;
  players: ({ name: string; level: number; guildName: string | null } & Placed)[];
  pals: ({ kind: string; name: string; level: number; guildName: string | null; trainerName: string | null } & Placed)[];
  npcs: ({ name: string; level: number } & Placed)[];
  palBoxes: ({ name: string; guildName: string | null } & Placed)[];
  wildPals: number;
}

export interface Backup {
  id: string;
  trigger: 'scheduled' | 'manual' | 'pre-restore' | 'imported';
  createdAt: string;
  sizeBytes: number;
  gameVersion: string | null;
  world: { players: number; pals: number; guilds: number } | null;
  fileCount: number;
  note: string | null;
}
/** POST /backups answers only `id` and `state`; GET /backups/{id} the rest. */
export interface BackupJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  startedAt?: string;
  error?: string | null;
  backup?: Backup | null;
}
export interface BackupStorage {
  bytesUsed: number;
  count: number;
  freeBytes: number | null;
  oldest: string | null;
  newest: string | null;
  oldestAt: string | null;
  newestAt: string | null;
}
export interface BackupSchedule {
  enabled: boolean;
  intervalHours: number;
  retentionDays: number;
}
export interface DryRun {
  files: { added: string[]; removed: string[]; changed: string[] };
  players: { gained: { id: string; name: string }[]; lost: { id: string; name: string }[] };
  pals: { gained: number; lost: number; gainedSample: { id: string; name: string }[]; lostSample: { id: string; name: string }[] };
  guilds: { gained: { id: string; name: string }[]; lost: { id: string; name: string }[] };
}

export interface ConsoleEntry {
  id: number;
  at: string;
  actor: string;
  command: string;
  outcome: string;
  reply: string | null;
}
export interface SavedCommand {
  id: string;
  name: string;
  command: string;
}

export interface ConfigSetting {
  key: string;
  value: string | number | boolean | string[] | null;
  known: boolean;
  /** `float`, `int`, `bool`, `enum`, `string`, `list` or `text`. */
  type: string;
  default: string | null;
  min: number | null;
  max: number | null;
  values: string[] | null;
  description: string | null;
  secret: boolean;
  isSet: boolean | null;
}
export interface ConfigData {
  format: string;
  file: string;
  settings: ConfigSetting[];
}

export interface Capability {
  capable: boolean;
  via: string | null;
  reason: string;
}
export interface Item {
  id: string;
  name: string;
  category: string;
}

export interface TaskRun {
  id: number;
  taskId: string;
  dueAt: string;
  at: string;
  outcome: 'ok' | 'skipped' | 'delayed' | 'failed';
  detail: string;
}
export interface ItemGrant {
  id: number;
  at: string;
  actor: string;
  uid: string;
  userId: string;
  playerName: string;
  items: { itemId: string; count: number }[];
  outcome: 'granted' | 'failed';
  detail: string;
}

export interface Task {
  id: string;
  name: string;
  enabled: boolean;
  schedule: { every: 'interval'; minutes: number } | { every: 'day'; at: string };
  action: { kind: 'restart'; warnMinutes: number; message?: string; whenPlayersOnline?: string } | { kind: 'command'; command: string };
  /** Null while the task is off. */
  nextRunAt: string | null;
}

export interface User {
  username: string;
  role: Role;
  createdAt: string;
}
export interface Session {
  id: string;
  username: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
  current: boolean;
}
export interface KeyRecord {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  outcome: string;
  reason: string | null;
  detail: string | null;
}
