// Backups, their schedule, checks, off-site copies and restore, over the save folder (issue 12).
import type { Settings } from '../config/settings.js';
import type { GameRestClient } from '../game/rest-client.js';
import { createGameControl } from '../game/game-control.js';
import type { BackupPorts } from '../backups/types.js';
import { createBackupStack } from '../backups/stack.js';
import { BackupScheduler } from '../backups/scheduler.js';
import type { Clock } from '../lib/time.js';
import type { Logger } from '../lib/logger.js';
import type { LiveSource } from '../poller/live-source.js';
import type { StoreParseResult } from '../ingest/parse-job.js';
import type { SaveWatcher } from '../ingest/save-watcher.js';
import type { Store } from '../store/index.js';
import type { Lifecycle } from './shutdown.js';

/** Backups, their schedule and restore, over the save folder (issue 12). */
export function startBackups(
  settings: Settings,
  store: Store,
  clock: Clock,
  log: Logger,
  life: Lifecycle,
  live: LiveSource,
  client: GameRestClient | null,
  watcher: SaveWatcher<StoreParseResult>,
  env: Readonly<Record<string, string | undefined>>,
): BackupPorts {
  const { svc, restorer, checker, ports, copier } = createBackupStack({
    store,
    settings,
    env,
    world: () => watcher.folder.dirNow(),
    worldIds: () => watcher.folder.ids(),
    log,
    clock,
    client,
    game: createGameControl({ client, rconAddr: settings.rconAddr, reachable: () => live.snapshot().reachable, clock }),
    ingest: watcher,
  });
  life.onClose('backups', async () => {
    await restorer.idle();
    await svc.idle();
    await checker.idle();
  });
  // Closed before the backups (closers run in reverse): a copy under way is killed and stays
  // pending; one a last backup queues meanwhile is kept in the store for the next start.
  if (copier) {
    copier.start();
    life.onClose('backup copies', () => copier.stop());
  }
  new BackupScheduler(svc, store, clock, log).start(life.signal);
  checker.startTimer(life.signal);
  return ports;
}
