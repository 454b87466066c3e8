// The add-a-task form: a name, when it runs, and what it does with that action's own fields.
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
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Field label="Name" required maxLength={64} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <div className="row">
        <SelectField label="Runs" value={form.every} onChange={(e) => setForm({ ...form, every: e.target.value as Every })}>
          <option value="day">Daily at a time</option>
          <option value="cron">On a cron expression</option>
          <option value="interval">Every N minutes</option>
        </SelectField>
        {form.every === 'day' ? (
          <Field label="Time" type="time" required value={form.at} onChange={(e) => setForm({ ...form, at: e.target.value })} />
        ) : form.every === 'cron' ? (
          <Field
            label="Cron (min hour day month weekday)"
            required
            maxLength={200}
            placeholder="0 5 * * *"
            className="mono"
            value={form.cron}
            onChange={(e) => setForm({ ...form, cron: e.target.value })}
          />
        ) : (
          <Field
            label="Minutes (5–10080)"
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
          label="Time zone"
          placeholder="the server's (SERVICE_TIMEZONE)"
          hint="An IANA name such as Europe/Berlin; empty: the server's time zone. Daylight saving is followed."
          maxLength={64}
          value={form.timezone}
          onChange={(e) => setForm({ ...form, timezone: e.target.value })}
        />
      )}
      <SelectField label="Does" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as Kind })}>
        <option value="restart">Restart the game server</option>
        <option value="announce">Announce a message</option>
        <option value="save">Save the world</option>
        <option value="shutdown">Shut the game server down</option>
        <option value="command">Run a console command (needs RCON)</option>
      </SelectField>
      <ActionFields form={form} setForm={setForm} parsed={parsed} />
      <ErrorNote error={add.error} />
      <div className="row">
        <button
          type="submit"
          className="primary"
          disabled={add.busy || ((form.kind === 'restart' || form.kind === 'shutdown') && 'error' in parsed)}
        >
          {editing ? 'Save changes' : 'Add task'}
        </button>
        {editing && onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The fields of the chosen action. */
function ActionFields({ form, setForm, parsed }: FormProps) {
  return (
    <>
      {form.kind === 'announce' && (
        <Field
          label="Message"
          maxLength={500}
          required
          value={form.announcement}
          onChange={(e) => setForm({ ...form, announcement: e.target.value })}
        />
      )}
      {form.kind === 'shutdown' && (
        <div className="row">
          <Field
            label="Countdown (seconds, 0–3600)"
            type="number"
            min={0}
            max={3600}
            value={form.delaySec}
            onChange={(e) => setForm({ ...form, delaySec: Number(e.target.value) })}
          />
          <Field
            label="Reason told to players"
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
              label="With players online"
              value={form.whenPlayersOnline}
              onChange={(e) => setForm({ ...form, whenPlayersOnline: e.target.value as TaskFormState['whenPlayersOnline'] })}
            >
              <option value="run">Restart anyway</option>
              <option value="skip">Skip this run</option>
              <option value="delay">Wait until they leave (2 h at most)</option>
            </SelectField>
          </div>
          <Field
            label="Reason told to players (optional)"
            maxLength={200}
            placeholder="Nightly maintenance"
            value={form.message}
            onChange={(e) => setForm({ ...form, message: e.target.value })}
          />
        </>
      ) : form.kind !== 'command' ? null : (
        <Field
          label="Command (RCON, which the game deprecates)"
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
