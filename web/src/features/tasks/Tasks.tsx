// Scheduled tasks: restarts (daily at a time or on a cron expression in a time zone, or every N minutes, told to players at steps),
// announcements, saves and shutdowns (all through the game's REST API) and recurring console
// commands (RCON, which the game deprecates); their latest runs.
import { useState } from 'react';
import { ago, when } from '../../shared/format';
import { useAction, type Loaded } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { useTitle } from '../../shared/router';
import type { Task, TaskRun } from '../../types';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { CheckField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { CountdownBar } from '../dashboard/countdown/CountdownBar';
import { parseSteps } from '../dashboard/countdown/steps';
import { ConfirmCommand, type AskedCommand } from '../console/ConfirmCommand';
import { consoleDanger } from '../../../../src/contract/console-danger';
import { actionWords, blank, formOf, scheduleWords, taskBody } from './task-words';
import { TaskForm } from './TaskForm';
import { addTask, removeTask, updateTask, useTaskRuns, useTasks } from './api';

export function Tasks() {
  useTitle('Tasks');
  const tasks = useTasks({ refreshMs: 30000 });
  const runs = useTaskRuns({ refreshMs: 30000 });
  const [form, setFormState] = useState(blank);
  /** The task being changed in the form; null: the form adds one. */
  const [editing, setEditing] = useState<Task | null>(null);
  const [removing, setRemoving] = useState<Task | null>(null);
  const add = useAction();
  // A refusal is about the values sent: once the admin changes one, it no longer stands.
  const setForm = (f: typeof form) => {
    add.clear();
    setFormState(f);
  };
  const edit = (t: Task | null) => {
    add.clear();
    setEditing(t);
    setFormState(t ? formOf(t) : blank);
  };
  const del = useAction();
  const toggle = useAction();
  const name = (id: string) => tasks.data?.find((t) => t.id === id)?.name ?? id;

  const parsed = parseSteps(form.steps);
  const body = () => taskBody(form, parsed);
  // A command that stops the server, acts on everyone or deletes asks first, as in the console;
  // the task then carries the admin's confirmation (the API refuses it without).
  const [asked, setAsked] = useState<AskedCommand | null>(null);
  const save = async (confirm: boolean) => {
    const b = body();
    const sent = confirm && b.action.kind === 'command' ? { ...b, action: { ...b.action, confirm: true as const } } : b;
    const done = await add.run(() => (editing ? updateTask(editing.id, { ...sent, enabled: editing.enabled }) : addTask(sent)));
    if (done !== undefined) {
      edit(null);
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
    if ((await toggle.run(() => updateTask(id, { name: n, enabled, schedule, action }))) !== undefined) tasks.reload();
  };
  const remove = async () => {
    if (removing && (await del.run(() => removeTask(removing.id))) !== undefined) {
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
            {(rows) => <TaskList rows={rows} setEnabled={(t, on) => void setEnabled(t, on)} setRemoving={setRemoving} setEditing={edit} />}
          </Async>
        </Card>
        <Card title={editing ? `Change “${editing.name}”` : 'Add a task'}>
          <TaskForm
            form={form}
            setForm={setForm}
            parsed={parsed}
            busy={add.busy}
            error={add.error}
            onSubmit={() => void submit()}
            editing={editing !== null}
            onCancel={() => edit(null)}
          />
        </Card>
        <RunsCard runs={runs} name={name} />
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

function TaskList({
  rows,
  setEnabled,
  setRemoving,
  setEditing,
}: {
  rows: Task[];
  setEnabled: (t: Task, enabled: boolean) => void;
  setRemoving: (t: Task) => void;
  setEditing: (t: Task) => void;
}) {
  return (
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
            <CheckField hideLabel label={`${t.name} enabled`} checked={t.enabled} onChange={(e) => setEnabled(t, e.target.checked)} />
          ),
        },
        {
          key: 'x',
          label: 'Actions',
          render: (t) => (
            <span className="row-actions">
              <button type="button" className="link" aria-label={`Change ${t.name}`} onClick={() => setEditing(t)}>
                Change
              </button>
              <button type="button" className="link danger-text" onClick={() => setRemoving(t)}>
                Remove
              </button>
            </span>
          ),
        },
      ]}
    />
  );
}

function RunsCard({ runs, name }: { runs: Loaded<TaskRun[]>; name: (id: string) => string }) {
  const now = useNow();
  return (
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
  );
}
