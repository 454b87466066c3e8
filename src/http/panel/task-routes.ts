// Scheduled tasks (issue 13), admin only: restarts with in-game warnings and recurring console
// commands (src/actions/task-scheduler.ts runs them), and the log of their runs.
import { z } from 'zod';
import { userActor } from '../../lib/actor.js';
import { dueOf } from '../../lib/task-schedule.js';
import type { TaskRecord } from '../../store/tasks.js';
import type { HttpDeps } from '../deps.js';
import { json, noContent } from '../respond.js';
import { Timestamp } from '../../rows/schemas.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';

const Schedule = z.discriminatedUnion('every', [
  z.strictObject({ every: z.literal('interval'), minutes: z.int().min(5).max(7 * 24 * 60).meta({ description: 'Minutes between runs, 5 to a week.' }) }),
  z.strictObject({ every: z.literal('day'), at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).meta({ description: 'Time of day, HH:MM in UTC.', examples: ['04:00'] }) }),
]);
const Action = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('restart'),
    warnMinutes: z.int().min(1).max(60).meta({ description: 'The first warning this many minutes before; a last one comes 1 minute before.' }),
    message: z.string().min(1).max(200).meta({ description: '`{minutes}` is replaced.', examples: ['The server restarts in {minutes} minutes.'] }),
    whenPlayersOnline: z.enum(['run', 'skip', 'delay']).meta({ description: '`delay`: wait until everyone has left (2 hours at most).' }),
  }),
  z.strictObject({ kind: z.literal('command'), command: z.string().min(1).max(4000).meta({ description: 'A console command, run through RCON.' }) }),
]);
const TaskSpec = z.strictObject({ name: z.string().min(1).max(64), enabled: z.boolean(), schedule: Schedule, action: Action });
const Task = TaskSpec.extend({
  id: z.string(),
  createdAt: Timestamp,
  createdBy: z.string(),
  nextRunAt: Timestamp.nullable().meta({ description: 'When it runs next (in the past while a run is late, as a restart delayed until the players leave); null when off.' }),
});
const TaskPath = z.object({ id: z.string().regex(/^[0-9a-f]{8}$/).meta({ description: "The task's id.", examples: ['0a1b2c3d'] }) });
const Run = z.strictObject({ id: z.int(), taskId: z.string(), dueAt: Timestamp, at: Timestamp, outcome: z.enum(['ok', 'skipped', 'delayed', 'failed']), detail: z.string() });
const RunsQuery = z.strictObject({ task: z.string().regex(/^[0-9a-f]{8}$/).optional() });

/** A task as answered: with when it runs next, by the scheduler's own rule. */
const shown = (deps: HttpDeps, t: TaskRecord) => ({ ...t, nextRunAt: t.enabled ? dueOf(t.schedule, deps.store.tasks.lastDue(t.id), t.createdAt).toISOString() : null });

const list: PanelHandler = ({ deps }) => json(200, { data: deps.store.tasks.list().map((t) => shown(deps, t)) });
const add: PanelHandler<{ body: typeof TaskSpec }> = ({ deps, body, user }) => json(201, { data: shown(deps, deps.store.tasks.add(body, userActor(user.username))) });
const update: PanelHandler<{ params: typeof TaskPath; body: typeof TaskSpec }> = ({ deps, params, body, user }) =>
  json(200, { data: shown(deps, deps.store.tasks.update(params.id, body, userActor(user.username))) });
const remove: PanelHandler<{ params: typeof TaskPath }> = ({ deps, params, user }) => {
  deps.store.tasks.remove(params.id, userActor(user.username));
  return noContent();
};
const runs: PanelHandler<{ query: typeof RunsQuery }> = ({ deps, query }) => json(200, { data: deps.store.tasks.runs(200, query.task) });

export function taskRoutes(): PanelRoute[] {
  const NF = '`not_found`: no task has that id.';
  return [
    route({ method: 'GET', path: '/tasks', auth: 'session', role: 'admin', operationId: 'listTasks', summary: 'Scheduled tasks', responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(Task) }) } }, handler: list }),
    route({ method: 'POST', path: '/tasks', auth: 'session', role: 'admin', operationId: 'addTask', summary: 'Add a restart or a recurring command', request: { body: TaskSpec }, responses: { 201: { description: 'Added.', schema: z.strictObject({ data: Task }) } }, errors: { 409: '`conflict`: 50 tasks exist.' }, handler: add }),
    route({ method: 'GET', path: '/tasks/runs', auth: 'session', role: 'admin', operationId: 'taskRuns', summary: 'The latest runs, newest first, of every task or of one (`task`)', request: { query: RunsQuery }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(Run) }) } }, handler: runs }),
    route({ method: 'PUT', path: '/tasks/{id}', auth: 'session', role: 'admin', operationId: 'updateTask', summary: 'Replace a task', request: { params: TaskPath, body: TaskSpec }, responses: { 200: { description: 'The task now.', schema: z.strictObject({ data: Task }) } }, errors: { 404: NF }, handler: update }),
    route({ method: 'DELETE', path: '/tasks/{id}', auth: 'session', role: 'admin', operationId: 'removeTask', summary: 'Remove a task', request: { params: TaskPath }, responses: { 204: { description: 'Removed.' } }, errors: { 404: NF }, handler: remove }),
  ];
}
