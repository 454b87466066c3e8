// Pure parts of the dashboard: formatters, the request scheduler (injected clock), the layout,
// the answer checks, and the client's helpers.
import { describe, expect, it } from 'vitest';
import { reasonOf, retryAfterSec } from '../../src/tui/api-client.js';
import { decode } from '../../src/tui/decode.js';
import { ago, fit, formatUptime, pack, seconds, sparkline } from '../../src/tui/format.js';
import { CHROME, computeLayout, tabOrder, type PaneId } from '../../src/tui/layout.js';
import { ROUTES } from '../../src/tui/model.js';
import { Scheduler, WINDOW_MS } from '../../src/tui/scheduler.js';

describe('formatters', () => {
  it('uptime, relative time, durations, fitting', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(59)).toBe('59s');
    expect(formatUptime(125)).toBe('2m 5s');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(2 * 86400 + 3600)).toBe('2d 1h');
    const now = Date.parse('2026-01-01T00:10:00Z');
    expect(ago('2026-01-01T00:09:30Z', now)).toBe('30s ago');
    expect(ago('2026-01-01T00:00:00Z', now)).toBe('10m ago');
    expect(ago('2025-12-30T00:00:00Z', now)).toBe('2d ago');
    expect(ago(null, now)).toBe('never');
    expect(ago('not a date', now)).toBe('unknown');
    expect(seconds(42_400)).toBe('42s');
    expect(seconds(5 * 60_000)).toBe('5m');
    expect(seconds(3 * 3_600_000)).toBe('3h');
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(fit('abc', 4)).toBe('abc');
    expect(fit('abc', 0)).toBe('');
  });

  it('pack: items two spaces apart, wrapped to the next line, the rest cut on the last line', () => {
    expect(pack(['aa', 'bb', 'cc'], 10, 3)).toEqual(['aa  bb  cc']);
    expect(pack(['aaaa', 'bbbb', 'cccc'], 10, 3)).toEqual(['aaaa  bbbb', 'cccc']);
    expect(pack(['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee'], 10, 2)).toEqual(['aaaa  bbbb', 'cccc  ddd…']);
    expect(pack(['a-very-long-item'], 6, 2)).toEqual(['a-ver…']);
    expect(pack([], 10, 2)).toEqual([]);
  });

  it('sparkline: scaled between min and max, last values only, flat and empty cases', () => {
    expect(sparkline([0, 5, 10], 10)).toBe('▁▅█');
    expect(sparkline([3, 3], 10)).toBe('▄▄');
    expect(sparkline([1, 2, 3, 4], 2)).toBe('▁█');
    expect(sparkline([], 10)).toBe('');
    expect(sparkline([1, 2], 0)).toBe('');
    expect(sparkline([60, 59, 30, 60], 4)).toBe('██▁█');
    expect([
      ...sparkline(
        Array.from({ length: 100 }, (_, i) => i),
        60,
      ),
    ]).toHaveLength(60);
  });
});

