// parseInstant (lib/time.ts): Date.parse, except for the date-times it would roll over into the
// next day (a day past its month's end, hour 24), which name no real instant.
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../src/lib/time.js';

describe('parseInstant', () => {
  it('reads what Date.parse reads, the last hour and a leap day included', () => {
    expect(parseInstant('2026-07-14T23:59:59.999Z')).toBe(Date.UTC(2026, 6, 14, 23, 59, 59, 999));
    expect(parseInstant('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(parseInstant('2026-07-14')).toBe(Date.UTC(2026, 6, 14));
    // A form without a leading date is Date.parse's alone.
    expect(parseInstant('Tue, 14 Jul 2026 09:30:00 GMT')).toBe(Date.UTC(2026, 6, 14, 9, 30));
    // Years below 100 are those years: 0000 was a leap year (1900 was not).
    expect(new Date(parseInstant('0000-02-29T00:00:00Z')).toISOString()).toBe('0000-02-29T00:00:00.000Z');
  });

  it('is NaN for a day past its month’s end, hour 24, and what Date.parse refuses', () => {
    for (const v of ['2026-02-30T00:00:00Z', '2025-02-29', '2026-04-31T10:00:00+02:00', '2026-07-14T24:00:00Z', '0049-02-29T00:00:00Z'])
      expect(parseInstant(v), v).toBeNaN();
    for (const v of ['not a date', '', '2026-13-01T00:00:00Z', '2026-07-14T09:60:00Z']) expect(parseInstant(v), v).toBeNaN();
  });
});
