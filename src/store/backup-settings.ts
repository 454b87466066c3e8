// The backup schedule and retention (issue 12), the storage budget, tiered retention and the
// off-site check's interval and bound, audited with each change.
import type { Actor } from '../domain/actor.js';
import {
  BACKUP_BUDGET_BYTES,
  BACKUP_CHECK_INTERVAL_HOURS,
  BACKUP_CHECK_MAX_AGE_HOURS,
  BACKUP_INTERVAL_HOURS as HOURS,
  BACKUP_KEEP_DAILY_WEEKS,
  BACKUP_KEEP_WEEKLY_MONTHS,
  BACKUP_RETENTION_DAYS as DAYS,
} from '../contract/backup-words.js';
import { type BackupSchedule, type BackupScheduleInput } from '../contract/backups.js';
import { ValidationError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import type { DurableDb } from './durable-db.js';

export type { BackupSchedule, BackupScheduleInput };

export const DEFAULT_SCHEDULE: BackupSchedule = {
  enabled: false,
  intervalHours: 4,
  retentionDays: 7,
  budgetBytes: 0,
  keepDailyWeeks: 0,
  keepWeeklyMonths: 0,
  checkIntervalHours: 0,
  checkMaxAgeHours: 48,
};

/** The numeric fields, each with its bounds. */
const BOUNDS: [keyof BackupSchedule, { min: number; max: number }][] = [
  ['intervalHours', HOURS],
  ['retentionDays', DAYS],
  ['budgetBytes', BACKUP_BUDGET_BYTES],
  ['keepDailyWeeks', BACKUP_KEEP_DAILY_WEEKS],
  ['keepWeeklyMonths', BACKUP_KEEP_WEEKLY_MONTHS],
  ['checkIntervalHours', BACKUP_CHECK_INTERVAL_HOURS],
  ['checkMaxAgeHours', BACKUP_CHECK_MAX_AGE_HOURS],
];

export class BackupSettingsRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  schedule(): BackupSchedule {
    const rows = this.db.all<{ key: string; value: string }>('SELECT key, value FROM backup_settings');
    const v = new Map(rows.map((r) => [r.key, r.value]));
    const out = { ...DEFAULT_SCHEDULE, enabled: v.has('enabled') ? v.get('enabled') === 'on' : DEFAULT_SCHEDULE.enabled };
    for (const [k] of BOUNDS) if (v.has(k)) (out as Record<string, number | boolean>)[k] = Number(v.get(k));
    return out;
  }

  /** Sets the schedule; a field left out keeps its value. Bad input changes nothing. */
  setSchedule(input: BackupScheduleInput, actor: Actor): BackupSchedule {
    const s: BackupSchedule = { ...this.schedule(), ...stripUndefined(input) };
    for (const [k, b] of BOUNDS) {
      const n = s[k] as number;
      if (!Number.isSafeInteger(n) || n < b.min || n > b.max)
        throw new ValidationError(`The "${k}" must be a whole number from ${b.min} to ${b.max}.`);
    }
    const at = iso(this.clock());
    this.db.write((tx) => {
      const pairs: [string, string][] = [
        ['enabled', s.enabled ? 'on' : 'off'],
        ...BOUNDS.map(([k]) => [k, String(s[k])] as [string, string]),
      ];
      for (const [k, v] of pairs) tx.run('INSERT OR REPLACE INTO backup_settings (key, value) VALUES (?, ?)', [k, v]);
      this.audit.record(tx, { actor, action: 'backup.schedule', target: '', detail: describe(s), at });
    });
    return this.schedule();
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The audit's words for a schedule; the parts beyond the first three only when they are on. */
function describe(s: BackupSchedule): string {
  const parts = [`${s.enabled ? 'on' : 'off'}, every ${s.intervalHours} h, kept ${s.retentionDays} days`];
  if (s.keepDailyWeeks || s.keepWeeklyMonths)
    parts.push(`then daily for ${s.keepDailyWeeks} weeks, weekly for ${s.keepWeeklyMonths} months`);
  if (s.budgetBytes) parts.push(`budget ${s.budgetBytes} bytes`);
  if (s.checkIntervalHours)
    parts.push(`off-site check every ${s.checkIntervalHours} h${s.checkMaxAgeHours ? `, warned past ${s.checkMaxAgeHours} h` : ''}`);
  return parts.join('; ');
}
