// What happens with the REST poller's snapshot after each cycle: a successful poll's metrics go
// into the durable history (at the poll's own time, from the injected clock), and the snapshot
// goes to the live feed of `/events/stream`.
import type { LiveFeed } from '../http/stream/feed.js';
import type { LiveSnapshot } from '../domain/live.js';
import type { Store } from '../store/index.js';
import type { Logger } from '../lib/logger.js';

export function snapshotSink(store: Store, feed: LiveFeed, log: Logger): (s: LiveSnapshot) => void {
  let recorded: string | null = null;
  return (s) => {
    // A failed cycle republishes the last good snapshot: record each poll once.
    if (s.metrics && s.capturedAt !== null && s.capturedAt !== recorded) {
      recorded = s.capturedAt;
      try {
        store.metrics.record(s.metrics, new Date(s.capturedAt));
      } catch (err) {
        log('error', 'metrics history write failed', err);
      }
    }
    feed.publishSnapshot(s);
  };
}
