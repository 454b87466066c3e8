// Live state: what the pollers last learned from the game server. The pollers write it; the HTTP
// layer only reads it (the spec: `/server`, `/metrics/current`, `/world/*` never call the game).
// Types, and the value sets the types derive from.
import { type GameDataState, type Activity } from '../contract/vocabulary.js';

/** A player the game's REST API lists as online, decoded tolerantly. Internal: holds fields
 * the Integration API must never show (ip, accountName, userId, ping, location). */
export interface OnlinePlayer {
  name: string;
  accountName: string;
  /** REST `playerId`: 32 hex characters; joins the save uid with dashes removed, ignoring case. */
  playerId: string;
  userId: string;
  ip: string;
  ping: number;
  level: number;
  location: { x: number; y: number } | null;
  buildingCount: number;
}

export interface ServerInfo {
  name: string;
  description: string;
  version: string;
  worldGuid: string;
}

export interface ServerMetrics {
  fps: number;
  fpsAvg: number;
  frameTimeMs: number;
  players: number;
  maxPlayers: number;
  day: number;
  uptimeSec: number;
  baseCamps: number;
}

/** The REST poller's view. `reachable` false means `/server` reports `unreachable`. */
export interface LiveSnapshot {
  reachable: boolean;
  /** Last successful answers; null before the first success. */
  info: ServerInfo | null;
  metrics: ServerMetrics | null;
  players: OnlinePlayer[];
  /** Time of the last successful poll (RFC 3339) or null. */
  capturedAt: string | null;
  /** Time of the last attempt, successful or not (RFC 3339); absent before the first. */
  lastAttemptAt?: string;
  /** Why the game is not being read, while `reachable` is false after a failure: the panel
   * can tell a wrong AdminPassword (`unauthorized`) from a game that is down. */
  problem?: 'unreachable' | 'unauthorized';
}

/** One actor of `/v1/api/game-data`, reduced to what palpanel may use. Runtime ids, names,
 * guilds and locations are dropped by the decoder already, except `instanceId`, which is
 * needed to join a base pal to the save (normalised: lower-case hex, no dashes or braces). */
export interface GameDataActor {
  unitType: string;
  type: string;
  instanceId: string | null;
  level: number;
  hp: number;
  maxHp: number;
  active: boolean;
  activity: Activity;
}

export interface GameDataCache {
  state: GameDataState;
  capturedAt?: string;
  lastAttemptAt?: string;
  fps?: number;
  fpsAvg?: number;
  actors: GameDataActor[];
}
