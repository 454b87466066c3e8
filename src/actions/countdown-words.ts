// The arithmetic and the words of a shutdown or restart countdown (issue "Operating with
// confidence"): at which moments players are told, and what they are told. Pure, so the words
// are tested at every step: "in 1 minute", "in 30 seconds", never "in 0 min".

// The kinds and the bounds of the steps are words of the wire (contract/vocabulary.ts).
import { DEFAULT_STEPS_SEC, MAX_STEP_SEC, type CountdownKind } from '../contract/vocabulary.js';
import { gameWords, type GameWords } from './game-words/format.js';
/** A countdown that starts this close before one of its steps says nothing at its start: the step
 * comes soon enough (the task scheduler, checking every 15 s, starts a restart's countdown up to
 * this long before its first step). */
export const START_GRACE_SEC = 15;

const EN = gameWords('en');

/** A span in words: 600 → "10 minutes", 60 → "1 minute", 90 → "1 minute and 30 seconds",
 * 5400 → "1 hour and 30 minutes". Whole seconds; 0 has no span ("now" is the caller's word). */
export const spanWords = (sec: number): string => EN.span(sec);

/** What players read `sec` seconds before the end: "Server shutdown in 10 minutes", with the
 * admin's reason after a colon; "Server restart now" at 0. In English; the countdown itself
 * speaks the game's language (SERVICE_GAME_LANGUAGE, game-words/). */
export const countdownWords = (kind: CountdownKind, sec: number, reason?: string | null): string => EN.countdown(kind, sec, reason);

/** What players read when the admin cancels. */
export const cancelWords = (kind: CountdownKind): string => EN.cancelled(kind);

/** One moment of a countdown: `sec` seconds before the end. `last`: the step handed to the game
 * (its own shutdown, with this many seconds to wait and these words), after which it cannot be
 * cancelled. */
export interface CountdownStep {
  sec: number;
  words: string;
  last: boolean;
}

/** The steps, largest first, without repeats; each a whole second count in range (the route's
 * schema says so to the admin; this keeps a bad value from the store harmless). */
export function normalSteps(steps: readonly number[] | undefined): number[] {
  const ok = (steps ?? DEFAULT_STEPS_SEC).filter((s) => Number.isInteger(s) && s >= 1 && s <= MAX_STEP_SEC);
  return [...new Set(ok.length ? ok : DEFAULT_STEPS_SEC)].sort((a, b) => b - a);
}

/** The moments of a countdown with `remainingSec` to go: an announcement now when no step comes
 * within START_GRACE_SEC, then each step not already past; the smallest is the last (handed to
 * the game). With no step left (a shutdown in 5 s with steps down to 10 s), the start itself is
 * the last step. */
export function countdownPlan(
  kind: CountdownKind,
  remainingSec: number,
  steps: readonly number[] | undefined,
  reason?: string | null,
  words: GameWords = EN,
) {
  const remaining = Math.max(0, Math.round(remainingSec));
  const ahead = normalSteps(steps).filter((s) => s <= remaining);
  const sec = [...(ahead.length === 0 || remaining - ahead[0] > START_GRACE_SEC ? [remaining] : []), ...ahead];
  const unique = [...new Set(sec)];
  return unique.map((s, i): CountdownStep => ({ sec: s, words: words.countdown(kind, s, reason), last: i === unique.length - 1 }));
}