describe('request scheduler', () => {
  const routes = [
    { key: 'fast', periodMs: 1_000 },
    { key: 'slow', periodMs: 10_000 },
  ];

  /** Every request time, and the most requests found in any one-minute window. */
  function run(s: Scheduler, untilMs: number, stepMs: number, onTick?: (t: number) => void) {
    const sent: { t: number; key: string }[] = [];
    for (let t = 0; t < untilMs; t += stepMs) {
      onTick?.(t);
      for (const key of s.due(t)) sent.push({ t, key });
    }
    let most = 0;
    for (const { t } of sent) most = Math.max(most, sent.filter((x) => x.t > t - WINDOW_MS && x.t <= t).length);
    return { sent, most };
  }

  it('never spends more than the budget within any minute, even with keys forcing requests', () => {
    const s = new Scheduler(routes, 30);
    const { sent, most } = run(s, 5 * 60_000, 250, (t) => {
      if (t % 500 === 0) s.forceAll(); // someone holding r
    });
    expect(most).toBeLessThanOrEqual(30);
    expect(sent.length).toBeGreaterThan(100);
  });

  it('the default routes at the default budget: at most 40 a minute, every route served, live figures most often', () => {
    const s = new Scheduler([...ROUTES], 40);
    const { sent, most } = run(s, 10 * 60_000, 250);
    expect(most).toBeLessThanOrEqual(40);
    const count = (k: string) => sent.filter((x) => x.key === k).length;
    for (const r of ROUTES) expect(count(r.key)).toBeGreaterThanOrEqual(9); // the pal list: about once a minute
    expect(count('server')).toBeGreaterThan(4 * count('pals'));
    expect(count('metrics')).toBeGreaterThan(count('world'));
    // The planned rate leaves room for key presses: requests a key forces go out at once.
    s.force('pals');
    expect(s.due(10 * 60_000 + 1)).toContain('pals');
  });

  it('stretches every period by the same factor when the routes ask for more than the budget', () => {
    const s = new Scheduler(routes, 1000);
    expect(s.stretch()).toBe(1);
    expect(s.periodOf('fast')).toBe(1_000);
    const tight = new Scheduler(routes, 10); // 66 a minute asked, 8.5 planned
    expect(tight.periodOf('fast') / 1_000).toBeCloseTo(tight.periodOf('slow') / 10_000);
    expect(60_000 / tight.periodOf('fast') + 60_000 / tight.periodOf('slow')).toBeCloseTo(8.5);
  });

  it('respects each route period and sends a forced route at once', () => {
    const s = new Scheduler(routes, 1000);
    expect(s.due(0)).toEqual(['fast', 'slow']);
    expect(s.due(500)).toEqual([]);
    expect(s.due(1000)).toEqual(['fast']);
    s.force('slow');
    expect(s.due(1100)).toEqual(['slow']);
    s.setPeriod('fast', 5_000);
    expect(s.due(2500)).toEqual([]);
    expect(s.due(6000)).toEqual(['fast']);
  });

  it('sends nothing until Retry-After has passed, then lowers its limit to what the panel accepted', () => {
    const s = new Scheduler(routes, 100);
    for (let t = 0; t < 5_000; t += 1_000) s.due(t); // 6 sent: fast ×5, slow ×1
    expect(s.spent(4_000)).toBe(6);
    // The panel's real limit is 4: the last two were refused.
    s.rateLimited(4_000, 7);
    s.rateLimited(4_000, 7);
    expect(s.limit).toBe(4);
    expect(s.pausedFor(4_000)).toBe(7_000);
    expect(s.due(5_000)).toEqual([]);
    expect(s.due(10_999)).toEqual([]);
    // After the pause, still nothing until the window has room under the new limit.
    expect(s.due(11_000)).toEqual([]);
    const { most } = run(s, 10 * 60_000, 500);
    expect(most).toBeLessThanOrEqual(s.budget);
  });

  it('raises its limit again after quiet minutes, never above the budget', () => {
    const s = new Scheduler(routes, 100);
    s.due(0);
    s.due(1_000);
    s.rateLimited(1_000, 1);
    expect(s.limit).toBe(2);
    for (let t = 2_000; t < 5 * 60_000; t += 1_000) s.due(t);
    expect(s.limit).toBe(2);
    s.due(5 * 60_000 + 1_000);
    expect(s.limit).toBe(3);
    let most = 0;
    for (let t = 5 * 60_000; t <= 6 * 3_600_000; t += 1_000) {
      s.due(t);
      most = Math.max(most, s.spent(t));
    }
    expect(s.limit).toBe(100);
    expect(most).toBeLessThanOrEqual(100);
  });

  it('refuses a budget below 1', () => {
    expect(() => new Scheduler(routes, 0)).toThrow(RangeError);
  });
});

