// The last lines of the game's log, kept in memory (issue 40: the last 10,000). Not kept across
// palpanel's restarts: a followed file's tail is read again at start (file-follower.ts).
import type { GameLogLine } from '../../contract/panel/game-log.js';

export const RING_LINES = 10_000;

export interface RingQuery {
  after?: number;
  /** Which lines to keep; absent: all. */
  match?: (l: GameLogLine) => boolean;
  limit: number;
}

export class LogRing {
  private readonly lines: (GameLogLine | undefined)[];
  private next = 0;
  private count = 0;
  private seq = 0;

  constructor(readonly capacity = RING_LINES) {
    this.lines = new Array<GameLogLine | undefined>(capacity);
  }

  push(line: Omit<GameLogLine, 'seq'>): GameLogLine {
    const kept = { seq: ++this.seq, ...line };
    this.lines[this.next] = kept;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
    return kept;
  }

  get size(): number {
    return this.count;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The kept lines, oldest first. */
  private *all(): Generator<GameLogLine> {
    const start = (this.next - this.count + this.capacity) % this.capacity;
    for (let i = 0; i < this.count; i++) yield this.lines[(start + i) % this.capacity]!;
  }

  /** The last `n` lines' text, oldest first (the crash event's log tail). */
  tail(n: number): string[] {
    const out: string[] = [];
    for (const l of this.all()) out.push(l.text);
    return out.slice(Math.max(0, out.length - n));
  }

  /** The newest `limit` lines that match, oldest first. */
  query(r: RingQuery): GameLogLine[] {
    const out: GameLogLine[] = [];
    for (const l of this.all()) {
      if (r.after !== undefined && l.seq <= r.after) continue;
      if (r.match && !r.match(l)) continue;
      out.push(l);
    }
    return out.slice(Math.max(0, out.length - r.limit));
  }

  /** The oldest `limit` lines after `seq` that match (a stream's replay, in order). */
  after(seq: number, match: (l: GameLogLine) => boolean, limit: number): GameLogLine[] {
    const out: GameLogLine[] = [];
    for (const l of this.all()) {
      if (l.seq <= seq || !match(l)) continue;
      out.push(l);
      if (out.length >= limit) break;
    }
    return out;
  }
}
