// What the diagnostics route reads beyond the pollers' caches and the store: since when each
// link works or fails (kept where the link is used: the pollers, the save watcher, the
// notifier), and the free space of the backup folder's disk. Built in src/app/serve.ts;
// absent (tests of other routes), the route says what it can from the rest of HttpDeps.
import type { LinkState } from '../../../domain/link-track.js';
import type { DiskSpace } from '../../../lib/disk-space.js';
import type { WebhookHealth } from '../../../actions/notifier.js';

export interface DiagnosticsPorts {
  /** null: no game REST API configured. */
  restLink(): LinkState | null;
  gameDataLink(): LinkState | null;
  /** null: no save folder. */
  saveLink(): LinkState | null;
  webhooks(): WebhookHealth;
  /** undefined: unreadable (or no backup folder). */
  backupDisk(): Promise<DiskSpace | undefined>;
}

export type { LinkState, DiskSpace, WebhookHealth };
