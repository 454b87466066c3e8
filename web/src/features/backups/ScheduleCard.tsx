// The backup schedule: how often, how long backups are kept, the budget and the off-site check;
// an admin edits it, a viewer reads it in words.
import { useBackupSchedule } from './api';
import { useIsAdmin } from '../../shared/session';
import type { BackupSchedule } from '../../types';
import { Card } from '../../ui/bits';
import { CheckField, Field } from '../../ui/fields';
import { Async, ErrorNote } from '../../ui/states';

export function ScheduleCard() {
  const admin = useIsAdmin();
  const { r, draft, setDraft, submit, saving, error, saved } = useBackupSchedule();
  return (
    <Card title="Schedule">
      <Async r={r} what="Reading the schedule">
        {(schedule) =>
          !admin ? (
            <ScheduleFacts s={schedule} />
          ) : (
            draft && <ScheduleForm draft={draft} setDraft={setDraft} submit={submit} saving={saving} error={error} saved={saved} />
          )
        }
      </Async>
    </Card>
  );
}

/** The schedule's editors, for an admin. */
function ScheduleForm({
  draft,
  setDraft,
  submit,
  saving,
  error,
  saved,
}: {
  draft: BackupSchedule;
  setDraft: (d: BackupSchedule) => void;
  submit: () => Promise<void>;
  saving: boolean;
  error: string | null;
  saved: boolean;
}) {
  const admin = useIsAdmin();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <CheckField
        label="Back up on a schedule"
        checked={draft.enabled}
        onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
      />
      <div className="row">
        <Field
          label="Every (hours, 1–12)"
          type="number"
          min={1}
          max={12}
          required
          value={draft.intervalHours}
          onChange={(e) => setDraft({ ...draft, intervalHours: Number(e.target.value) })}
        />
        <Field
          label="Keep for (days, 7–60)"
          type="number"
          min={7}
          max={60}
          required
          value={draft.retentionDays}
          onChange={(e) => setDraft({ ...draft, retentionDays: Number(e.target.value) })}
        />
      </div>
      <div className="row">
        <Field
          label="Then one a day (weeks, 0–52)"
          type="number"
          min={0}
          max={52}
          required
          value={draft.keepDailyWeeks}
          onChange={(e) => setDraft({ ...draft, keepDailyWeeks: Number(e.target.value) })}
        />
        <Field
          label="Then one a week (months, 0–36)"
          type="number"
          min={0}
          max={36}
          required
          value={draft.keepWeeklyMonths}
          onChange={(e) => setDraft({ ...draft, keepWeeklyMonths: Number(e.target.value) })}
        />
      </div>
      <div className="row">
        <Field
          label="Budget (MB, 0 = none)"
          type="number"
          min={0}
          step={1}
          required
          value={Math.round(draft.budgetBytes / 1_000_000)}
          onChange={(e) => setDraft({ ...draft, budgetBytes: Math.max(0, Math.round(Number(e.target.value) * 1_000_000)) })}
          hint="Past it the oldest backups go first."
        />
      </div>
      <div className="row">
        <Field
          label="Off-site check every (hours, 0 = on demand)"
          type="number"
          min={0}
          max={168}
          required
          value={draft.checkIntervalHours}
          onChange={(e) => setDraft({ ...draft, checkIntervalHours: Number(e.target.value) })}
        />
        <Field
          label="Warn past (hours, 0 = never)"
          hint="When the newest good off-site copy is older."
          type="number"
          min={0}
          max={2160}
          required
          value={draft.checkMaxAgeHours}
          onChange={(e) => setDraft({ ...draft, checkMaxAgeHours: Number(e.target.value) })}
        />
      </div>
      <p className="muted small">The newest backup is never deleted, however old, nor to keep within the budget.</p>
      <ErrorNote error={error} />
      {admin && (
        <div className="actions">
          {saved && <span role="status">Saved.</span>}
          <button type="submit" className="primary" disabled={saving}>
            Save schedule
          </button>
        </div>
      )}
    </form>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The schedule as a viewer reads it: words, not editors they may not use. */
function ScheduleFacts({ s }: { s: BackupSchedule }) {
  const kept = [
    plural(s.retentionDays, 'day'),
    ...(s.keepDailyWeeks > 0 ? [`then one a day for ${plural(s.keepDailyWeeks, 'week')}`] : []),
    ...(s.keepWeeklyMonths > 0 ? [`then one a week for ${plural(s.keepWeeklyMonths, 'month')}`] : []),
  ];
  return (
    <>
      <dl className="facts">
        <dt>Scheduled backups</dt>
        <dd>{s.enabled ? `every ${plural(s.intervalHours, 'hour')}` : 'off'}</dd>
        <dt>Kept</dt>
        <dd>{kept.join(', ')}</dd>
        <dt>Budget</dt>
        <dd>{s.budgetBytes > 0 ? `${Math.round(s.budgetBytes / 1_000_000).toLocaleString('en')} MB` : 'none'}</dd>
        <dt>Off-site check</dt>
        <dd>
          {s.checkIntervalHours > 0 ? `every ${plural(s.checkIntervalHours, 'hour')}` : 'when an admin asks'}
          {s.checkMaxAgeHours > 0 ? `; warns past ${plural(s.checkMaxAgeHours, 'hour')}` : ''}
        </dd>
      </dl>
      <p className="muted small">
        The newest backup is never deleted, however old, nor to keep within the budget. An admin sets the schedule.
      </p>
    </>
  );
}
