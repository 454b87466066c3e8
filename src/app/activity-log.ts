// The lines an operator follows in journald or `docker logs`: every new row of the event log
// (joins and leaves, the game going away and coming back, backups, moderation, and each audit
// entry: key and user changes, logins), and the REST poller's state when it changes, with the
// reason in words (a refused admin password is not "unreachable").
import type { LiveSnapshot } from '../domain/live.js';
import type { Store } from '../store/index.js';
import type { Logger } from '../lib/logger.js';

const PAGE = 500;

/** Logs each event as it commits; returns the unsubscribe function. */
export function logEvents(store: Store, log: Logger): () => void {
  let last = store.events.lastId();
  return store.events.onAppend(() => {
    for (;;) {
      const rows = store.events.after(last, PAGE);
      for (const e of rows) {
        last = e.id;
        log(e.kind === 'moderation' ? 'warn' : 'info', `${e.kind}: ${e.message}`);
      }
      if (rows.length < PAGE) return;
    }
  });
}

/** A snapshot listener that logs the REST poller's state when it changes. */
export function logRestState(log: Logger, lastError: () => string | null): (s: LiveSnapshot) => void {
  let previous: string | null = null;
  return (s) => {
    const state = s.reachable ? 'reachable' : (s.problem ?? 'unreachable');
    const why = s.reachable ? null : lastError();
    const key = `${state}|${why ?? ''}`;
    if (key === previous) return;
    const first = previous === null;
    previous = key;
    if (s.reachable) {
      if (!first) log('info', 'game REST API: reachable again');
      else log('info', 'game REST API: reachable');
    } else {
      log('warn', `game REST API: ${state}${why ? `: ${why}` : ''}`);
    }
  };
}
