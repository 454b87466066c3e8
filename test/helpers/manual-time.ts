// A clock and timers a test moves by hand (for actions/countdown.ts and the task scheduler): each
// timer runs when the clock passes it, in order, and the runner's step is awaited before the next.
import type { Timers } from '../../src/actions/countdown.js';

/** Timers the test moves: each due callback runs when the clock passes it. */
export function manualTime(startIso: string) {
  let now = Date.parse(startIso);
  let queue: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const timers: Timers = {
    set: (run, ms) => {
      const id = ++ids;
      queue.push({ at: now + ms, run, id });
      return id;
    },
    clear: (h) => {
      queue = queue.filter((t) => t.id !== h);
    },
  };
  return {
    clock: () => new Date(now),
    timers,
    /** Moves to `iso`, running every timer due on the way, in order, each to its end. */
    async to(iso: string, runner: { idle(): Promise<void> }) {
      const end = Date.parse(iso);
      for (;;) {
        const next = queue.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        queue = queue.filter((t) => t !== next);
        now = next.at;
        next.run();
        await runner.idle();
      }
      now = end;
    },
  };
}
