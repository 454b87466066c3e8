// Scheduled tasks: restarts (daily at a UTC time or every N minutes, told to players at steps),
// announcements, saves and shutdowns (all through the game's REST API) and recurring console
// commands (RCON, which the game deprecates); their latest runs.
import { useState } from 'react';
import { api } from '../../api/http';
import { ago, when } from '../../shared/format';
import { useAction, useData, useNow } from '../../api/hooks';
import { useTitle } from '../../shared/router';
import type { Task, TaskRun } from '../../types';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { CheckField, Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { CountdownBar } from '../dashboard/countdown/CountdownBar';
import { ShutdownSteps } from '../dashboard/countdown/ShutdownSteps';
import { DEFAULT_STEPS_TEXT, parseSteps, stepsText } from '../dashboard/countdown/steps';
import { ConfirmCommand, type AskedCommand } from '../console/ConfirmCommand';
import { consoleDanger } from '../../../../src/domain/console-danger';

const blank = {
  name: '',
  every: 'day' as 'day' | 'interval',
  at: '04:00',
  minutes: 360,
  kind: 'restart' as Kind,
  steps: DEFAULT_STEPS_TEXT,
  message: '',
  whenPlayersOnline: 'run',
  announcement: '',
  delaySec: 60,
  shutdownMessage: 'Maintenance',
  command: '',
};
type Kind = Task['action']['kind'];

const scheduleWords = (t: Task) => (t.schedule.every === 'day' ? `daily at ${t.schedule.at} UTC` : `every ${t.schedule.minutes} min`);
function actionWords(t: Task): string {
  const a = t.action;
  switch (a.kind) {
    case 'restart':
      return `restart, told at ${a.steps ? stepsText(a.steps) : a.warnMinutes ? `${a.warnMinutes}m and the default steps below` : DEFAULT_STEPS_TEXT}`;
    case 'announce':
      return `announce “${a.message}”`;
    case 'save':
      return 'save the world';
    case 'shutdown':
      return `shut down after ${a.delaySec} s${a.steps ? `, told at ${stepsText(a.steps)}` : ''}`;
    case 'command':
      return `run ${a.command} (RCON)`;
  }
}

export function Tasks() {
  useTitle('Tasks');
  const tasks = useData<Task[]>('/tasks', { refreshMs: 30000 });
  const runs = useData<TaskRun[]>('/tasks/runs', { refreshMs: 30000 });
  const [form, setForm] = useState(blank);
  const [removing, setRemoving] = useState<Task | null>(null);
  const add = useAction();
  const del = useAction();
  const toggle = useAction();
  const now = useNow();
  const name = (id: string) => tasks.data?.find((t) => t.id === id)?.name ?? id;

  const parsed = parseSteps(form.steps);
  const steps = 'steps' in parsed ? { steps: parsed.steps } : {};
  const action = () => {
    switch (form.kind) {
      case 'restart':
        return {
          kind: 'restart',
          ...steps,
          ...(form.message.trim() ? { message: form.message.trim() } : {}),
          whenPlayersOnline: form.whenPlayersOnline,
        };
      case 'announce':
        return { kind: 'announce', message: form.announcement.trim() };
      case 'save':
        return { kind: 'save' };
      case 'shutdown':
        return { kind: 'shutdown', delaySec: form.delaySec, message: form.shutdownMessage.trim(), ...steps };
      case 'command':
        return { kind: 'command', command: form.command.trim() };
    }
  };
  const body = () => ({
    name: form.name.trim(),
    enabled: true,
    schedule: form.every === 'day' ? { every: 'day', at: form.at } : { every: 'interval', minutes: form.minutes },
    action: action(),
  });
  // A command that stops the server, acts on everyone or deletes asks first, as in the console;
  // the task then carries the admin's confirmation (the API refuses it without).
  const [asked, setAsked] = useState<AskedCommand | null>(null);
  const save = async (confirm: boolean) => {
    const b = body();
    const sent = confirm && b.action.kind === 'command' ? { ...b, action: { ...b.action, confirm: true } } : b;
    if ((await add.run(() => api.post('/tasks', sent))) !== undefined) {
      setForm(blank);
      setAsked(null);
      tasks.reload();
    }
  };
  const submit = async () => {
    const command = form.kind === 'command' ? form.command.trim() : '';
    const why = command ? consoleDanger(command) : null;
    if (why) {
      add.clear();
      setAsked({ command, why });
    } else await save(false);
  };
  const setEnabled = async (t: Task, enabled: boolean) => {
    const { id, name: n, schedule, action } = t;
    if ((await toggle.run(() => api.put(`/tasks/${id}`, { name: n, enabled, schedule, action }))) !== undefined) tasks.reload();
  };
  const remove = async () => {
    if (removing && (await del.run(() => api.del(`/tasks/${removing.id}`))) !== undefined) {
      setRemoving(null);
      tasks.reload();
    }
  };

  return (
    <>
      <PageHead title="Scheduled tasks" />
      <CountdownBar />
      <div className="grid">
        <Card title="Tasks" className="wide-card">
          <ErrorNote error={toggle.error} />
          <Async r={tasks} what="Reading tasks">
            {(rows) => (
              <DataTable
                caption="Tasks"
                rows={rows}
                rowKey={(t) => t.id}
                empty="No scheduled tasks. Add a nightly restart or a recurring command below."
                columns={[
                  { key: 'name', label: 'Task', sort: (t) => t.name, render: (t) => t.name },
                  { key: 'when', label: 'When', render: scheduleWords },
                  { key: 'what', label: 'What', render: actionWords },
                  { key: 'next', label: 'Next run', wide: true, render: (t) => (t.enabled ? when(t.nextRunAt) : '—') },
                  {
                    key: 'on',
                    label: 'On',
                    render: (t) => (
                      <CheckField
                        hideLabel
                        label={`${t.name} enabled`}
                        checked={t.enabled}
                        onChange={(e) => void setEnabled(t, e.target.checked)}
                      />
                    ),
                  },
                  {
                    key: 'x',
                    label: 'Remove',
                    render: (t) => (
                      <button type="button" className="link danger-text" onClick={() => setRemoving(t)}>
                        Remove
                      </button>
                    ),
                  },
                ]}
              />
            )}
          </Async>
        </Card>
        <Card title="Add a task">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Field label="Name" required maxLength={64} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
            <div className="row">
              <SelectField
                label="Runs"
                value={form.every}
                onChange={(e) => setForm({ ...form, every: e.target.value as 'day' | 'interval' })}
              >
                <option value="day">Daily at a time (UTC)</option>
                <option value="interval">Every N minutes</option>
              </SelectField>
              {form.every === 'day' ? (
                <Field label="Time (UTC)" type="time" required value={form.at} onChange={(e) => setForm({ ...form, at: e.target.value })} />
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
            <SelectField label="Does" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as Kind })}>
              <option value="restart">Restart the game server</option>
              <option value="announce">Announce a message</option>
              <option value="save">Save the world</option>
              <option value="shutdown">Shut the game server down</option>
              <option value="command">Run a console command (needs RCON)</option>
            </SelectField>
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
                    onChange={(e) => setForm({ ...form, whenPlayersOnline: e.target.value })}
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
            <ErrorNote error={add.error} />
            <button
              type="submit"
              className="primary"
              disabled={add.busy || ((form.kind === 'restart' || form.kind === 'shutdown') && 'error' in parsed)}
            >
              Add task
            </button>
          </form>
        </Card>
        <Card title="Latest runs">
          <Async r={runs} what="Reading runs">
            {(rows) => (
              <DataTable
                caption="Task runs"
                rows={rows}
                rowKey={(x) => String(x.id)}
                empty="No task has run yet."
                columns={[
                  { key: 'at', label: 'When', sort: (x) => x.at, render: (x) => ago(x.at, now) },
                  { key: 'task', label: 'Task', render: (x) => name(x.taskId) },
                  {
                    key: 'outcome',
                    label: 'Outcome',
                    render: (x) => <Badge tone={x.outcome === 'ok' ? 'ok' : x.outcome === 'failed' ? 'bad' : 'warn'}>{x.outcome}</Badge>,
                  },
                  { key: 'detail', label: 'Detail', wide: true, render: (x) => x.detail },
                ]}
              />
            )}
          </Async>
        </Card>
      </div>
      <ConfirmCommand
        asked={asked}
        title="Schedule this command?"
        confirm="Schedule it"
        busy={add.busy}
        error={asked ? add.error : null}
        onConfirm={() => void save(true)}
        onClose={() => setAsked(null)}
      />
      <Dialog
        open={removing !== null}
        title={`Remove “${removing?.name ?? ''}”?`}
        confirm="Remove"
        danger
        busy={del.busy}
        error={del.error}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        <p>The task stops; its past runs stay in the list.</p>
      </Dialog>
    </>
  );
}
