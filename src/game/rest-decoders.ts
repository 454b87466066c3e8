// Decoders of the REST API answers (game-interfaces.md §1.1). Tolerant of every documented
// version: fields that older builds lack get neutral values, numbers may come as strings, and
// each string is bounded. Only the shape of the top-level document is required; a document
// that is not even that is `null`, which the client turns into an "unreadable" error.
import type { OnlinePlayer, ServerInfo, ServerMetrics } from '../domain/live.js';
import { asRecord, count, hasNum, num, str } from './coerce.js';
import type { SettingValue } from '../contract/panel/server.js';

/** Upper bound on players decoded from one answer: far above any server's max of 32. */
const MAX_PLAYERS = 1000;
const MAX_SETTINGS = 500;

export function decodeInfo(doc: unknown): ServerInfo | null {
  const o = asRecord(doc);
  if (!o) return null;
  return {
    name: str(o.servername),
    description: str(o.description, 1024),
    version: str(o.version, 64),
    // Added after the early schema; absent → ''.
    worldGuid: str(o.worldguid, 64),
  };
}

/**
 * `playerId` is normalised to 32 upper-case hex digits, or '' when absent or malformed
 * (older builds omit it; players still loading send an empty id).
 */
export function normalisePlayerId(v: unknown): string {
  const s = str(v, 64).trim().toUpperCase();
  return /^[0-9A-F]{32}$/.test(s) ? s : '';
}

export function decodePlayers(doc: unknown): OnlinePlayer[] | null {
  const o = asRecord(doc);
  if (!o || !Array.isArray(o.players)) return null;
  const out: OnlinePlayer[] = [];
  for (const raw of o.players.slice(0, MAX_PLAYERS)) {
    const p = asRecord(raw);
    if (!p) continue;
    const hasLocation = hasNum(p.location_x) && hasNum(p.location_y);
    out.push({
      name: str(p.name),
      accountName: str(p.accountName),
      playerId: normalisePlayerId(p.playerId),
      userId: str(p.userId, 128),
      ip: str(p.ip, 64),
      ping: Math.max(0, num(p.ping)),
      level: count(p.level, 10_000),
      location: hasLocation ? { x: num(p.location_x), y: num(p.location_y) } : null,
      buildingCount: count(p.building_count, 1e9),
    });
  }
  return out;
}

export function decodeMetrics(doc: unknown): ServerMetrics | null {
  const o = asRecord(doc);
  if (!o) return null;
  const fps = Math.max(0, num(o.serverfps));
  return {
    fps,
    // `serverfpsaverage` arrived in 1.0.2; before that the instant value is the best we have.
    fpsAvg: hasNum(o.serverfpsaverage) ? Math.max(0, num(o.serverfpsaverage)) : fps,
    frameTimeMs: Math.max(0, num(o.serverframetime)),
    players: count(o.currentplayernum, 1e6),
    maxPlayers: count(o.maxplayernum, 1e6),
    day: count(o.days, 1e9),
    uptimeSec: count(o.uptime),
    // Omitted when the world has no base (and before it existed): 0.
    baseCamps: count(o.basecampnum, 1e6),
  };
}

export type { SettingValue } from '../contract/panel/server.js';

/** `/settings`: a flat object; nested values other than string arrays are dropped. */
export function decodeSettings(doc: unknown): Record<string, SettingValue> | null {
  const o = asRecord(doc);
  if (!o) return null;
  const out: Record<string, SettingValue> = {};
  let n = 0;
  for (const [key, value] of Object.entries(o)) {
    if (n >= MAX_SETTINGS) break;
    if (!/^[A-Za-z0-9_]{1,64}$/.test(key)) continue;
    if (typeof value === 'string') out[key] = str(value, 1024);
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.slice(0, 64).map((v) => str(v, 128));
    else continue;
    n++;
  }
  return out;
}
