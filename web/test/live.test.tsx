// @vitest-environment jsdom
// The dashboard's live data (live.ts) with a scripted EventSource and fetch in place of the
// browser's: the stream's metrics, players and events; the fallback to polling every 5 s when
// the stream fails or is refused, and back to the stream when it opens; no polling at all
// without EventSource; everything closed on unmount.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLive } from '../src/features/events/live';
import type { LoggedEvent, Metrics, StreamPlayer } from '../src/types';

/** A stand-in for the browser's EventSource: the test opens it, fails it and sends events. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** An error the browser retries after (CONNECTING), or a refusal it gives up on (CLOSED). */
  fail(state: number = FakeEventSource.CONNECTING) {
    this.readyState = state;
    this.onerror?.();
  }
  send(type: string, data: unknown) {
    const e = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
}

const metrics = (players: number): Metrics => ({
  fps: 60,
  fpsAvg: 59,
  frameTimeMs: 16.6,
  players,
  maxPlayers: 32,
  day: 3,
  uptimeSec: 100 + players,
  baseCamps: 2,
});
const event = (id: number, message = `event ${id}`): LoggedEvent => ({
  id,
  at: `2026-11-26T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
  kind: 'join',
  message,
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** The REST side: /metrics/current and /events answer the figures and events set here. */
function fakeApi() {
  const state = { at: '2026-11-26T10:00:00.000Z', players: 1, events: [event(1)] };
  const fetch = vi.fn((url: string) => {
    if (url === '/api/v1/metrics/current')
      return Promise.resolve(json({ data: { reachable: true, capturedAt: state.at, metrics: metrics(state.players) } }));
    if (url === '/api/v1/events?limit=20') return Promise.resolve(json({ data: state.events, nextCursor: null }));
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  vi.stubGlobal('fetch', fetch);
  return { state, fetch, polls: () => fetch.mock.calls.filter(([u]) => u === '/api/v1/metrics/current').length };
}

/** Lets the fetches answer and React draw, `ms` of fake time later. */
const after = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

let rest: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  rest = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLive on the event stream', () => {
  it('starts from the recent events and figures, then takes what the stream sends', async () => {
    const { result } = renderHook(() => useLive());
    expect(result.current.mode).toBe('connecting');
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/api/v1/events/stream']);
    await after();
    expect(result.current.events.map((e) => e.id)).toEqual([1]);
    expect(result.current.metrics?.metrics?.players).toBe(1);
    expect(result.current.samples).toEqual([{ at: '2026-11-26T10:00:00.000Z', players: 1, fps: 60, frameTimeMs: 16.6, uptimeSec: 101 }]);

    const source = FakeEventSource.made[0];
    act(() => source.open());
    expect(result.current.mode).toBe('stream');

    act(() => source.send('metrics', { at: '2026-11-26T10:00:05.000Z', reachable: true, metrics: metrics(4) }));
    expect(result.current.metrics).toEqual({ reachable: true, capturedAt: '2026-11-26T10:00:05.000Z', metrics: metrics(4) });
    expect(result.current.samples.map((s) => s.players)).toEqual([1, 4]);
    // A figure no newer than the last sample updates the card but adds no sample.
    act(() => source.send('metrics', { at: '2026-11-26T10:00:05.000Z', reachable: true, metrics: metrics(5) }));
    expect(result.current.metrics?.metrics?.players).toBe(5);
    expect(result.current.samples.map((s) => s.players)).toEqual([1, 4]);

    const players: StreamPlayer[] = [
      { name: 'Ann', accountName: 'ann', playerId: 'p1', userId: 'steam_1', ping: 30, level: 12, location: null, buildingCount: 0 },
    ];
    act(() => source.send('players', { players }));
    expect(result.current.players).toEqual(players);

    act(() => source.send('event', event(3)));
    act(() => source.send('event', event(2)));
    expect(result.current.events.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(result.current.eventCount).toBe(2);
    // The same event again replaces its copy (newest first, no double).
    act(() => source.send('event', event(3, 'event 3, again')));
    expect(result.current.events.map((e) => e.message)).toEqual(['event 3, again', 'event 2', 'event 1']);

    // While the stream works nothing is polled.
    const polled = rest.polls();
    await after(20_000);
    expect(rest.polls()).toBe(polled);
  });

  it('keeps the newest 50 events', async () => {
    const { result } = renderHook(() => useLive());
    await after();
    const source = FakeEventSource.made[0];
    act(() => source.open());
    act(() => {
      for (let id = 2; id <= 60; id++) source.send('event', event(id));
    });
    expect(result.current.events).toHaveLength(50);
    expect(result.current.events[0].id).toBe(60);
    expect(result.current.events[49].id).toBe(11);
  });
});

describe('useLive falling back to polling', () => {
  it('rides out one error, polls every 5 s after the second, and stops when the stream opens', async () => {
    const { result } = renderHook(() => useLive());
    await after();
    const source = FakeEventSource.made[0];
    const start = rest.polls();

    act(() => source.fail());
    await after();
    expect(result.current.mode).toBe('connecting');
    expect(rest.polls()).toBe(start);

    act(() => source.fail());
    await after();
    expect(result.current.mode).toBe('polling');
    expect(rest.polls()).toBe(start + 1);

    // A poll finds a new event and new figures.
    rest.state.events = [event(2), event(1)];
    rest.state.at = '2026-11-26T10:00:05.000Z';
    rest.state.players = 7;
    await after(5000);
    expect(rest.polls()).toBe(start + 2);
    expect(result.current.events.map((e) => e.id)).toEqual([2, 1]);
    expect(result.current.eventCount).toBe(1);
    expect(result.current.metrics?.metrics?.players).toBe(7);
    expect(result.current.samples.map((s) => s.players)).toEqual([1, 7]);
    // Nothing new: the count stays.
    await after(5000);
    expect(rest.polls()).toBe(start + 3);
    expect(result.current.eventCount).toBe(1);

    // More errors while polling start no second poller.
    act(() => source.fail());
    await after(5000);
    expect(rest.polls()).toBe(start + 4);

    act(() => source.open());
    expect(result.current.mode).toBe('stream');
    await after(20_000);
    expect(rest.polls()).toBe(start + 4);
  });

  it('polls at once when the stream is refused (the browser gives up: CLOSED)', async () => {
    const { result } = renderHook(() => useLive());
    await after();
    const start = rest.polls();
    act(() => FakeEventSource.made[0].fail(FakeEventSource.CLOSED));
    await after();
    expect(result.current.mode).toBe('polling');
    expect(rest.polls()).toBe(start + 1);
    await after(5000);
    expect(rest.polls()).toBe(start + 2);
  });

  it('polls from the start where there is no EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    const { result } = renderHook(() => useLive());
    expect(result.current.mode).toBe('polling');
    await after();
    expect(FakeEventSource.made).toHaveLength(0);
    expect(result.current.metrics?.metrics?.players).toBe(1);
    const start = rest.polls();
    await after(5000);
    expect(rest.polls()).toBe(start + 1);
  });

  it('keeps the last figures when a poll fails', async () => {
    const { result } = renderHook(() => useLive());
    await after();
    act(() => FakeEventSource.made[0].fail(FakeEventSource.CLOSED));
    await after();
    rest.fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await after(5000);
    expect(result.current.mode).toBe('polling');
    expect(result.current.metrics?.metrics?.players).toBe(1);
    expect(result.current.events.map((e) => e.id)).toEqual([1]);
  });

  it('closes the stream and stops polling when the screen closes', async () => {
    const { unmount } = renderHook(() => useLive());
    await after();
    const source = FakeEventSource.made[0];
    act(() => source.fail(FakeEventSource.CLOSED));
    await after();
    unmount();
    expect(source.closed).toBe(true);
    const polled = rest.polls();
    await after(20_000);
    expect(rest.polls()).toBe(polled);
  });
});
