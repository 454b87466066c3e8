// Tiered retention over a simulated year, with an injected clock: a backup every 6 hours, the
// rule applied after each one as the scheduler does, and what is left checked every simulated
// day against what the rule promises (every backup of the kept days, one a day for N weeks, one a
// week for M months, nothing older, never the newest).
import { describe, expect, it } from 'vitest';
import { backupsToKeep, monthsBefore, type RetentionRule } from '../../src/backups/tiered-retention.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-01-01T03:00:00Z');

const idAt = (t: number) =>
  `${new Date(t)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}-scheduled-000000`;

/** The UTC day and the week (from Monday) a time falls in. */
const dayOf = (t: number) => Math.floor(t / DAY);
const weekOf = (t: number) => Math.floor((t - 4 * DAY) / (7 * DAY));

interface B {
  id: string;
  createdAt: string;
  t: number;
}

/** Runs the schedule for `days`, pruning after each backup; calls `look` at the end of each day. */
function simulate(rule: RetentionRule, days: number, look: (kept: B[], now: number) => void): B[] {
  let kept: B[] = [];
  for (let t = START; t < START + days * DAY; t += 6 * HOUR) {
    kept.push({ id: idAt(t), createdAt: new Date(t).toISOString(), t });
    const keep = backupsToKeep(kept, new Date(t), rule);
    kept = kept.filter((b) => keep.has(b.id));
    if ((t - START) % DAY === 18 * HOUR) look(kept, t);
  }
  return kept;
}

/** What the rule promises at `now`, checked on what is left (and on every backup ever made). */
function promises(rule: RetentionRule, kept: B[], now: number): void {
  const all = now - rule.retentionDays * DAY;
  const daily = rule.keepDailyWeeks ? now - rule.keepDailyWeeks * 7 * DAY : Infinity;
  const weekly = rule.keepWeeklyMonths ? monthsBefore(new Date(now), rule.keepWeeklyMonths) : Infinity;
  const made: number[] = [];
  for (let t = START; t <= now; t += 6 * HOUR) made.push(t);
  const keptAt = new Set(kept.map((b) => b.t));
  // Every backup of the kept days is there.
  for (const t of made.filter((t) => t >= all)) expect(keptAt.has(t), `${idAt(t)} is within the kept days`).toBe(true);
  // Past them: at most one a day in the daily tier, one a week in the weekly tier; none older.
  const older = kept.filter((b) => b.t < all);
  for (const b of older) expect(b.t >= Math.min(daily, weekly), `${b.id} is older than every tier`).toBe(true);
  const days = new Map<number, number>();
  const weeks = new Map<number, number>();
  for (const b of older.filter((b) => b.t >= daily)) days.set(dayOf(b.t), (days.get(dayOf(b.t)) ?? 0) + 1);
  for (const b of older.filter((b) => b.t < daily)) weeks.set(weekOf(b.t), (weeks.get(weekOf(b.t)) ?? 0) + 1);
  expect([...days.values()].every((n) => n === 1)).toBe(true);
  expect([...weeks.values()].every((n) => n === 1)).toBe(true);
  // Each whole day of the daily tier has its one (the newest of the day, 21:00 here), and each
  // whole week of the weekly tier has one.
  for (let d = dayOf(all) - 1; d * DAY >= daily && d * DAY >= START; d--) {
    expect(days.has(d) || kept.some((b) => dayOf(b.t) === d), `day ${new Date(d * DAY).toISOString()} has a backup`).toBe(true);
  }
  const firstWholeWeek = weekOf(Math.max(weekly, START)) + 1;
  for (let w = firstWholeWeek; (w + 1) * 7 * DAY + 4 * DAY <= Math.min(daily, all); w++)
    expect(
      kept.some((b) => weekOf(b.t) === w),
      `week ${w} has a backup`,
    ).toBe(true);
  // Never the newest.
  expect(keptAt.has(made.at(-1)!)).toBe(true);
}

describe('tiered retention', () => {
  it('over a simulated year: every backup for 7 days, one a day for 4 weeks, one a week for 6 months, nothing older', () => {
    const rule = { retentionDays: 7, keepDailyWeeks: 4, keepWeeklyMonths: 6 };
    let looks = 0;
    const kept = simulate(rule, 365, (k, now) => {
      promises(rule, k, now);
      looks++;
    });
    expect(looks).toBe(365);
    const now = kept.at(-1)!.t;
    // 7 days × 4 a day, 21 dailies, and the weeks of the 6 months before the daily tier.
    const recent = kept.filter((b) => b.t >= now - 7 * DAY);
    const dailies = kept.filter((b) => b.t < now - 7 * DAY && b.t >= now - 28 * DAY);
    const weeklies = kept.filter((b) => b.t < now - 28 * DAY);
    expect(recent.length).toBe(29);
    expect(dailies.length).toBe(21);
    expect(dailies.every((b) => new Date(b.t).getUTCHours() === 21)).toBe(true); // the newest of its day
    expect(weeklies.length).toBeGreaterThanOrEqual(21);
    expect(weeklies.length).toBeLessThanOrEqual(23);
    expect(Math.min(...weeklies.map((b) => b.t))).toBeGreaterThanOrEqual(monthsBefore(new Date(now), 6));
    // The newest of each week: a Sunday's last backup.
    expect(weeklies.every((b) => new Date(b.t).getUTCDay() === 0 && new Date(b.t).getUTCHours() === 21)).toBe(true);
  });

  it('off (the default): only the kept days, as before; the newest stays however old', () => {
    const rule = { retentionDays: 7, keepDailyWeeks: 0, keepWeeklyMonths: 0 };
    const kept = simulate(rule, 120, (k, now) => promises(rule, k, now));
    expect(kept.length).toBe(7 * 4 + 1); // the one exactly 7 days old is still within them
    const lone = [{ id: idAt(START), createdAt: new Date(START).toISOString() }];
    expect(backupsToKeep(lone, new Date(START + 400 * DAY), rule)).toEqual(new Set([lone[0].id]));
  });

  it('weekly only: one a week for 3 months straight after the kept days', () => {
    const rule = { retentionDays: 10, keepDailyWeeks: 0, keepWeeklyMonths: 3 };
    simulate(rule, 200, (k, now) => promises(rule, k, now));
  });

  it('months are calendar months, the day clamped to the month', () => {
    expect(new Date(monthsBefore(new Date('2026-05-31T12:00:00Z'), 3)).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(new Date(monthsBefore(new Date('2026-01-15T00:00:00Z'), 1)).toISOString()).toBe('2025-12-15T00:00:00.000Z');
  });
});
