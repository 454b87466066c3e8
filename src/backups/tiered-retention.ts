// Which backups retention keeps (issue: backups that survive the machine): every backup younger
// than the retention days; with tiers on, then the newest of each UTC day younger than N weeks,
// and the newest of each week (weeks start on Monday, UTC) younger than M months; always the
// newest backup. A pure function of the backups and `now`, so a simulated year tests it.
//
// The newest of a day or week is kept (not the oldest) so that applying the rule again later
// keeps the same backups: no new backup ever lands in a past day, and a week's newest is its
// last day's newest, which the daily tier kept too.

export interface RetentionRule {
  retentionDays: number;
  /** 0: off. One a day is kept for backups younger than this many weeks. */
  keepDailyWeeks: number;
  /** 0: off. One a week is kept for backups younger than this many months. */
  keepWeeklyMonths: number;
}

export interface Dated {
  id: string;
  createdAt: string;
}

const DAY = 86_400_000;
/** 1970-01-05 was a Monday: weeks counted from it start on Mondays. */
const MONDAY = 4 * DAY;

/** `now` less `months` calendar months (UTC), the day clamped to the month's length. */
export function monthsBefore(now: Date, months: number): number {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** The ids of `backups` to keep at `now`. */
export function backupsToKeep<T extends Dated>(backups: readonly T[], now: Date, rule: RetentionRule): Set<string> {
  const keep = new Set<string>();
  const dated = backups
    .map((b) => ({ id: b.id, t: Date.parse(b.createdAt) }))
    .filter((b) => Number.isFinite(b.t))
    .sort((a, b) => b.t - a.t || (a.id < b.id ? 1 : -1));
  if (dated[0]) keep.add(dated[0].id);
  const all = now.getTime() - rule.retentionDays * DAY;
  const daily = rule.keepDailyWeeks > 0 ? now.getTime() - rule.keepDailyWeeks * 7 * DAY : Infinity;
  const weekly = rule.keepWeeklyMonths > 0 ? monthsBefore(now, rule.keepWeeklyMonths) : Infinity;
  const days = new Set<number>();
  const weeks = new Set<number>();
  // Newest first: the first backup seen of a day or week is its newest.
  for (const b of dated) {
    const day = Math.floor(b.t / DAY);
    const week = Math.floor((b.t - MONDAY) / (7 * DAY));
    if (b.t >= all) keep.add(b.id);
    else if (b.t >= daily && !days.has(day)) keep.add(b.id);
    else if (b.t >= weekly && !weeks.has(week)) keep.add(b.id);
    days.add(day);
    weeks.add(week);
  }
  return keep;
}