describe('layout', () => {
  const ALL: PaneId[] = ['server', 'metrics', 'players', 'events', 'pals', 'world'];
  const NO_WORLD = ALL.filter((p) => p !== 'world');
  const colHeight = (col: { body: number }[]) => col.reduce((n, p) => n + p.body + CHROME, 0);

  it('two columns on a wide terminal, the pane area always rows - 2 lines tall', () => {
    for (const present of [ALL, NO_WORLD]) {
      const l = computeLayout(120, 40, present, 'server');
      expect(l.columns.map((c) => c.map((p) => p.id))).toEqual([
        present.includes('world') ? ['server', 'metrics', 'world', 'events'] : ['server', 'metrics', 'events'],
        ['players', 'pals'],
      ]);
      expect(l.columns.map(colHeight)).toEqual([38, 38]);
      expect(l.columns[0][0].width + l.columns[1][0].width).toBe(120);
      expect(l.hidden).toEqual([]);
    }
  });

  it('fits every terminal size: never taller than rows - 2, the focused pane always shown', () => {
    for (const all of [ALL, [...ALL, 'host' as const]])
      for (let cols = 20; cols <= 220; cols += 25)
        for (let rows = 4; rows <= 70; rows++)
          for (const focused of tabOrder(all)) {
            const l = computeLayout(cols, rows, all, focused);
            if (rows < CHROME + 3) {
              expect(l.tooSmall).toBe(true);
              continue;
            }
            expect(l.tooSmall).toBe(false);
            for (const col of l.columns) expect(colHeight(col)).toBeLessThanOrEqual(rows - 2);
            const shown = l.columns.flat().map((p) => p.id);
            expect(shown).toContain(focused);
            expect([...shown, ...l.hidden].sort()).toEqual([...all].sort());
            for (const p of l.columns.flat()) expect(p.body).toBeGreaterThanOrEqual(1);
          }
  });

  it('a short narrow terminal leaves out the least important panes first', () => {
    const l = computeLayout(80, 24, ALL, 'server');
    expect(l.columns).toHaveLength(1);
    expect(l.hidden).toEqual(['world', 'events', 'pals']);
    expect(l.columns[0].map((p) => [p.id, p.body])).toEqual([
      ['server', 4],
      ['metrics', 3],
      ['players', 6],
    ]);
    const events = computeLayout(80, 24, ALL, 'events');
    expect(events.columns[0].map((p) => p.id)).toEqual(['server', 'metrics', 'events']);
    const tall = computeLayout(80, 60, ALL, 'server');
    expect(tall.hidden).toEqual([]);
  });

  it('tab order follows the screen: left column top to bottom, then the lists', () => {
    expect(tabOrder(ALL)).toEqual(['server', 'metrics', 'world', 'events', 'players', 'pals']);
  });
});

describe('answer checks', () => {
  it('accept the fields drawn (and new ones), refuse answers that lack them', () => {
    const metrics = {
      fps: 60,
      fpsAvg: 59,
      frameTimeMs: 16.6,
      players: 1,
      maxPlayers: 32,
      day: 3,
      uptimeSec: 10,
      baseCamps: 1,
      newField: 'ok',
    };
    expect(decode('metrics', { data: metrics })).toEqual({ route: 'metrics', data: metrics });
    expect(decode('metrics', { data: { ...metrics, fps: '60' } })).toBeNull();
    expect(decode('metrics', '<html>')).toBeNull();
    expect(decode('pals', { data: [], nextCursor: null })).toEqual({ route: 'pals', data: [], nextCursor: null });
    expect(decode('players', { data: [], nextCursor: 5 })).toBeNull();
    expect(decode('events', { data: [{ at: '2026-01-01T00:00:00Z', kind: 'join', message: 'x joined' }] })).not.toBeNull();
    expect(decode('server', { data: { name: 'n', version: 'v', state: 'running', uptimeSec: 1, save: { state: 'ok' } } })).toBeNull();
  });
});

describe('client helpers', () => {
  it('Retry-After: integer seconds, an HTTP date, or a default', () => {
    expect(retryAfterSec('42')).toBe(42);
    expect(retryAfterSec('0')).toBe(1);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSec('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSec(undefined)).toBe(60);
    expect(retryAfterSec('soon')).toBe(60);
  });

  it('short reasons for connection failures', () => {
    expect(reasonOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('connection refused');
    expect(reasonOf(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toBe('host not found');
    expect(reasonOf(new DOMException('t', 'TimeoutError'))).toBe('timed out');
    expect(reasonOf(Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe('timed out');
  });
});
