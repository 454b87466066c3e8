// The Integration API data the dashboard shows (a subset of the spec's fields).

export interface ServerData {
  name: string;
  description: string;
  version: string;
  state: string;
  uptimeSec: number;
  save: { state: string; formatDrift: boolean; lastParseAt: string | null; players: number; pals: number; guilds: number };
}

export interface MetricsData {
  fps: number;
  fpsAvg: number;
  frameTimeMs: number;
  players: number;
  maxPlayers: number;
  day: number;
  uptimeSec: number;
  baseCamps: number;
}

export interface PlayerRow {
  uid: string;
  name: string;
  level: number;
  guildName?: string;
  playtimeSec: number;
}

export interface PalRow {
  instanceId: string;
  displayName: string;
  level: number;
  placement: string;
  ownerName: string;
  isLucky: boolean;
  isAlpha: boolean;
}

export interface EventRow {
  at: string;
  kind: string;
  message: string;
}

export interface WorldSummaryData {
  state: string;
  capturedAt?: string;
  counts: Record<string, number>;
  activity: Record<string, number>;
  linkedBasePals: number;
}

export interface Problem {
  kind: 'unreachable' | 'rate_limited' | 'error';
  message: string;
  since: number;
}

export interface DashState {
  server?: ServerData;
  metrics?: MetricsData;
  fpsHistory: number[];
  frameHistory: number[];
  players: { rows: PlayerRow[]; page: number; hasNext: boolean };
  pals: { rows: PalRow[]; page: number; hasNext: boolean };
  events: EventRow[];
  world?: WorldSummaryData;
  /** When each route last answered (ms). */
  updatedAt: Record<string, number>;
  problem: Problem | null;
  /** A failure that ends the dashboard (the key was refused). */
  fatal: string | null;
}
