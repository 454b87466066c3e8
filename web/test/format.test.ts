// format.ts follows the UI's language and the reader's zone choice (issue 39): relative times,
// durations, sizes and numbers through Intl in the locale the provider set; moments in the shown
// zone with the zone named, UTC when chosen; its own words from the catalog.
import { afterEach, describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ago, bytes, num, span, when, worldXY, setFormat } from '../src/shared/format';
import { setZoneChoice, weekInZone } from '../src/shared/zone';
import { messagesOf } from './render-intl';

function speak(locale: string) {
  setFormat({ locale, intl: createIntl({ locale, messages: messagesOf(locale) }), pseudo: false });
}

afterEach(() => {
  setFormat({ locale: 'en', intl: null, pseudo: false });
  setZoneChoice('local');
});

const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('format.ts in the UI’s language', () => {
  it('English', () => {
    speak('en');
    expect(ago('2026-11-28T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(ago('2026-11-28T15:00:00Z', NOW)).toBe('in 3 hours');
    expect(ago('2026-11-28T11:59:58Z', NOW)).toBe('just now');
    expect(ago(null, NOW)).toBe('never');
    expect(num(1234567)).toBe('1,234,567');
    expect(bytes(12_300_000)).toBe('12 MB');
    expect(bytes(1_500)).toBe('1.5 kB');
    expect(span(3 * 3600 + 12 * 60)).toMatch(/^3 hr,? 12 min$/);
    expect(worldXY({ x: 12345.4, y: -6.6 })).toBe('world 12345, -7');
  });

  it('German and Japanese: Intl’s words and digits, the catalog’s words', () => {
    speak('de');
    expect(ago('2026-11-28T11:55:00Z', NOW)).toBe('vor 5 Minuten');
    expect(num(1234567)).toBe('1.234.567');
    expect(bytes(1_500)).toBe('1,5 kB');
    expect(ago(null, NOW)).toBe('nie');
    expect(worldXY({ x: 1, y: 2 })).toBe('Welt 1, 2');
    speak('ja');
    expect(ago('2026-11-28T11:55:00Z', NOW)).toBe('5 分前');
    expect(ago('2026-11-28T11:59:58Z', NOW)).toBe('たった今');
  });

  it('a moment in the chosen zone, the zone named; UTC by choice', () => {
    speak('en');
    setZoneChoice('utc');
    expect(when('2026-11-28T07:13:00Z')).toMatch(/^Nov 28, 2026, 07:13 (AM )?UTC$/);
    expect(when(null)).toBe('—');
    setZoneChoice('local');
    const local = when('2026-11-28T07:13:00Z');
    const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-11-28T07:13:00Z'))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(local.endsWith(zone)).toBe(true);
  });

  it('the heatmap’s week in UTC turned to the zone: each hour moves by the offset, across days and the week', () => {
    const week = Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => d * 100 + h));
    expect(weekInZone(week, 0)).toBe(week);
    const east = weekInZone(week, 2); // UTC+2: Monday 00:00 UTC is Monday 02:00 here
    expect(east[0][2]).toBe(0);
    expect(east[0][0]).toBe(622); // Sunday 22:00 UTC is Monday 00:00 here
    const west = weekInZone(week, -5);
    expect(west[0][19]).toBe(100); // Tuesday 00:00 UTC is Monday 19:00 here
    expect(west.flat().sort((a, b) => a - b)).toEqual(week.flat().sort((a, b) => a - b));
  });
});
