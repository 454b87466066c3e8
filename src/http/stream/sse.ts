// One server-sent-events stream over the live feed. Every message carries an `id`: an event's
// own id in the log, and on `players` and `metrics` messages the id of the last event this stream
// has delivered, so `Last-Event-ID` always means "the log up to here" and a reconnect replays
// exactly the events after it (those still retained), none twice. Comment lines keep proxies
// from closing an idle stream.
import type { LiveSnapshot } from '../../domain/live.js';
import type { HttpResponse } from '../types.js';
import { FEED_PAGE, streamPlayers, type FeedMessage, type LiveFeed, type StreamOwner } from './feed.js';

export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before it reconnects. */
const RETRY_MS = 2_000;

const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // nginx buffers proxied answers unless told not to.
  'x-accel-buffering': 'no',
});

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
  return {
    status: 200,
    headers: { ...SSE_HEADERS },
    stream: (write, signal) => run(o, write, signal).finally(() => o.feed.release(o.owner)),
  };
}

async function run(o: StreamOptions, write: (chunk: string) => boolean, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const show = o.showEvent ?? (() => true);
  const queue: FeedMessage[] = [];
  let wake: (() => void) | null = null;
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  // Subscribed before the replay reads the log: an event appended meanwhile is in the queue or
  // in the replay (or both: the id check drops the second copy).
  const unsubscribe = o.feed.subscribe((m) => {
    queue.push(m);
    wake?.();
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), o.heartbeatMs ?? o.feed.heartbeatMs ?? HEARTBEAT_MS);
  try {
    let cursor = o.resumeAfter ?? o.feed.events.lastId();
    if (!write(`retry: ${RETRY_MS}\n\n`)) return;
    if (o.resumeAfter !== null) {
      for (;;) {
        const rows = o.feed.events.after(cursor, FEED_PAGE);
        for (const event of rows) {
          cursor = event.id;
          if (show(event.kind) && !write(frame({ type: 'event', event }, cursor))) return;
        }
        if (rows.length < FEED_PAGE) break;
      }
    }
    for (const m of stateOf(o.snapshot())) if (!write(frame(m, cursor))) return;
    while (!signal.aborted) {
      while (queue.length > 0) {
        const m = queue.shift() as FeedMessage;
        if (m.type === 'event') {
          if (m.event.id <= cursor) continue;
          cursor = m.event.id;
          if (!show(m.event.kind)) continue;
        }
        if (!write(frame(m, cursor))) return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (signal.aborted || queue.length > 0) resolve();
      });
      wake = null;
    }
  } finally {
    clearInterval(heartbeat);
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}
