// When a scheduled task is due (issue 13): the schedule's arithmetic, shared by the scheduler that
// runs the tasks and the route that shows when each runs next.

export type TaskSchedule = { every: 'interval'; minutes: number } | { every: 'day'; at: string };

const MINUTE = 60_000;

/** The first due time after `from` (exclusive) of a schedule. */
export function nextAfter(s: TaskSchedule, from: Date): Date {
  if (s.every === 'interval') return new Date(from.getTime() + s.minutes * MINUTE);
  const [h, m] = s.at.split(':').map(Number);
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), h, m));
  return d.getTime() > from.getTime() ? d : new Date(d.getTime() + 86_400_000);
}

/** The due time a task waits for: the first after its last due run, or after it was made. It is
 * in the past while a run is late (a restart delayed until the players leave). */
export function dueOf(s: TaskSchedule, lastDue: string | null, createdAt: string): Date {
  return nextAfter(s, new Date(lastDue ?? createdAt));
}
