// Player history that no save holds (interface.md, Decisions): when the panel first saw each
// player, and the online sessions the poller observed, from which firstSeenAt, lastSeenAt and
// playtimeSec are derived. Sessions are stored with their last-seen moment, so a restart closes
// an open session where the player was last seen and never counts the downtime.
import { iso } from '../lib/time.js';
import type { DurableDb } from './durable-db.js';

export interface PlayerTimes {
  firstSeenAt: string;
  lastSeenAt: string;
  playtimeSec: number;
}

export interface SessionSpan {
  startedAt: string;
  endedAt: string | null;
  lastSeenAt: string;
}

export interface ActivitySpan {
  uid: string;
  startMs: number;
  endMs: number;
  open: boolean;
}

interface OpenSession {
  id: number;
  uid: string;
  started_at: string;
  last_seen_at: string;
}

/** How often an open session's last-seen moment is written while the player stays online. */
const TOUCH_EVERY_MS = 5_000;

export class PlayerHistoryRepo {
  constructor(private readonly db: DurableDb) {}

  /** Records first sightings from a parse: firstSeenAt is the save's LastOnlineDateTime when it
   * has one (what a fresh panel would say), else the parse time; it never changes after. */
  recordParse(players: { uidKey: string; lastOnlineAt?: string }[], parsedAt: string): void {
    const known = new Set(this.db.all<{ uid: string }>('SELECT uid FROM player_history').map((r) => r.uid));
    const fresh = players.filter((p) => !known.has(p.uidKey));
    const updates = players.filter((p) => known.has(p.uidKey) && p.lastOnlineAt);
    if (fresh.length === 0 && updates.length === 0) return;
    this.db.write((tx) => {
      for (const p of fresh) {
        const first = p.lastOnlineAt && p.lastOnlineAt < parsedAt ? p.lastOnlineAt : parsedAt;
        tx.run('INSERT INTO player_history (uid, first_seen_at, last_online_at) VALUES (?, ?, ?)', [
          p.uidKey,
          first,
          p.lastOnlineAt ?? null,
        ]);
      }
      for (const p of updates) tx.run('UPDATE player_history SET last_online_at = ? WHERE uid = ?', [p.lastOnlineAt!, p.uidKey]);
    });
  }

  /** One successful poll (the poller's PresenceSink): opens a session for each new arrival and
   * refreshes the last-seen moment of those still online (written at most every 5 s). */
  observe(online: readonly { playerId: string }[], now: Date): void {
    const at = iso(now);
    const keys = online.map((p) => p.playerId.toUpperCase());
    for (const k of keys) this.lastObserved.set(k, at);
    const open = this.db.all<OpenSession>('SELECT id, uid, started_at, last_seen_at FROM player_sessions WHERE ended_at IS NULL');
    const openUids = new Set(open.map((s) => s.uid));
    const arrivals = keys.filter((k) => !openUids.has(k));
    const onlineSet = new Set(keys);
    const touch = open.filter((s) => onlineSet.has(s.uid) && now.getTime() - Date.parse(s.last_seen_at) >= TOUCH_EVERY_MS);
    if (arrivals.length === 0 && touch.length === 0) return;
    this.db.write((tx) => {
      for (const s of touch) tx.run('UPDATE player_sessions SET last_seen_at = ? WHERE id = ?', [at, s.id]);
      for (const uid of arrivals) {
        tx.run('INSERT INTO player_sessions (uid, started_at, last_seen_at, ended_at) VALUES (?, ?, ?, NULL)', [uid, at, at]);
        tx.run('INSERT OR IGNORE INTO player_history (uid, first_seen_at, last_online_at) VALUES (?, ?, NULL)', [uid, at]);
      }
    });
  }

  /**
   * A player's session ends at `at`: the poll that no longer listed them (a leave), or the
   * moment last seen (the game became unreachable). `last_seen_at` stays the last poll that
   * did list them (interface.md: lastSeenAt is the last time the poller saw the player online),
   * taken from memory because the stored one is written at most every 5 s.
   */
  left(playerId: string, at: Date): void {
    const key = playerId.toUpperCase();
    const seen = this.lastObserved.get(key);
    this.lastObserved.delete(key);
    if (!this.db.get('SELECT 1 FROM player_sessions WHERE uid = ? AND ended_at IS NULL', [key])) return;
    const end = iso(at);
    this.db.write((tx) =>
      tx.run(
        'UPDATE player_sessions SET ended_at = MAX(started_at, ?), last_seen_at = MAX(last_seen_at, ?) WHERE uid = ? AND ended_at IS NULL',
        [end, seen !== undefined && seen < end ? seen : end, key],
      ),
    );
  }

