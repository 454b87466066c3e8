// The simulated players: their generated live fields (platform user id, IP, ping, position)
// and who is online when. Online follows a seeded schedule, a test override, kicks and bans.
import { hashInts, SeededRandom } from './seeded-random.js';
import type { SimPlayerInput } from './types.js';

export interface SimPlayer {
  uid: string;
  name: string;
  level: number;
  /** REST `playerId`: the save uid without dashes, upper-case. */
  playerId: string;
  userId: string;
  accountName: string;
  ip: string;
  ping: number;
  x: number;
  y: number;
  buildings: number;
  /** Runtime actor id of the player in game-data (sensitive). */
  runtimeId: string;
  seedIndex: number;
}

export function toPlayerId(uid: string): string {
  return uid.replace(/-/g, '').toUpperCase();
}

export class SimPlayers {
  readonly all: SimPlayer[];
  private override: Set<string> | null = null;
  /** uid → ms until which a kicked player stays away. */
  private readonly away = new Map<string, number>();
  private readonly banned = new Set<string>();

  constructor(
    inputs: SimPlayerInput[],
    private readonly seed: number,
    private readonly churnPeriodMs: number,
    private readonly startMs: number,
  ) {
    const rnd = new SeededRandom(hashInts(seed, 1001));
    this.all = inputs.map((p, i) => ({
      uid: p.uid,
      name: p.name,
      level: p.level,
      playerId: toPlayerId(p.uid),
      userId: withDefault(p.userId, `steam_7656119${rnd.digits(10)}`),
      accountName: `sim_account_${rnd.hex(6).toLowerCase()}`,
      ip: `203.0.113.${10 + (i % 240)}`,
      ping: 20 + rnd.int(80),
      x: -200000 + rnd.int(400000),
      y: -200000 + rnd.int(400000),
      buildings: rnd.int(300),
      runtimeId: rnd.hex(32),
      seedIndex: i,
    }));
  }

  setOverride(uids: string[] | null): void {
    this.override = uids === null ? null : new Set(uids.map((u) => u.toUpperCase()));
  }

  online(nowMs: number): SimPlayer[] {
    return this.all.filter((p) => {
      if (this.banned.has(p.uid)) return false;
      const until = this.away.get(p.uid);
      if (until !== undefined) {
        if (nowMs < until) return false;
        this.away.delete(p.uid);
      }
      if (this.override) return this.override.has(p.uid.toUpperCase());
      if (this.churnPeriodMs <= 0) return true;
      const slot = Math.floor((nowMs - this.startMs) / this.churnPeriodMs);
      return hashInts(this.seed, p.seedIndex, slot) % 3 !== 0;
    });
  }

  byUserId(userId: string): SimPlayer | undefined {
    return this.all.find((p) => p.userId === userId);
  }

  /** Kicked players stay away for a minute or one churn period, whichever is longer. */
  kick(p: SimPlayer, nowMs: number): void {
    this.away.set(p.uid, nowMs + Math.max(60_000, this.churnPeriodMs));
  }

  ban(p: SimPlayer): void {
    this.banned.add(p.uid);
  }

  /** Lifts the ban only; a player unbanned is not thereby online. */
  unban(p: SimPlayer): void {
    this.banned.delete(p.uid);
  }
}

/** The given value, else the generated one (generated anyway, so the seeded values after it stay the same). */
function withDefault(given: string | undefined, generated: string): string {
  return given ?? generated;
}
