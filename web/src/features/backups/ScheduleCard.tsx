// The backup schedule: how often, how long backups are kept, the budget and the off-site check;
// an admin edits it, a viewer reads it in words.
import { useIntl } from 'react-intl';
import { useBackupSchedule } from './api';
import { useIsAdmin } from '../../shared/session';
import type { BackupSchedule } from '../../types';
import { Card } from '../../ui/bits';
import { CheckField, Field } from '../../ui/fields';
import { Async, ErrorNote } from '../../ui/states';

export function ScheduleCard() {
  const admin = useIsAdmin();
  const { r, draft, setDraft, submit, saving, error, saved } = useBackupSchedule();
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'backups.schedule.title' })}>
      <Async r={r} what={intl.formatMessage({ id: 'backups.schedule.reading' })}>
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
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `backups.schedule.${id}` });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <CheckField label={t('enabled')} checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
      <div className="row">
        <Field
          label={t('interval')}
          type="number"
          min={1}
          max={12}
          required
          value={draft.intervalHours}
          onChange={(e) => setDraft({ ...draft, intervalHours: Number(e.target.value) })}
        />
        <Field
          label={t('retention')}
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
          label={t('daily')}
          type="number"
          min={0}
          max={52}
          required
          value={draft.keepDailyWeeks}
          onChange={(e) => setDraft({ ...draft, keepDailyWeeks: Number(e.target.value) })}
        />
        <Field
          label={t('weekly')}
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
          label={t('budget')}
          type="number"
          min={0}
          step={1}
          required
          value={Math.round(draft.budgetBytes / 1_000_000)}
          onChange={(e) => setDraft({ ...draft, budgetBytes: Math.max(0, Math.round(Number(e.target.value) * 1_000_000)) })}
          hint={t('budgetHint')}
        />
      </div>
      <div className="row">
        <Field
          label={t('check')}
          type="number"
          min={0}
          max={168}
          required
          value={draft.checkIntervalHours}
          onChange={(e) => setDraft({ ...draft, checkIntervalHours: Number(e.target.value) })}
        />
        <Field
          label={t('maxAge')}
          hint={t('maxAgeHint')}
          type="number"
          min={0}
          max={2160}
          required
          value={draft.checkMaxAgeHours}
          onChange={(e) => setDraft({ ...draft, checkMaxAgeHours: Number(e.target.value) })}
        />
      </div>
      <p className="muted small">{t('newestKept')}</p>
      <ErrorNote error={error} />
      {admin && (
        <div className="actions">
          {saved && <span role="status">{t('saved')}</span>}
          <button type="submit" className="primary" disabled={saving}>
            {t('save')}
          </button>
        </div>
      )}
    </form>
  );
}

/** The schedule as a viewer reads it: words, not editors they may not use. */
function ScheduleFacts({ s }: { s: BackupSchedule }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `backups.facts.${id}` }, values);
  const kept = [
    t('days', { count: s.retentionDays }),
    ...(s.keepDailyWeeks > 0 ? [t('thenDaily', { count: s.keepDailyWeeks })] : []),
    ...(s.keepWeeklyMonths > 0 ? [t('thenWeekly', { count: s.keepWeeklyMonths })] : []),
  ];
  const check = s.checkIntervalHours > 0 ? t('everyHours', { count: s.checkIntervalHours }) : t('onAsk');
  return (
    <>
      <dl className="facts">
        <dt>{t('scheduled')}</dt>
        <dd>{s.enabled ? t('everyHours', { count: s.intervalHours }) : t('off')}</dd>
        <dt>{t('kept')}</dt>
        <dd>{kept.join(t('separator'))}</dd>
        <dt>{t('budget')}</dt>
        <dd>{s.budgetBytes > 0 ? t('megabytes', { mb: Math.round(s.budgetBytes / 1_000_000) }) : t('none')}</dd>
        <dt>{t('check')}</dt>
        <dd>{s.checkMaxAgeHours > 0 ? t('checkWarns', { check, count: s.checkMaxAgeHours }) : check}</dd>
      </dl>
      <p className="muted small">{t('newestKept')}</p>
    </>
  );
}
