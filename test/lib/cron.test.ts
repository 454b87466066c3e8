// Cron arithmetic in a zone (lib/cron.ts over croner): the times across both daylight-saving
// changes as docs/settings.md states them, and what is refused.
import { describe, expect, it } from 'vitest';
import { checkCron, CronError, isTimeZone, nextCron, wallTime } from '../../src/lib/cron.js';

const walk = (expr: string, zone: string, fromIso: string, n: number) => {
  const out: string[] = [];
  let at = new Date(fromIso);
  for (let i = 0; i < n; i++) {
    at = nextCron(expr, zone, at)!;
    out.push(at.toISOString());
  }
  return out;
};

describe('cron in a time zone', () => {
  it('every half hour across fall back in Berlin: each real half hour, both 02:30s', () => {
    expect(walk('*/30 * * * *', 'Europe/Berlin', '2026-10-24T23:50:00Z', 6)).toEqual([
      '2026-10-25T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T00:30:00.000Z', // 02:30 CEST
      '2026-10-25T01:00:00.000Z', // 02:00 CET
      '2026-10-25T01:30:00.000Z', // 02:30 CET
      '2026-10-25T02:00:00.000Z', // 03:00 CET
      '2026-10-25T02:30:00.000Z',
    ]);
  });

  it('every half hour across spring forward in Berlin: the skipped hour has none', () => {
    expect(walk('*/30 * * * *', 'Europe/Berlin', '2026-03-29T00:10:00Z', 3)).toEqual([
      '2026-03-29T00:30:00.000Z', // 01:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST (02:00 and 02:30 did not exist)
      '2026-03-29T01:30:00.000Z', // 03:30 CEST
    ]);
  });

  it('names the local wall time', () => {
    expect(wallTime(new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', h: 2, mi: 30 });
    expect(wallTime(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', h: 2, mi: 30 });
    expect(wallTime(new Date('2026-07-14T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-07-15', h: 8, mi: 30 });
  });

  it('refuses what is not five fields, a bad field or a zone the runtime does not know', () => {
    expect(() => checkCron('0 5 * * * *', 'UTC')).toThrow(/five fields/);
    expect(() => checkCron('@daily', 'UTC')).toThrow(CronError);
    expect(() => checkCron('0 24 * * *', 'UTC')).toThrow(CronError);
    expect(() => checkCron('0 5 30 2 *', 'UTC')).toThrow(CronError);
    expect(() => checkCron('0 5 * * *', 'Mars/Olympus')).toThrow(/unknown time zone/);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('../../etc/passwd')).toBe(false);
  });
});
