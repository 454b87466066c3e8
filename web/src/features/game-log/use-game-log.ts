// The game log's lines as the screen follows them: the newest page for the filters, then every
// 2 s the lines after the last one seen (the route's `after`), kept up to a bound. Asking again
// with `after` (rather than a server-sent stream) keeps one request per tick whatever the filters,
// and a tab in the background asks nothing while the browser pauses its timers.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, type DataOf } from '../../api/operations';
import { ApiError } from '../../api/http';
import type { GameLogLine } from '../../../../src/contract/panel/game-log';

export type GameLogData = DataOf<'getGameLog'>;
export const LEVEL_CHOICES = ['error', 'warning', 'info', 'debug', 'none'] as const;
export type LevelChoice = (typeof LEVEL_CHOICES)[number];

/** Lines the screen holds at most (the server keeps 10,000). */
const SHOWN = 2_000;
const EVERY_MS = 2_000;

export interface GameLogView {
  source: GameLogData['source'] | null;
  lines: GameLogLine[];
  kept: number;
  error: string | null;
  loading: boolean;
}

export function useGameLog(q: string, levels: readonly LevelChoice[], paused: boolean): GameLogView {
  const [view, setView] = useState<GameLogView>({ source: null, lines: [], kept: 0, error: null, loading: true });
  const last = useRef<number | null>(null);
  const level = levels.length === LEVEL_CHOICES.length ? undefined : levels.join(',');
  const read = useCallback(
    async (fresh: boolean) => {
      const query = { q: q.trim() || undefined, level, limit: 500, after: fresh ? undefined : (last.current ?? undefined) };
      try {
        const { data } = await call('getGameLog', { query });
        last.current = data.lastSeq;
        setView((v) => ({
          source: data.source,
          lines: (fresh ? data.lines : [...v.lines, ...data.lines]).slice(-SHOWN),
          kept: data.kept,
          error: null,
          loading: false,
        }));
      } catch (err) {
        const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
        setView((v) => ({ ...v, error: message, loading: false }));
      }
    },
    [q, level],
  );
  useEffect(() => {
    // No level chosen: nothing to ask (the screen says so).
    if (levels.length === 0) return;
    last.current = null;
    void read(true);
  }, [read, levels.length]);
  useEffect(() => {
    if (paused || levels.length === 0) return;
    const t = setInterval(() => void read(last.current === null), EVERY_MS);
    return () => clearInterval(t);
  }, [read, paused, levels.length]);
  return view;
}
