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
import { actionWords, blank, scheduleWords, taskBody } from './task-words';
import { TaskForm } from './TaskForm';
import { addTask, removeTask, updateTask, useTaskRuns, useTasks } from './api';

export function Tasks() {
  useTitle('Tasks');
  const tasks = useTasks({ refreshMs: 30000 });
  const runs = useTaskRuns({ refreshMs: 30000 });
  const [form, setForm] = useState(blank);
  const [removing, setRemoving] = useState<Task | null>(null);
  const add = useAction();
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
    if ((await add.run(() => addTask(sent))) !== undefined) {
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
            {(rows) => <TaskList rows={rows} setEnabled={(t, on) => void setEnabled(t, on)} setRemoving={setRemoving} />}
          </Async>
        </Card>
        <Card title="Add a task">
          <TaskForm form={form} setForm={setForm} parsed={parsed} busy={add.busy} error={add.error} onSubmit={() => void submit()} />
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
}: {
  rows: Task[];
  setEnabled: (t: Task, enabled: boolean) => void;
  setRemoving: (t: Task) => void;
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
          label: 'Remove',
          render: (t) => (
            <button type="button" className="link danger-text" onClick={() => setRemoving(t)}>
              Remove
            </button>
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
