// Scheduled tasks: restarts (daily at a time or on a cron expression in a time zone, or every N minutes, told to players at steps),
// announcements, saves and shutdowns (all through the game's REST API) and recurring console
// commands (RCON, which the game deprecates); their latest runs.
import { useState } from 'react';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `tasks.${id}` }, values);
  useTitle(t('title'));
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

  const parsed = parseSteps(form.steps, intl);
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
      <PageHead title={t('heading')} />
      <CountdownBar />
      <div className="grid">
        <Card title={t('title')} className="wide-card">
          <ErrorNote error={toggle.error} />
          <Async r={tasks} what={t('reading')}>
            {(rows) => <TaskList rows={rows} setEnabled={(t, on) => void setEnabled(t, on)} setRemoving={setRemoving} setEditing={edit} />}
          </Async>
        </Card>
        <Card title={editing ? t('change', { name: editing.name }) : t('add')}>
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
        title={t('confirmCommand.title')}
        confirm={t('confirmCommand.confirm')}
        busy={add.busy}
        error={asked ? add.error : null}
        onConfirm={() => void save(true)}
        onClose={() => setAsked(null)}
      />
      <Dialog
        open={removing !== null}
        title={t('remove.title', { name: removing?.name ?? '' })}
        confirm={t('remove.confirm')}
        danger
        busy={del.busy}
        error={del.error}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        <p>{t('remove.body')}</p>
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
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `tasks.list.${id}` }, values);
  return (
    <DataTable
      caption={w('caption')}
      rows={rows}
      rowKey={(t) => t.id}
      empty={w('empty')}
      columns={[
        { key: 'name', label: w('task'), sort: (t) => t.name, render: (t) => t.name },
        { key: 'when', label: w('when'), render: (t) => scheduleWords(intl, t) },
        { key: 'what', label: w('what'), render: (t) => actionWords(intl, t) },
        { key: 'next', label: w('next'), wide: true, render: (t) => (t.enabled ? when(t.nextRunAt) : '—') },
        {
          key: 'on',
          label: w('on'),
          render: (t) => (
            <CheckField
              hideLabel
              label={w('enabled', { name: t.name })}
              checked={t.enabled}
              onChange={(e) => setEnabled(t, e.target.checked)}
            />
          ),
        },
        {
          key: 'x',
          label: w('actions'),
          render: (t) => (
            <span className="row-actions">
              <button type="button" className="link" aria-label={w('changeLabel', { name: t.name })} onClick={() => setEditing(t)}>
                {w('change')}
              </button>
              <button type="button" className="link danger-text" onClick={() => setRemoving(t)}>
                {w('remove')}
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
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `tasks.runs.${id}` }, values);
  return (
    <Card title={w('title')}>
      <Async r={runs} what={w('reading')}>
        {(rows) => (
          <DataTable
            caption={w('caption')}
            rows={rows}
            rowKey={(x) => String(x.id)}
            empty={w('empty')}
            columns={[
              { key: 'at', label: w('when'), sort: (x) => x.at, render: (x) => ago(x.at, now) },
              { key: 'task', label: w('task'), render: (x) => name(x.taskId) },
              {
                key: 'outcome',
                label: w('outcome'),
                render: (x) => (
                  <Badge tone={x.outcome === 'ok' ? 'ok' : x.outcome === 'failed' ? 'bad' : 'warn'}>
                    {w('outcomeWord', { outcome: x.outcome })}
                  </Badge>
                ),
              },
              { key: 'detail', label: w('detail'), wide: true, render: (x) => x.detail },
            ]}
          />
        )}
      </Async>
    </Card>
  );
}
