// Test fixtures for the HTTP suites: a deterministic world, a real store on a temp dir, a
// test LiveSource made of plain values, and `send` functions for in-process and socket runs.
import { rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import type { LiveSnapshot, OnlinePlayer } from '../../src/domain/live.js';
import type { WorldGuild, WorldPal, WorldPlayer, WorldSnapshot } from '../../src/domain/world.js';
import { openStore, type Store } from '../../src/store/index.js';
import type { WorldSummary, WorldWorkers } from '../../src/contract/integration-rows.js';
import { EMPTY_LIVE, type LiveSource } from '../../src/poller/live-source.js';
import type { Handler, HttpRequest } from '../../src/http/types.js';
import { createHandler } from '../../src/http/index.js';
import { silentLog } from './silent-log.js';
import { tempDir } from './temp.js';

export { silentLog };

export const HOST_UID = '00000000-0000-0000-0000-000000000001';

export const playerUid = (i: number): string =>
  `${(0x1000 + i).toString(16).toUpperCase().padStart(8, '0')}-0000-4000-8000-${i.toString(16).toUpperCase().padStart(12, '0')}`;
export const palId = (i: number): string =>
  `${i.toString(16).padStart(8, '0')}-aaaa-4bbb-8ccc-${(i * 7919).toString(16).padStart(12, '0').slice(-12)}`;

export interface WorldOptions {
  players?: number;
  pals?: number;
  /** Index offset of pal ids (to build overlapping snapshots for re-parse tests). */
  palIds?: number[];
}

export function makePlayer(i: number): WorldPlayer {
  const p: WorldPlayer = { uid: i === 0 ? HOST_UID : playerUid(i), name: `Player ${i}`, level: 1 + (i % 50) };
  if (i % 3 !== 2) {
    p.guildId = `guild-${i % 3}`;
    p.guildName = `Guild ${i % 3}`;
  }
  if (i % 4 === 1) p.lastOnlineAt = '2026-07-01T12:00:00.000Z';
  if (i % 5 !== 4) {
    p.captureTotal = 10 * i;
    p.uniquePalsCaptured = i;
    p.paldeckUnlocked = i + 1;
  }
  return p;
}

export function makePal(i: number, owner: WorldPlayer): WorldPal {
  const placements = ['party', 'box', 'base', 'unknown'] as const;
  const placement = placements[i % 4];
  const boss = i % 11 === 0;
  return {
    instanceId: palId(i),
    characterId: boss ? 'BOSS_SheepBall' : 'SheepBall',
    displayName: 'Lamball',
    level: 1 + (i % 60),
    isAlpha: boss,
    isLucky: i % 13 === 0,
    inParty: placement === 'party',
    partySlot: placement === 'party' ? i % 5 : null,
    boxPage: placement === 'box' ? i % 32 : null,
    boxSlot: placement === 'box' ? i % 30 : null,
    placement,
    baseId: placement === 'base' ? 'base-a' : null,
    hp: 500 + i,
    gender: i % 2 ? 'female' : 'male',
    rank: i % 7 === 0 ? null : 1 + (i % 5),
    talents: { hp: i % 100, melee: (i * 3) % 100, shot: (i * 5) % 100, defense: (i * 7) % 100 },
    passiveSkillIds: i % 3 === 0 ? [] : ['Rare', 'PAL_ALLAttack_up1'],
    equippedSkillIds: ['EPalWazaID::Unique_SheepBall_Roll'],
    ownerUid: owner.uid,
    ownerName: owner.name,
    ownerSource: 'save',
    ownerResolved: true,
  };
}

export function makeGuilds(players: WorldPlayer[]): WorldGuild[] {
  return [0, 1].map((g) => {
    const members = players.filter((p) => p.guildId === `guild-${g}`);
    return {
      id: `guild-${g}`,
      name: `Guild ${g}`,
      adminUid: members[0]?.uid ?? HOST_UID,
      members: members.map((m) => ({ uid: m.uid, name: m.name })),
      bases:
        g === 0
          ? [
              { id: 'base-a', name: 'Home', location: { x: -321654.02, y: 214182.56 }, level: 12 },
              { id: 'base-b', name: null, location: null, level: 3 },
            ]
          : [],
    };
  });
}

export function makeWorld(opts: WorldOptions = {}): WorldSnapshot {
  const players = Array.from({ length: opts.players ?? 12 }, (_, i) => makePlayer(i));
  const ids = opts.palIds ?? Array.from({ length: opts.pals ?? 40 }, (_, i) => i);
  const pals = ids.map((i) => makePal(i, players[i % players.length]));
  return { players, pals, guilds: makeGuilds(players), formatDrift: false, warnings: [], meta: { container: 'PlZ2', gameVersion: '1.0' } };
}

/** A REST online player for a save uid (playerId: the uid without dashes, lower case). */
export function onlinePlayer(uid: string, name = 'Online'): OnlinePlayer {
  return {
    name,
    accountName: 'steam-account-name',
    playerId: uid.replace(/-/g, '').toLowerCase(),
    userId: 'steam_76561198000000000',
    ip: '203.0.113.7',
    ping: 42,
    level: 10,
    location: { x: 1, y: 2 },
    buildingCount: 3,
  };
}

/** A LiveSource made of plain, mutable values. */
export class TestLive implements LiveSource {
  live: LiveSnapshot = EMPTY_LIVE.snapshot();
  summary: WorldSummary = EMPTY_LIVE.worldSummary();
  workers: WorldWorkers = EMPTY_LIVE.worldWorkers();
  snapshot(): LiveSnapshot {
    return this.live;
  }
  worldSummary(): WorldSummary {
    return this.summary;
  }
  worldWorkers(): WorldWorkers {
    return this.workers;
  }
  setRunning(online: OnlinePlayer[], capturedAt = '2026-07-14T09:30:00.000Z'): void {
    this.live = {
      reachable: true,
      info: { name: 'Test Server', description: 'A test world', version: 'v1.0.2.101103', worldGuid: 'SECRET-WORLD-GUID' },
      metrics: {
        fps: 59.5,
        fpsAvg: 58.25,
        frameTimeMs: 16.8,
        players: online.length,
        maxPlayers: 32,
        day: 12,
        uptimeSec: 3600,
        baseCamps: 2,
      },
      players: online,
      capturedAt,
    };
  }
}

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public ms = Date.parse('2026-07-14T10:00:00.000Z')) {}
  now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TempStore {
  store: Store;
  dir: string;
  cleanup(): void;
}

