// The dashboard's live data: the event stream (server-sent events) when it works, else polling
// every 5 seconds (spec: live metrics refresh about every 5 s; the stream's fallback). Both feed
// the same state, so the screen does not care which one is in use.
import { useEffect, useRef, useState } from 'react';
import { call, urlOf, type Answer } from '../../api/operations';
import type { HistoryPoint, LoggedEvent, MetricsCurrent, StreamPlayer } from '../../types';

/** A message of the event stream, by a member only its kind has. */
type Message<K extends string> = Extract<Answer<'streamEvents'>, Record<K, unknown>>;

export type LiveMode = 'connecting' | 'stream' | 'polling';

export interface LiveState {
  mode: LiveMode;
  metrics: MetricsCurrent | null;
  players: StreamPlayer[] | null;
  events: LoggedEvent[];
  /** Bumped on every event, so screens can refetch what an event changes. */
  eventCount: number;
  /** Figures received since the screen opened, oldest first (the chart's live tail). */
  samples: HistoryPoint[];
}

const KEEP_SAMPLES = 720;

function withSample(s: LiveState, m: MetricsCurrent): LiveState {
  const at = m.capturedAt;
  const x = m.metrics;
  if (!at || !x || (s.samples.length > 0 && s.samples[s.samples.length - 1].at >= at)) return { ...s, metrics: m };
  return {
    ...s,
    metrics: m,
    samples: [
      ...s.samples.slice(-KEEP_SAMPLES + 1),
      { at, players: x.players, fps: x.fps, frameTimeMs: x.frameTimeMs, uptimeSec: x.uptimeSec },
    ],
  };
}

const POLL_MS = 5000;
const KEEP_EVENTS = 50;

function mergeEvents(known: LoggedEvent[], fresh: LoggedEvent[]): LoggedEvent[] {
  const byId = new Map(known.map((e) => [e.id, e]));
  for (const e of fresh) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, KEEP_EVENTS);
}

export function useLive(): LiveState {
  const [state, setState] = useState<LiveState>({
    mode: 'connecting',
    metrics: null,
    players: null,
    events: [],
    eventCount: 0,
    samples: [],
  });
  const failures = useRef(0);

  useEffect(() => {
    let closed = false;
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;

    const pollOnce = async () => {
      try {
        const [m, ev] = await Promise.all([call('panelMetricsCurrent'), call('listPanelEvents', { query: { limit: 20 } })]);
        if (closed) return;
        setState((s) => ({
          ...withSample(s, m.data),
          events: mergeEvents(s.events, ev.data),
          eventCount: s.eventCount + (ev.data[0]?.id !== s.events[0]?.id ? 1 : 0),
        }));
      } catch {
        // The card shows the last figures and says when they were taken.
      }
    };
    const startPolling = () => {
      if (poll || closed) return;
      setState((s) => ({ ...s, mode: 'polling' }));
      void pollOnce();
      poll = setInterval(() => void pollOnce(), POLL_MS);
    };

    // The recent events to start from; the stream then adds each new one.
    void call('listPanelEvents', { query: { limit: 20 } })
      .then((ev) => !closed && setState((s) => ({ ...s, events: mergeEvents(s.events, ev.data) })))
      .catch(() => undefined);
    void call('panelMetricsCurrent')
      .then((m) => !closed && setState((s) => (s.metrics ? s : withSample(s, m.data))))
      .catch(() => undefined);

    if (typeof EventSource === 'undefined') {
      startPolling();
    } else {
      source = new EventSource(urlOf('streamEvents'));
      source.onopen = () => {
        failures.current = 0;
        if (poll) clearInterval(poll);
        poll = null;
        setState((s) => ({ ...s, mode: 'stream' }));
      };
      source.onerror = () => {
        // EventSource retries by itself; after a few failures in a row, poll meanwhile.
        failures.current++;
        if (failures.current >= 2 || source?.readyState === EventSource.CLOSED) startPolling();
      };
      source.addEventListener('metrics', (e) => {
        const d = JSON.parse((e as MessageEvent<string>).data) as Message<'reachable'>;
        setState((s) => withSample(s, { reachable: d.reachable, capturedAt: d.at, metrics: d.metrics }));
      });
      source.addEventListener('players', (e) => {
        const d = JSON.parse((e as MessageEvent<string>).data) as Message<'players'>;
        setState((s) => ({ ...s, players: d.players }));
      });
      source.addEventListener('event', (e) => {
        const ev = JSON.parse((e as MessageEvent<string>).data) as Message<'kind'>;
        setState((s) => ({ ...s, events: mergeEvents(s.events, [ev]), eventCount: s.eventCount + 1 }));
      });
    }
    return () => {
      closed = true;
      source?.close();
      if (poll) clearInterval(poll);
    };
  }, []);

  return state;
}
