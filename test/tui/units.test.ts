import { describe, expect, it } from 'vitest';
import { ago, fit, formatUptime, sparkline } from '../../src/tui/format.js';
import { Scheduler } from '../../src/tui/scheduler.js';

describe('formatters', () => {
  it('uptime, relative time, fitting, sparkline', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(59)).toBe('59s');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(2 * 86400 + 3600)).toBe('2d 1h');
    const now = Date.parse('2026-01-01T00:10:00Z');
    expect(ago('2026-01-01T00:09:30Z', now)).toBe('30s ago');
    expect(ago('2026-01-01T00:00:00Z', now)).toBe('10m ago');
    expect(ago(null, now)).toBe('never');
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(fit('abc', 4)).toBe('abc');
    expect(sparkline([0, 5, 10], 10)).toBe('▁▅█');
    expect(sparkline([3, 3], 10)).toBe('▄▄');
    expect(sparkline([1, 2, 3, 4], 2)).toBe('▁█');
  });
});

describe('request scheduler', () => {
  const routes = [
    { key: 'fast', periodMs: 1_000 },
    { key: 'slow', periodMs: 10_000 },
  ];

  it('never spends more than the budget within any minute', () => {
    const s = new Scheduler(routes, 30);
    const sent: number[] = [];
    for (let t = 0; t < 5 * 60_000; t += 250) for (const _ of s.due(t)) sent.push(t);
    for (const t of sent) expect(sent.filter((x) => x > t - 60_000 && x <= t).length).toBeLessThanOrEqual(30);
    expect(sent.length).toBeGreaterThan(100);
  });

  it('respects each route period and sends a forced route at once', () => {
    const s = new Scheduler(routes, 1000);
    expect(s.due(0)).toEqual(['fast', 'slow']);
    expect(s.due(500)).toEqual([]);
    expect(s.due(1000)).toEqual(['fast']);
    s.force('slow');
    expect(s.due(1100)).toEqual(['slow']);
  });

  it('sends nothing until Retry-After has passed', () => {
    const s = new Scheduler(routes, 1000);
    s.due(0);
    s.pause(1000, 7);
    expect(s.pausedFor(1000)).toBe(7000);
    expect(s.due(5000)).toEqual([]);
    expect(s.due(7999)).toEqual([]);
    expect(s.due(8000).length).toBeGreaterThan(0);
  });
});
