// The window and step of a history request (the metrics' and the resources' history, which keep
// the same three tiers): the last hour unless asked, a step that matches the tier the window
// starts in (every poll for an hour, a minute for a day, ten minutes beyond), and a bound on the
// points one answer may hold.
import { MAX_HISTORY_POINTS } from '../../contract/panel/events.js';
import { HttpError } from '../errors.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const bad = (message: string) => new HttpError(400, 'invalid_request', message);

export interface HistoryWindow {
  fromMs: number;
  toMs: number;
  stepSec: number;
}

export function historyWindow(query: { from?: string; to?: string; step?: number }, now: Date): HistoryWindow {
  const toMs = query.to === undefined ? now.getTime() : Date.parse(query.to);
  const fromMs = query.from === undefined ? toMs - HOUR : Date.parse(query.from);
  if (fromMs >= toMs) throw bad('`from` must be before `to`.');
  const age = now.getTime() - fromMs;
  const stepSec = query.step ?? (age <= HOUR ? 1 : age <= DAY ? 60 : 600);
  if ((toMs - fromMs) / (stepSec * 1000) > MAX_HISTORY_POINTS)
    throw bad(`At most ${MAX_HISTORY_POINTS} steps per request; widen the step.`);
  return { fromMs, toMs, stepSec };
}

/** A history answer's `data`: the window as times, its step, and the points. */
export function historyData<P>(w: HistoryWindow, points: P[]) {
  return { from: new Date(w.fromMs).toISOString(), to: new Date(w.toMs).toISOString(), stepSec: w.stepSec, points };
}
