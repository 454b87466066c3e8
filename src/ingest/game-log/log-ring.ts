// The last lines of the game's log, kept in memory (issue 40: the last 10,000). Not kept across
// palpanel's restarts: a followed file's tail is read again at start (file-follower.ts).
import type { GameLogLevel, GameLogLine } from '../../contract/panel/game-log.js';

export const RING_LINES = 10_000;

export interface RingQuery {
  after?: number;
  q?: string;
  /** Levels to keep; `none` for lines without one. Absent: all. */
  levels?: readonly (GameLogLevel | 'none')[];
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
    const q = r.q?.toLowerCase();
    const levels = r.levels ? new Set(r.levels) : null;
    const out: GameLogLine[] = [];
    for (const l of this.all()) {
      if (r.after !== undefined && l.seq <= r.after) continue;
      if (levels && !levels.has(l.level ?? 'none')) continue;
      if (q && !l.text.toLowerCase().includes(q)) continue;
      out.push(l);
    }
    return out.slice(Math.max(0, out.length - r.limit));
  }
}
