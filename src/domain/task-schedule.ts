// When a scheduled task is due (issue 13; cron and time zones issue 40): the schedule's
// arithmetic, shared by the scheduler that runs the tasks and the route that shows when each runs
// next. A daily time and a cron expression are read in the task's own zone, else in
// SERVICE_TIMEZONE (default UTC, so a task made before zones existed keeps its time).
import { nextCron } from '../lib/cron.js';

export type TaskSchedule =
  | { every: 'interval'; minutes: number }
  | { every: 'day'; at: string; timezone?: string }
  | { every: 'cron'; cron: string; timezone?: string };

const MINUTE = 60_000;
/** A schedule that never comes again (a cron for February 30th) waits this far away. */
const NEVER = new Date(8.64e15);

/** The zone a schedule's times are read in. */
export const zoneOf = (s: TaskSchedule, defaultZone: string): string => (s.every === 'interval' ? 'UTC' : (s.timezone ?? defaultZone));

/** The first due time after `from` (exclusive) of a schedule. */
export function nextAfter(s: TaskSchedule, from: Date, defaultZone = 'UTC'): Date {
  if (s.every === 'interval') return new Date(from.getTime() + s.minutes * MINUTE);
  const zone = zoneOf(s, defaultZone);
  if (s.every === 'cron') return nextCron(s.cron, zone, from) ?? NEVER;
  const [h, m] = s.at.split(':').map(Number);
  return nextCron(`${m} ${h} * * *`, zone, from) ?? NEVER;
}

/** The due time a task waits for: the first after its last due run, or after it was made. It is
 * in the past while a run is late (a restart delayed until the players leave). */
export function dueOf(s: TaskSchedule, lastDue: string | null, createdAt: string, defaultZone = 'UTC'): Date {
  return nextAfter(s, new Date(lastDue ?? createdAt), defaultZone);
}
