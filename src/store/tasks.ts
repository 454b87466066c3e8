// Scheduled tasks (issue 13): the admin's restarts, announcements, saves, shutdowns and recurring
// console commands, and the log
// of their runs. A task's whole definition is one JSON column: it is read and written whole.
import { randomBytes } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import type { DurableDb } from './durable-db.js';
import type { TaskSchedule } from '../domain/task-schedule.js';

export type { TaskSchedule };

export interface TaskSpec {
  name: string;
  enabled: boolean;
  schedule: TaskSchedule;
  action:
    | {
        kind: 'restart';
        /** Seconds before the restart at which players are told (actions/countdown.ts). */
        steps?: number[];
        /** Tasks made before steps: the first warning this many minutes before. */
        warnMinutes?: number;
        /** A reason told after each step's words (a `{minutes}` template of older tasks is not said). */
        message?: string;
        whenPlayersOnline: 'run' | 'skip' | 'delay';
      }
    | { kind: 'announce'; message: string }
    | { kind: 'save' }
    | { kind: 'shutdown'; delaySec: number; message: string; steps?: number[] }
    | { kind: 'command'; command: string };
}

export interface TaskRecord extends TaskSpec {
  id: string;
  createdAt: string;
  createdBy: string;
}

export interface TaskRun {
  id: number;
  taskId: string;
  dueAt: string;
  at: string;
  outcome: 'ok' | 'skipped' | 'delayed' | 'failed';
  detail: string;
}

export const MAX_TASKS = 50;

export class TaskRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  list(): TaskRecord[] {
    return this.db
      .all<{ id: string; spec: string; created_at: string; created_by: string }>('SELECT * FROM tasks ORDER BY created_at, id')
      .map((r) => ({ id: r.id, ...(JSON.parse(r.spec) as TaskSpec), createdAt: r.created_at, createdBy: r.created_by }));
  }

  get(id: string): TaskRecord {
    const t = this.list().find((x) => x.id === id);
    if (!t) throw new NotFoundError('No task has that id.');
    return t;
  }

  add(spec: TaskSpec, actor: Actor): TaskRecord {
    const at = iso(this.clock());
    const id = randomBytes(4).toString('hex');
    this.db.write((tx) => {
      if (tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM tasks')!.n >= MAX_TASKS)
        throw new ConflictError('conflict', `There are already ${MAX_TASKS} tasks; remove one first.`);
      tx.run('INSERT INTO tasks (id, spec, created_at, created_by) VALUES (?, ?, ?, ?)', [id, JSON.stringify(spec), at, actor]);
      this.audit.record(tx, { actor, action: 'task.update', target: id, targetName: spec.name, detail: `added: ${spec.name}`, at });
    });
    return { id, ...spec, createdAt: at, createdBy: actor };
  }

  update(id: string, spec: TaskSpec, actor: Actor): TaskRecord {
    const old = this.get(id);
    this.db.write((tx) => {
      tx.run('UPDATE tasks SET spec = ? WHERE id = ?', [JSON.stringify(spec), id]);
      this.audit.record(tx, { actor, action: 'task.update', target: id, targetName: spec.name, detail: `changed: ${spec.name}` });
    });
    return { ...old, ...spec };
  }

  remove(id: string, actor: Actor): void {
    const old = this.get(id);
    this.db.write((tx) => {
      tx.run('DELETE FROM tasks WHERE id = ?', [id]);
      this.audit.record(tx, { actor, action: 'task.update', target: id, targetName: old.name, detail: `removed: ${old.name}` });
    });
  }

  /** A run, with its audit row (actor `system`). */
  recordRun(taskId: string, dueAt: string, outcome: TaskRun['outcome'], detail: string): TaskRun {
    const at = iso(this.clock());
    const id = this.db.write((tx) => {
      tx.run('INSERT INTO task_runs (task_id, due_at, at, outcome, detail) VALUES (?, ?, ?, ?, ?)', [taskId, dueAt, at, outcome, detail]);
      // The record's own id, read before the audit row (and its event) take later ids.
      const rowId = Number(tx.get<{ id: number }>('SELECT last_insert_rowid() AS id')!.id);
      const spec = tx.get<{ spec: string }>('SELECT spec FROM tasks WHERE id = ?', [taskId]);
      const targetName = spec ? (JSON.parse(spec.spec) as TaskSpec).name : null;
      this.audit.record(tx, { actor: 'system', action: 'task.run', target: taskId, targetName, detail: `${outcome}: ${detail}`, at });
      // Bounded: the latest 5,000 runs.
      tx.run('DELETE FROM task_runs WHERE id <= (SELECT MAX(id) - 5000 FROM task_runs)');
      return rowId;
    });
    return { id, taskId, dueAt, at, outcome, detail };
  }

  runs(limit: number, taskId?: string): TaskRun[] {
    return this.db
      .all<{ id: number; task_id: string; due_at: string; at: string; outcome: string; detail: string }>(
        `SELECT * FROM task_runs ${taskId ? 'WHERE task_id = ?' : ''} ORDER BY id DESC LIMIT ?`,
        taskId ? [taskId, limit] : [limit],
      )
      .map((r) => ({ id: r.id, taskId: r.task_id, dueAt: r.due_at, at: r.at, outcome: r.outcome as TaskRun['outcome'], detail: r.detail }));
  }

  /** The due time of the task's last run (or skip), or null. */
  lastDue(taskId: string): string | null {
    return this.db.get<{ d: string }>('SELECT due_at AS d FROM task_runs WHERE task_id = ? ORDER BY id DESC LIMIT 1', [taskId])?.d ?? null;
  }
}
