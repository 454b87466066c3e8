// Scheduled backups: when the schedule is on and the newest scheduled backup is older than the
// interval, one is made, then retention runs. A check runs at start and then every minute, so
// runs missed while palpanel was down make one backup at start, not one per missed slot.
import { SYSTEM } from '../domain/actor.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import type { BackupService } from './service.js';
import type { Logger } from '../lib/logger.js';

export const CHECK_EVERY_MS = 60_000;

export class BackupScheduler {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly backups: BackupService,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** One check: 'ran' (a backup was made), or why not. */
  async tick(): Promise<'ran' | 'off' | 'not due' | 'busy' | 'failed'> {
    const s = this.store.backupSettings.schedule();
    if (!s.enabled) return 'off';
    const now = this.clock();
    const last = (await this.backups.list()).find((b) => b.trigger === 'scheduled');
    if (last && now.getTime() - Date.parse(last.createdAt) < s.intervalHours * 3_600_000) return 'not due';
    if (this.backups.busy) return 'busy';
    try {
      await this.backups.start('scheduled', SYSTEM).done;
    } catch (err) {
      this.log('warn', 'scheduled backup failed', err);
      return 'failed';
    }
    await this.backups.applyRetention(this.clock());
    return 'ran';
  }

  start(signal: AbortSignal): void {
    const run = () => {
      if (signal.aborted) return;
      void this.tick()
        .catch((err: unknown) => this.log('error', 'backup schedule check failed', err))
        .finally(() => {
          if (!signal.aborted) this.timer = setTimeout(run, CHECK_EVERY_MS);
        });
    };
    run();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
    });
  }
}