export async function tempStore(clock?: () => Date): Promise<TempStore> {
  const dir = tempDir('palpanel-http-');
  const store = await openStore(dir, clock);
  return {
    store,
    dir,
    cleanup() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- Sending requests ----

export interface WireRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send exactly `headers`: none of what a browser on the panel's page adds (browserHeaders). */
  bare?: boolean;
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** The Host of a request sent without a socket: the default listen address, which the panel's
 * Host check (issue 37, finding 11) accepts as its own as it does any IP literal. */
export const IN_PROCESS_HOST = '127.0.0.1:8080';

/** The panel page's origin as the browser saw it: through a TLS proxy (which says so) the
 * scheme is https and the host the one the proxy names. */
function pageOrigin(given: Record<string, string>, host = IN_PROCESS_HOST): string {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(given)) h[k.toLowerCase()] = v;
  const tls = /^\s*https\b/i.test(h['x-forwarded-proto'] ?? '') || /proto="?https/i.test(h.forwarded ?? '');
  return `${tls ? 'https' : 'http'}://${h['x-forwarded-host'] ?? h.host ?? host}`;
}

/** What a browser on the panel's own page sends with a request that changes something, unless
 * the test says otherwise: `Origin` (this panel) and, with a body, `Content-Type: application/json`
 * (the web UI's api helper sends JSON; a test of another type or of no Origin says so). */
export function browserHeaders(r: WireRequest, origin: string): Record<string, string> {
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) given[k.toLowerCase()] = v;
  if (r.bare || SAFE_METHODS.includes(r.method)) return given;
  return {
    origin,
    ...(r.body !== undefined && r.body.length > 0 ? { 'content-type': 'application/json' } : {}),
    ...given,
  };
}

export interface WireResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

export type Send = (req: WireRequest) => Promise<WireResponse>;

export function toHttpRequest(r: WireRequest, remoteAddress = '127.0.0.1'): HttpRequest {
  const q = r.path.indexOf('?');
  const headers: Record<string, string> = { host: IN_PROCESS_HOST };
  for (const [k, v] of Object.entries(browserHeaders(r, pageOrigin(r.headers ?? {})))) headers[k] = v;
  return {
    method: r.method,
    path: q < 0 ? r.path : r.path.slice(0, q),
    query: q < 0 ? '' : r.path.slice(q + 1),
    headers,
    body: r.body === undefined ? undefined : Buffer.from(r.body),
    remoteAddress,
    secure: false,
  };
}

/** Calls the handler directly: no socket. */
export function inProcessSend(handle: Handler): Send {
  return async (r) => {
    const res = await handle(toHttpRequest(r));
    const body = res.body === undefined ? '' : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.body;
    return { status: res.status, headers: { ...res.headers }, body };
  };
}

/** Sends over a real socket (node:http with keep-alive), to an in-process server or the executable. */
export function socketSend(baseUrl: string): Send & { close(): void } {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const send = (r: WireRequest) =>
    new Promise<WireResponse>((resolve, reject) => {
      const headers: Record<string, string> = browserHeaders(r, pageOrigin(r.headers ?? {}, url.host));
      if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
      const req = httpRequest({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(r.body);
    });
  return Object.assign(send, { close: () => agent.destroy() });
}

/** The HTTP core over `store` with nothing else set up (no game server, save folder, RCON or
 * deployment file), on the wall clock, with a key budget no walk reaches. */
export function bareHandler(store: Store): Handler {
  return createHandler({
    store,
    live: new TestLive(),
    settings: { integrationRateLimit: 1e9, sessionTtlMs: 3_600_000 },
    clock: () => new Date(),
    log: silentLog,
    version: 't',
  });
}
