// The game's log as server-sent events (issue 40): each new line that matches the stream's
// filters as an `event: line` message whose `id` is the line's seq, so a browser's reconnect
// (`Last-Event-ID`) resumes after the last line it got, from what the ring still holds. It shares
// the event stream's slots (feed.ts: bounded in all, per session and per user) and its heartbeat.
import type { GameLogLine } from '../../contract/panel/game-log.js';
import type { HttpResponse } from '../types.js';
import type { LiveFeed, StreamOwner } from './feed.js';
import { HEARTBEAT_MS, sseAnswer, type Write } from './pump.js';

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
  let cursor = o.resumeAfter ?? o.log.lastSeq();
  const send = (l: GameLogLine, write: Write): boolean => {
    cursor = l.seq;
    return write(frame(l));
  };
  return sseAnswer<GameLogLine>(
    {
      subscribe: (push) => o.log.onLine((l) => o.match(l) && push(l)),
      heartbeatMs: o.heartbeatMs ?? o.feed.heartbeatMs ?? HEARTBEAT_MS,
      replay: (write) => o.log.linesAfter(cursor, o.match, REPLAY_LIMIT).every((l) => send(l, write)),
      // A line the replay sent already (the seq is not past the cursor) is dropped.
      deliver: (l, write) => l.seq <= cursor || send(l, write),
    },
    () => o.feed.release(o.owner),
  );
}
