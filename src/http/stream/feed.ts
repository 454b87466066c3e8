// The live feed behind `GET /api/v1/events/stream`: new rows of the event log (read back from
// the log itself, so a message's id is the event's id and a reconnect resumes exactly after it),
// and the poller's player list and metrics as they are polled. It also holds the bound on
// concurrent streams. One feed per process; streams subscribe to it.
import type { LiveSnapshot, OnlinePlayer, ServerMetrics } from '../../domain/live.js';
import type { EventRepo, LoggedEvent } from '../../store/events.js';
import type { StreamPlayer } from '../../contract/panel/events.js';

export type FeedMessage =
  | { type: 'event'; event: LoggedEvent }
  | { type: 'players'; at: string; players: StreamPlayer[] }
  | { type: 'metrics'; at: string; reachable: boolean; metrics: ServerMetrics | null };

export type { StreamPlayer } from '../../contract/panel/events.js';

export interface FeedOptions {
  /** Concurrent streams at most; one more is answered 503 `unavailable`. */
  maxStreams: number;
  /** Concurrent streams of one session, and of one user over all their sessions (issue 37,
   * finding 3: one viewer could hold every slot). One more is answered as one past the total. */
  maxStreamsPerSession: number;
  maxStreamsPerUser: number;
  /** Time between heartbeat comments on an idle stream. */
  heartbeatMs: number;
}

export const DEFAULT_MAX_STREAMS = 1_000;
/** Far above real use: a browser tab holds one stream, a person a few tabs and devices. */
export const DEFAULT_MAX_STREAMS_PER_SESSION = 8;
export const DEFAULT_MAX_STREAMS_PER_USER = 16;

/** Whose a stream is: its session's public id and its user's name. */
export interface StreamOwner {
  session: string;
  user: string;
}
/** Events read from the log per query (replay pages, catch-up after an append). */
export const FEED_PAGE = 500;

export const streamPlayers = (players: readonly OnlinePlayer[]): StreamPlayer[] =>
  players.map((p) => ({
    name: p.name,
    accountName: p.accountName,
    playerId: p.playerId,
    userId: p.userId,
    ping: p.ping,
    level: p.level,
    location: p.location,
    buildingCount: p.buildingCount,
  }));

function count(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

export class LiveFeed {
  private readonly listeners = new Set<(m: FeedMessage) => void>();
  private lastEventId: number;
  private lastPlayers = '';
  private open = 0;
  private readonly perSession = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  readonly maxStreams: number;
  readonly maxStreamsPerSession: number;
  readonly maxStreamsPerUser: number;
  readonly heartbeatMs: number | undefined;

  constructor(
    readonly events: EventRepo,
    opts: Partial<FeedOptions> = {},
  ) {
    this.maxStreams = opts.maxStreams ?? DEFAULT_MAX_STREAMS;
    this.maxStreamsPerSession = opts.maxStreamsPerSession ?? DEFAULT_MAX_STREAMS_PER_SESSION;
    this.maxStreamsPerUser = opts.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER;
    this.heartbeatMs = opts.heartbeatMs;
    this.lastEventId = events.lastId();
    events.onAppend(() => this.drain());
  }

  /** Takes a stream slot for `owner`; false when every slot is taken, or the owner's session or
   * user holds its share. Give it back with `release`, naming the same owner. */
  acquire(owner?: StreamOwner): boolean {
    if (this.open >= this.maxStreams) return false;
    if (owner) {
      if ((this.perSession.get(owner.session) ?? 0) >= this.maxStreamsPerSession) return false;
      if ((this.perUser.get(owner.user) ?? 0) >= this.maxStreamsPerUser) return false;
      count(this.perSession, owner.session, 1);
      count(this.perUser, owner.user, 1);
    }
    this.open++;
    return true;
  }

  release(owner?: StreamOwner): void {
    this.open = Math.max(0, this.open - 1);
    if (owner) {
      count(this.perSession, owner.session, -1);
      count(this.perUser, owner.user, -1);
    }
  }

  get openStreams(): number {
    return this.open;
  }

  subscribe(listener: (m: FeedMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The poller's snapshot after a cycle: metrics always (when polled), players when they changed. */
  publishSnapshot(s: LiveSnapshot): void {
    if (s.capturedAt === null) return;
    const players = streamPlayers(s.players);
    const key = JSON.stringify(players);
    if (key !== this.lastPlayers) {
      this.lastPlayers = key;
      this.emit({ type: 'players', at: s.capturedAt, players });
    }
    this.emit({ type: 'metrics', at: s.capturedAt, reachable: s.reachable, metrics: s.metrics });
  }

  /** New rows of the log, in order, once each. */
  private drain(): void {
    for (;;) {
      const rows = this.events.after(this.lastEventId, FEED_PAGE);
      for (const event of rows) {
        this.lastEventId = event.id;
        this.emit({ type: 'event', event });
      }
      if (rows.length < FEED_PAGE) return;
    }
  }

  private emit(m: FeedMessage): void {
    for (const l of this.listeners) l(m);
  }
}
