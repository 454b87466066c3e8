// The game log's lines as the screen follows them: the newest page for the filters, then the
// stream of new lines (server-sent events, `GET /server/log/stream` with the same filters, after
// the last line read). Where the stream fails twice in a row (a proxy that buffers), it asks every
// 2 s for the lines after the last one seen instead. The source's state and the count kept are
// read again every 15 s. Paused: nothing is asked; resuming reads the newest page again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, urlOf, type DataOf } from '../../api/operations';
import { ApiError } from '../../api/http';
import type { GameLogLine } from '../../../../src/contract/panel/game-log';

export type GameLogData = DataOf<'getGameLog'>;
export const LEVEL_CHOICES = ['error', 'warning', 'info', 'debug', 'none'] as const;
export type LevelChoice = (typeof LEVEL_CHOICES)[number];

/** Lines the screen holds at most (the server keeps 10,000). */
const SHOWN = 2_000;
const POLL_MS = 2_000;
const STATUS_MS = 15_000;

export interface GameLogView {
  source: GameLogData['source'] | null;
  lines: GameLogLine[];
  kept: number;
  error: string | null;
  loading: boolean;
  mode: 'stream' | 'poll';
}

const words = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

export function useGameLog(q: string, levels: readonly LevelChoice[], paused: boolean): GameLogView {
  const [view, setView] = useState<GameLogView>({ source: null, lines: [], kept: 0, error: null, loading: true, mode: 'stream' });
  const last = useRef<number | null>(null);
  const text = q.trim() || undefined;
  const level = levels.length === LEVEL_CHOICES.length ? undefined : levels.join(',');
  /** Reads a page: the newest (fresh) or the lines after the last seen; false when it failed. */
  const read = useCallback(
    async (fresh: boolean): Promise<boolean> => {
      const after = fresh ? undefined : (last.current ?? undefined);
      try {
        const { data } = await call('getGameLog', { query: { q: text, level, limit: 500, after } });
        last.current = data.lastSeq;
        setView((v) => ({
          ...v,
          source: data.source,
          lines: (fresh ? data.lines : [...v.lines, ...data.lines]).slice(-SHOWN),
          kept: data.kept,
          error: null,
          loading: false,
        }));
        return true;
      } catch (err) {
        setView((v) => ({ ...v, error: words(err), loading: false }));
        return false;
      }
    },
    [text, level],
  );

  useEffect(() => {
    // No level chosen: nothing to ask (the screen says so). Paused: nothing either.
    if (levels.length === 0 || paused) return;
    let closed = false;
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;
    let failures = 0;
    const startPolling = () => {
      source?.close();
      source = null;
      setView((v) => ({ ...v, mode: 'poll' }));
      poll ??= setInterval(() => void read(false), POLL_MS);
    };
    const status = setInterval(() => {
      void call('getGameLog', { query: { limit: 1, after: last.current ?? undefined } })
        .then(({ data }) => !closed && setView((v) => ({ ...v, source: data.source, kept: data.kept })))
        .catch(() => undefined);
    }, STATUS_MS);
    last.current = null;
    void read(true).then((ok) => {
      if (closed || !ok) return;
      if (typeof EventSource === 'undefined') return startPolling();
      source = new EventSource(urlOf('streamGameLog', { query: { q: text, level, after: last.current ?? 0 } }));
      source.onopen = () => {
        failures = 0;
        setView((v) => ({ ...v, mode: 'stream' }));
      };
      source.onerror = () => {
        // EventSource reconnects by itself (sending the last line's id); twice in a row: poll.
        failures++;
        if (failures >= 2 || source?.readyState === EventSource.CLOSED) startPolling();
      };
      source.addEventListener('line', (e) => {
        const line = JSON.parse((e as MessageEvent<string>).data) as GameLogLine;
        if (last.current !== null && line.seq <= last.current) return;
        last.current = line.seq;
        setView((v) => ({ ...v, lines: [...v.lines, line].slice(-SHOWN) }));
      });
    });
    return () => {
      closed = true;
      source?.close();
      if (poll) clearInterval(poll);
      clearInterval(status);
    };
  }, [read, text, level, paused, levels.length]);
  return view;
}
