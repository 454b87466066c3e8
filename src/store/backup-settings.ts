// The backup schedule and retention (issue 12), audited with each change.
import type { Actor } from '../lib/actor.js';
import { BACKUP_INTERVAL_HOURS as HOURS, BACKUP_RETENTION_DAYS as DAYS, type BackupSchedule } from '../lib/backup.js';
import { ValidationError } from '../lib/errors.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import type { DurableDb } from './durable-db.js';

export type { BackupSchedule };

export const DEFAULT_SCHEDULE: BackupSchedule = { enabled: false, intervalHours: 4, retentionDays: 7 };

export class BackupSettingsRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  schedule(): BackupSchedule {
    const rows = this.db.all<{ key: string; value: string }>('SELECT key, value FROM backup_settings');
    const v = new Map(rows.map((r) => [r.key, r.value]));
    return {
      enabled: v.has('enabled') ? v.get('enabled') === 'on' : DEFAULT_SCHEDULE.enabled,
      intervalHours: v.has('intervalHours') ? Number(v.get('intervalHours')) : DEFAULT_SCHEDULE.intervalHours,
      retentionDays: v.has('retentionDays') ? Number(v.get('retentionDays')) : DEFAULT_SCHEDULE.retentionDays,
    };
  }

  setSchedule(s: BackupSchedule, actor: Actor): BackupSchedule {
    if (!Number.isInteger(s.intervalHours) || s.intervalHours < HOURS.min || s.intervalHours > HOURS.max)
      throw new ValidationError(`The "intervalHours" must be a whole number from ${HOURS.min} to ${HOURS.max}.`);
    if (!Number.isInteger(s.retentionDays) || s.retentionDays < DAYS.min || s.retentionDays > DAYS.max)
      throw new ValidationError(`The "retentionDays" must be a whole number from ${DAYS.min} to ${DAYS.max}.`);
    const at = iso(this.clock());
    this.db.write((tx) => {
      for (const [k, v] of [
        ['enabled', s.enabled ? 'on' : 'off'],
        ['intervalHours', String(s.intervalHours)],
        ['retentionDays', String(s.retentionDays)],
      ]) {
        tx.run('INSERT OR REPLACE INTO backup_settings (key, value) VALUES (?, ?)', [k, v]);
      }
      this.audit.record(tx, {
        actor,
        action: 'backup.schedule',
        target: '',
        detail: `${s.enabled ? 'on' : 'off'}, every ${s.intervalHours} h, kept ${s.retentionDays} days`,
        at,
      });
    });
    return this.schedule();
  }
}
