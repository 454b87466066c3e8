// The add-a-task form: a name, when it runs, and what it does with that action's own fields.
import { useIntl } from 'react-intl';
import { Field, SelectField } from '../../ui/fields';
import { ErrorNote } from '../../ui/states';
import { ShutdownSteps } from '../dashboard/countdown/ShutdownSteps';
import type { Every, Kind, ParsedSteps, TaskFormState } from './task-words';

interface FormProps {
  form: TaskFormState;
  setForm: (f: TaskFormState) => void;
  parsed: ParsedSteps;
}

export function TaskForm({
  form,
  setForm,
  parsed,
  busy,
  error,
  onSubmit,
  editing = false,
  onCancel,
}: FormProps & { busy: boolean; error: string | null; onSubmit: () => void; editing?: boolean; onCancel?: () => void }) {
  const add = { busy, error };
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tasks.form.${id}` });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Field label={t('name')} required maxLength={64} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <div className="row">
        <SelectField label={t('runs')} value={form.every} onChange={(e) => setForm({ ...form, every: e.target.value as Every })}>
          <option value="day">{t('every.day')}</option>
          <option value="cron">{t('every.cron')}</option>
          <option value="interval">{t('every.interval')}</option>
        </SelectField>
        {form.every === 'day' ? (
          <Field label={t('time')} type="time" required value={form.at} onChange={(e) => setForm({ ...form, at: e.target.value })} />
        ) : form.every === 'cron' ? (
          <Field
            label={t('cron')}
            required
            maxLength={200}
            placeholder="0 5 * * *"
            className="mono"
            value={form.cron}
            onChange={(e) => setForm({ ...form, cron: e.target.value })}
          />
        ) : (
          <Field
            label={t('minutes')}
            type="number"
            min={5}
            max={10080}
            required
            value={form.minutes}
            onChange={(e) => setForm({ ...form, minutes: Number(e.target.value) })}
          />
        )}
      </div>
      {form.every !== 'interval' && (
        <Field
          label={t('zone')}
          placeholder={t('zonePlaceholder')}
          hint={t('zoneHint')}
          maxLength={64}
          value={form.timezone}
          onChange={(e) => setForm({ ...form, timezone: e.target.value })}
        />
      )}
      <SelectField label={t('does')} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as Kind })}>
        <option value="restart">{t('kind.restart')}</option>
        <option value="announce">{t('kind.announce')}</option>
        <option value="save">{t('kind.save')}</option>
        <option value="shutdown">{t('kind.shutdown')}</option>
        <option value="command">{t('kind.command')}</option>
      </SelectField>
      <ActionFields form={form} setForm={setForm} parsed={parsed} />
      <ErrorNote error={add.error} />
      <div className="row">
        <button
          type="submit"
          className="primary"
          disabled={add.busy || ((form.kind === 'restart' || form.kind === 'shutdown') && 'error' in parsed)}
        >
          {t(editing ? 'saveChanges' : 'add')}
        </button>
        {editing && onCancel && (
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The fields of the chosen action. */
function ActionFields({ form, setForm, parsed }: FormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tasks.form.${id}` });
  return (
    <>
      {form.kind === 'announce' && (
        <Field
          label={t('message')}
          maxLength={500}
          required
          value={form.announcement}
          onChange={(e) => setForm({ ...form, announcement: e.target.value })}
        />
      )}
      {form.kind === 'shutdown' && (
        <div className="row">
          <Field
            label={t('countdown')}
            type="number"
            min={0}
            max={3600}
            value={form.delaySec}
            onChange={(e) => setForm({ ...form, delaySec: Number(e.target.value) })}
          />
          <Field
            label={t('reason')}
            maxLength={500}
            required
            value={form.shutdownMessage}
            onChange={(e) => setForm({ ...form, shutdownMessage: e.target.value })}
          />
        </div>
      )}
      {(form.kind === 'shutdown' || form.kind === 'restart') && (
        <ShutdownSteps
          value={form.steps}
          onChange={(v) => setForm({ ...form, steps: v })}
          error={'error' in parsed ? parsed.error : null}
        />
      )}
      {form.kind === 'restart' ? (
        <>
          <div className="row">
            <SelectField
              label={t('withPlayers')}
              value={form.whenPlayersOnline}
              onChange={(e) => setForm({ ...form, whenPlayersOnline: e.target.value as TaskFormState['whenPlayersOnline'] })}
            >
              <option value="run">{t('withPlayers.run')}</option>
              <option value="skip">{t('withPlayers.skip')}</option>
              <option value="delay">{t('withPlayers.delay')}</option>
            </SelectField>
          </div>
          <Field
            label={t('reasonOptional')}
            maxLength={200}
            placeholder={t('reasonExample')}
            value={form.message}
            onChange={(e) => setForm({ ...form, message: e.target.value })}
          />
        </>
      ) : form.kind !== 'command' ? null : (
        <Field
          label={t('command')}
          className="mono"
          maxLength={4000}
          required
          value={form.command}
          onChange={(e) => setForm({ ...form, command: e.target.value })}
        />
      )}
    </>
  );
}
