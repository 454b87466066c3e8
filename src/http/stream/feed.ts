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
  /** Time between heartbeat comments on an idle stream. */
  heartbeatMs: number;
}

export const DEFAULT_MAX_STREAMS = 1_000;
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

export class LiveFeed {
  private readonly listeners = new Set<(m: FeedMessage) => void>();
  private lastEventId: number;
  private lastPlayers = '';
  private open = 0;
  readonly maxStreams: number;
  readonly heartbeatMs: number | undefined;

  constructor(
    readonly events: EventRepo,
    opts: Partial<FeedOptions> = {},
  ) {
    this.maxStreams = opts.maxStreams ?? DEFAULT_MAX_STREAMS;
    this.heartbeatMs = opts.heartbeatMs;
    this.lastEventId = events.lastId();
    events.onAppend(() => this.drain());
  }

  /** Takes a stream slot; false when every slot is taken. Give it back with `release`. */
  acquire(): boolean {
    if (this.open >= this.maxStreams) return false;
    this.open++;
    return true;
  }

  release(): void {
    this.open = Math.max(0, this.open - 1);
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
