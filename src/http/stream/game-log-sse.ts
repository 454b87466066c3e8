// The game's log as server-sent events (issue 40): each new line that matches the stream's
// filters as an `event: line` message whose `id` is the line's seq, so a browser's reconnect
// (`Last-Event-ID`) resumes after the last line it got, from what the ring still holds. It shares
// the event stream's slots (feed.ts: bounded in all, per session and per user) and its heartbeat.
import type { GameLogLine } from '../../contract/panel/game-log.js';
import type { HttpResponse } from '../types.js';
import type { LiveFeed, StreamOwner } from './feed.js';
import { HEARTBEAT_MS } from './sse.js';

/** What the stream reads of the followed log (ingest/game-log/game-log.ts GameLog). */
export interface GameLogSource {
  /** Kept lines after `seq` that match, oldest first, at most `limit`. */
  linesAfter(seq: number, match: (l: GameLogLine) => boolean, limit: number): GameLogLine[];
  onLine(listener: (l: GameLogLine) => void): () => void;
  lastSeq(): number;
}

const REPLAY_LIMIT = 2_000;

export interface GameLogStreamOptions {
  log: GameLogSource;
  feed: LiveFeed;
  owner: StreamOwner;
  match: (l: GameLogLine) => boolean;
  /** Lines after this seq are sent first; null: only lines from now on. */
  resumeAfter: number | null;
  heartbeatMs?: number;
}

const frame = (l: GameLogLine) => `id: ${l.seq}\nevent: line\ndata: ${JSON.stringify(l)}\n\n`;

/** The 200 answer of a game log stream whose slot is taken already; given back when it ends. */
export function gameLogSse(o: GameLogStreamOptions): HttpResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
    },
    stream: (write, signal) => run(o, write, signal).finally(() => o.feed.release(o.owner)),
  };
}

async function run(o: GameLogStreamOptions, write: (chunk: string) => boolean, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const queue: GameLogLine[] = [];
  let wake: (() => void) | null = null;
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  // Subscribed before the replay: a line added meanwhile is in one or both (the seq drops the copy).
  const unsubscribe = o.log.onLine((l) => {
    if (!o.match(l)) return;
    queue.push(l);
    wake?.();
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), o.heartbeatMs ?? o.feed.heartbeatMs ?? HEARTBEAT_MS);
  try {
    let cursor = o.resumeAfter ?? o.log.lastSeq();
    if (!write('retry: 2000\n\n')) return;
    for (const l of o.log.linesAfter(cursor, o.match, REPLAY_LIMIT)) {
      cursor = l.seq;
      if (!write(frame(l))) return;
    }
    while (!signal.aborted) {
      while (queue.length > 0) {
        const l = queue.shift()!;
        if (l.seq <= cursor) continue;
        cursor = l.seq;
        if (!write(frame(l))) return;
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
