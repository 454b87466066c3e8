// One server-sent-events stream over the live feed. Every message carries an `id`: an event's
// own id in the log, and on `players` and `metrics` messages the id of the last event this stream
// has delivered, so `Last-Event-ID` always means "the log up to here" and a reconnect replays
// exactly the events after it (those still retained), none twice. The loop is pump.ts's.
import type { LiveSnapshot } from '../../domain/live.js';
import type { HttpResponse } from '../types.js';
import { FEED_PAGE, streamPlayers, type FeedMessage, type LiveFeed, type StreamOwner } from './feed.js';
import { HEARTBEAT_MS, sseAnswer, type Write } from './pump.js';

function frame(m: FeedMessage, id: number): string {
  const data =
    m.type === 'event'
      ? m.event
      : m.type === 'players'
        ? { at: m.at, players: m.players }
        : { at: m.at, reachable: m.reachable, metrics: m.metrics };
  return `id: ${id}\nevent: ${m.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

function stateOf(s: LiveSnapshot): FeedMessage[] {
  if (s.capturedAt === null) return [];
  return [
    { type: 'players', at: s.capturedAt, players: streamPlayers(s.players) },
    { type: 'metrics', at: s.capturedAt, reachable: s.reachable, metrics: s.metrics },
  ];
}

export interface StreamOptions {
  feed: LiveFeed;
  snapshot: () => LiveSnapshot;
  /** The client's `Last-Event-ID`; null: from now on. */
  resumeAfter: number | null;
  heartbeatMs?: number;
  /** Whether this stream's user may see events of a kind (a viewer never gets `audit`). An
   * event left out still moves the stream's id on, so `Last-Event-ID` keeps meaning "the log
   * up to here". Default: every kind. */
  showEvent?: (kind: string) => boolean;
  /** Whose the slot is (the session and user it was acquired for); given back for them. */
  owner?: StreamOwner;
}

/** The 200 answer of a stream whose slot is taken already; the slot is given back when it ends. */
export function sseResponse(o: StreamOptions): HttpResponse {
  const show = o.showEvent ?? (() => true);
  let cursor = o.resumeAfter ?? o.feed.events.lastId();
  const replay = (write: Write): boolean => {
    if (o.resumeAfter !== null) {
      for (;;) {
        const rows = o.feed.events.after(cursor, FEED_PAGE);
        for (const event of rows) {
          cursor = event.id;
          if (show(event.kind) && !write(frame({ type: 'event', event }, cursor))) return false;
        }
        if (rows.length < FEED_PAGE) break;
      }
    }
    for (const m of stateOf(o.snapshot())) if (!write(frame(m, cursor))) return false;
    return true;
  };
  const deliver = (m: FeedMessage, write: Write): boolean => {
    if (m.type === 'event') {
      if (m.event.id <= cursor) return true;
      cursor = m.event.id;
      if (!show(m.event.kind)) return true;
    }
    return write(frame(m, cursor));
  };
  return sseAnswer<FeedMessage>(
    {
      subscribe: (push) => o.feed.subscribe(push),
      heartbeatMs: o.heartbeatMs ?? o.feed.heartbeatMs ?? HEARTBEAT_MS,
      replay,
      deliver,
    },
    () => o.feed.release(o.owner),
  );
}
