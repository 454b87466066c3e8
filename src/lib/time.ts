// Timestamps are RFC 3339 in UTC with milliseconds everywhere (interface.md, Decisions).
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
export const iso = (d: Date): string => d.toISOString();

const DATE_HEAD = /^(\d{4})-(\d\d)-(\d\d)(?:[Tt ](\d\d))?/;

/** Date.parse, but NaN for a date-time that names no real instant. Date.parse (the ECMAScript
 * form) refuses a month past 12 and a minute or a second past 59, yet rolls a day past its
 * month's end (2026-02-30 for March 2) and hour 24 over into the next day: those two are checked
 * here. (setUTCFullYear, not Date.UTC: a year below 100 stays that year, with its own leap days.) */
export function parseInstant(v: string): number {
  const m = DATE_HEAD.exec(v);
  if (m) {
    const [y, mo, d, h] = m.slice(1).map(Number);
    const day = new Date(0);
    day.setUTCFullYear(y, mo - 1, d);
    if (day.getUTCDate() !== d || h > 23) return Number.NaN;
  }
  return Date.parse(v);
}
