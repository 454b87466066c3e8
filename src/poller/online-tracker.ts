// Who is online, as the REST poller last saw it, and the join/leave transitions between two
// polls. Pure bookkeeping: times come in as values, nothing is emitted from here.
import type { OnlinePlayer } from '../domain/live.js';
import { isIdentifiedPlayerId } from '../domain/player-id.js';
import { sanitizeName } from './event-text.js';
import type { PresencePlayer } from './ports.js';

export interface Transitions {
  joined: PresencePlayer[];
  /** Players gone since the last poll, with the time they were last seen. */
  left: Array<PresencePlayer & { lastSeen: Date }>;
  online: PresencePlayer[];
}

interface Seen extends PresencePlayer {
  lastSeen: Date;
}

export class OnlineTracker {
  /** Insertion order = join order, which keeps leave events in a stable order. */
  private readonly seen = new Map<string, Seen>();

  /**
   * Players with an empty or all-zero `playerId` are still loading: ignored until they have
   * one. A `playerId` listed twice counts once (first row wins).
   */
  static identified(players: readonly OnlinePlayer[]): OnlinePlayer[] {
    const ids = new Set<string>();
    return players.filter((p) => {
      const id = p.playerId.toUpperCase();
      if (!isIdentifiedPlayerId(id) || ids.has(id)) return false;
      ids.add(id);
      return true;
    });
  }

  /** Applies one successful poll at `now`. */
  update(players: readonly OnlinePlayer[], now: Date): Transitions {
    const current = OnlineTracker.identified(players).map<PresencePlayer>((p) => ({
      playerId: p.playerId.toUpperCase(),
      name: sanitizeName(p.name),
      level: p.level,
    }));
    const ids = new Set(current.map((p) => p.playerId));
    const left: Transitions['left'] = [];
    for (const [id, s] of this.seen) {
      if (!ids.has(id)) {
        // A departure noticed now: the session ends at the poll that no longer lists them.
        left.push({ playerId: id, name: s.name, level: s.level, lastSeen: now });
        this.seen.delete(id);
      }
    }
    const joined: PresencePlayer[] = [];
    for (const p of current) {
      if (!this.seen.has(p.playerId)) joined.push(p);
      this.seen.set(p.playerId, { ...p, lastSeen: now });
    }
    return { joined, left, online: current };
  }

  /** Seeds who a previous run saw online (ids normalised, names sanitized, first row wins). */
  resume(players: ReadonlyArray<PresencePlayer & { lastSeen: Date }>): void {
    for (const p of players) {
      const id = p.playerId.toUpperCase();
      if (!isIdentifiedPlayerId(id) || this.seen.has(id)) continue;
      this.seen.set(id, { playerId: id, name: sanitizeName(p.name), level: p.level, lastSeen: p.lastSeen });
    }
  }

  /** The game went away: everyone leaves, each at the time last seen. */
  clear(): Transitions['left'] {
    const left = [...this.seen.values()].map((s) => ({ ...s }));
    this.seen.clear();
    return left;
  }
}