  /**
   * Writes the in-memory last-seen moments of open sessions (shutdown, after the pollers
   * stopped), so the next start closes them where the player really was last seen and the
   * playtime shown before a restart is the playtime shown after it.
   */
  flushLastSeen(): void {
    if (this.lastObserved.size === 0) return;
    const open = this.db.all<OpenSession>('SELECT id, uid, started_at, last_seen_at FROM player_sessions WHERE ended_at IS NULL');
    const due = open.filter((s) => (this.lastObserved.get(s.uid) ?? '') > s.last_seen_at);
    if (due.length === 0) return;
    this.db.write((tx) => {
      for (const s of due) tx.run('UPDATE player_sessions SET last_seen_at = ? WHERE id = ?', [this.lastObserved.get(s.uid)!, s.id]);
    });
  }

  /** Sessions a previous run left open: who was online when palpanel stopped, and when last seen. */
  openSessions(): { playerId: string; lastSeenAt: string }[] {
    return this.db
      .all<{ uid: string; last_seen_at: string }>('SELECT uid, last_seen_at FROM player_sessions WHERE ended_at IS NULL ORDER BY id')
      .map((r) => ({ playerId: r.uid, lastSeenAt: r.last_seen_at }));
  }

  /** At start-up: every session left open by a previous run ends where it was last seen. */
  closeOpenSessions(): void {
    if (!this.db.get('SELECT 1 FROM player_sessions WHERE ended_at IS NULL')) return;
    this.db.write((tx) => tx.run('UPDATE player_sessions SET ended_at = last_seen_at WHERE ended_at IS NULL'));
  }

  /** Moments the poller saw each online player in this run (more recent than the stored ones). */
  private lastObserved = new Map<string, string>();

  /** firstSeenAt, lastSeenAt and playtimeSec for the given uid keys, as of `now`. */
  times(keys: string[], now: Date): Map<string, PlayerTimes> {
    const out = new Map<string, PlayerTimes>();
    if (keys.length === 0) return out;
    const marks = keys.map(() => '?').join(',');
    const hist = this.db.all<{ uid: string; first_seen_at: string; last_online_at: string | null }>(
      `SELECT uid, first_seen_at, last_online_at FROM player_history WHERE uid IN (${marks})`,
      keys,
    );
    const sessions = this.db.all<{ uid: string; started_at: string; last_seen_at: string; ended_at: string | null }>(
      `SELECT uid, started_at, last_seen_at, ended_at FROM player_sessions WHERE uid IN (${marks})`,
      keys,
    );
    const nowMs = now.getTime();
    const play = new Map<string, number>();
    const lastSeen = new Map<string, string>();
    for (const s of sessions) {
      // An open session counts up to now; a closed one up to its end.
      const end = s.ended_at ? Date.parse(s.ended_at) : nowMs;
      play.set(s.uid, (play.get(s.uid) ?? 0) + Math.max(0, end - Date.parse(s.started_at)));
      // The last poll that listed the player: for an open session the in-memory moment is
      // fresher than the stored one (written at most every 5 s).
      const seen = (s.ended_at === null ? this.lastObserved.get(s.uid) : undefined) ?? s.last_seen_at;
      if (seen > (lastSeen.get(s.uid) ?? '')) lastSeen.set(s.uid, seen);
    }
    for (const h of hist) {
      const candidates = [lastSeen.get(h.uid), h.last_online_at].filter((x): x is string => !!x);
      const last = candidates.length ? candidates.reduce((a, b) => (a > b ? a : b)) : h.first_seen_at;
      out.set(h.uid, {
        firstSeenAt: h.first_seen_at,
        lastSeenAt: last < h.first_seen_at ? h.first_seen_at : last,
        playtimeSec: Math.floor((play.get(h.uid) ?? 0) / 1000),
      });
    }
    return out;
  }

  /**
   * Sessions overlapping [fromMs, toMs), oldest first, at most `limit` (the newest kept when
   * more): one player's (`key`) or everyone's (null). An open session runs to `nowMs`.
   */
  sessionsBetween(key: string | null, fromMs: number, toMs: number, nowMs: number, limit: number): ActivitySpan[] {
    const from = iso(new Date(fromMs));
    const to = iso(new Date(toMs));
    const rows = this.db.all<{ uid: string; started_at: string; ended_at: string | null }>(
      `SELECT uid, started_at, ended_at FROM player_sessions
       WHERE started_at < ? AND (ended_at IS NULL OR ended_at >= ?) AND (? IS NULL OR uid = ?)
       ORDER BY started_at DESC, id DESC LIMIT ?`,
      [to, from, key, key, limit],
    );
    return rows.reverse().map((r) => ({
      uid: r.uid,
      startMs: Date.parse(r.started_at),
      endMs: r.ended_at === null ? Math.max(Date.parse(r.started_at), nowMs) : Date.parse(r.ended_at),
      open: r.ended_at === null,
    }));
  }

  /** The panel's `sessions` of a player's detail (never shown on the Integration API). */
  sessionsOf(key: string): SessionSpan[] {
    return this.db
      .all<{ started_at: string; last_seen_at: string; ended_at: string | null }>(
        'SELECT started_at, last_seen_at, ended_at FROM player_sessions WHERE uid = ? ORDER BY id DESC LIMIT 100',
        [key],
      )
      .map((s) => ({ startedAt: s.started_at, endedAt: s.ended_at, lastSeenAt: s.last_seen_at }));
  }
}
