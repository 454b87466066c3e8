// Cron expressions and time zones (issue 40): `0 5 * * *` as hosts write them for the
// palworld-server-docker image (AUTO_REBOOT_CRON_EXPRESSION), read in an IANA zone
// (SERVICE_TIMEZONE, default UTC, or a task's own zone).
//
// The arithmetic is croner's (https://github.com/hexagon/croner): no dependencies, kept up (11.0.1,
// 2026-11), zones through Intl, and `nextRun(from)` takes the time to count from, so the clock stays
// passed in. cron-parser was the other candidate: it brings luxon, and across a spring-forward gap
// it moves a job in the skipped hour a whole hour later (02:30 → 03:30), where croner runs it when
// the clock jumps (03:00), as Vixie cron does. Across daylight saving:
// - spring forward (02:00 → 03:00): a time in the skipped hour runs once, at 03:00 local;
// - fall back (03:00 → 02:00): a time in the repeated hour runs once, the first time (summer time);
//   a pattern that names every half hour runs at each real half hour (both 02:30s).
import { Cron } from 'croner';

export class CronError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CronError';
  }
}

/** Whether the runtime knows `zone` as an IANA time zone (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Five fields (minute hour day-of-month month day-of-week), as the docker image and crontab
 * take them; croner's seconds and years fields are refused so `0 5 * * * *` is not misread. */
const FIELDS = /^\S+(\s+\S+){4}$/;

function cronOf(expr: string, zone: string): Cron {
  const text = expr.trim();
  if (!FIELDS.test(text))
    throw new CronError('a cron expression has five fields: minute hour day-of-month month day-of-week, e.g. 0 5 * * *');
  if (!isTimeZone(zone)) throw new CronError(`unknown time zone "${zone}": use an IANA name such as Europe/Berlin or UTC`);
  try {
    return new Cron(text, { timezone: zone, paused: true });
  } catch (err) {
    throw new CronError(`not a cron expression: ${err instanceof Error ? err.message : 'invalid'}`);
  }
}

/** Throws CronError saying what is wrong with the expression or the zone. */
export function checkCron(expr: string, zone: string): void {
  if (nextCron(expr, zone, new Date(0)) === null) throw new CronError('the cron expression never runs');
}

/** The first time the expression names strictly after `from`, in `zone`; null: never. */
export function nextCron(expr: string, zone: string, from: Date): Date | null {
  return cronOf(expr, zone).nextRun(from);
}

/** The local wall time of an instant in a zone: `{ y, mo, d, h, mi }` and its weekday (0 = Sunday). */
export function wallTime(at: Date, zone: string): { date: string; h: number; mi: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, h: Number(get('hour')), mi: Number(get('minute')) };
}
