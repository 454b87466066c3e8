// The game's log as palpanel follows it (issue 40): from a file (SERVICE_GAME_LOG) or a
// command's output (SERVICE_GAME_LOG_COMMAND), each line masked and its level read, the last
// 10,000 kept in memory for the panel's log screen and for the crash event's last 50 lines.
import type { Clock } from '../../lib/time.js';
import type { GameLogLine, GameLogPage, GameLogQuery, GameLogLevel } from '../../contract/panel/game-log.js';
import { keptText, levelOf, type Masker } from './log-line.js';
import { LogRing } from './log-ring.js';
import type { FollowerEvents } from './file-follower.js';

export type GameLogSourceInfo = GameLogPage['source'];

/** Lines a page holds when the query does not say. */
export const DEFAULT_PAGE_LINES = 500;

export class GameLog {
  readonly ring: LogRing;
  private source: GameLogSourceInfo;
  private readonly listeners = new Set<(l: GameLogLine) => void>();

  constructor(
    kind: 'file' | 'command',
    target: string,
    private readonly mask: Masker,
    private readonly clock: Clock,
    capacity?: number,
  ) {
    this.ring = new LogRing(capacity);
    this.source = { kind, target, state: 'waiting', detail: 'not started yet' };
  }

  /** What the followers call: lines, notes and state changes. */
  readonly events: FollowerEvents = {
    line: (raw) => this.add(keptText(raw, this.mask), null),
    note: (text) => this.add(`[palpanel] ${text}`, 'info'),
    state: (state, detail) => {
      this.source = { ...this.source, state, detail };
    },
  };

  private add(text: string, level: GameLogLevel | null): void {
    const line = this.ring.push({ at: this.clock().toISOString(), level: level ?? levelOf(text), text });
    for (const l of this.listeners) l(line);
  }

  /** The last `n` lines, masked, oldest first: the crash event's log tail (part A). */
  logTail(n: number): string[] {
    return this.ring.tail(n);
  }

  /** Called with each new line; returns the unsubscribe. */
  onLine(listener: (l: GameLogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Kept lines after `seq` that match, oldest first (the stream's replay). */
  linesAfter(seq: number, match: (l: GameLogLine) => boolean, limit: number): GameLogLine[] {
    return this.ring.after(seq, match, limit);
  }

  lastSeq(): number {
    return this.ring.lastSeq;
  }

  page(query: GameLogQuery): GameLogPage {
    const match = lineMatcher(query.q, query.level);
    const lines = this.ring.query({ after: query.after, match, limit: query.limit ?? DEFAULT_PAGE_LINES });
    return { source: this.source, lines, lastSeq: this.ring.lastSeq, kept: this.ring.size };
  }

  status(): GameLogSourceInfo {
    return this.source;
  }
}

/** The page of a palpanel with no log to follow. */
export const NO_GAME_LOG: GameLogPage = {
  source: { kind: 'none', target: null, state: 'off', detail: 'neither SERVICE_GAME_LOG nor SERVICE_GAME_LOG_COMMAND is set' },
  lines: [],
  lastSeq: 0,
  kept: 0,
};

/** Whether a line passes a query's text and level filters (the stream's, as the page's). */
export function lineMatcher(q: string | undefined, level: string | undefined): (l: GameLogLine) => boolean {
  const text = q?.toLowerCase();
  const levels = level ? new Set(level.split(',')) : null;
  return (l) => (!levels || levels.has(l.level ?? 'none')) && (!text || l.text.toLowerCase().includes(text));
}
