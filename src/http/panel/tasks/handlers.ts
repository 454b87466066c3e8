// The handlers of the panel's tasks routes (the table is routes.ts).
import { userActor } from '../../../domain/actor.js';
import { dueOf } from '../../../domain/task-schedule.js';
import type { TaskRecord } from '../../../store/tasks.js';
import type { HttpDeps } from '../../deps.js';
import { json, noContent } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { TaskSpec, TaskPath, RunsQuery } from '../../../contract/panel/tasks.js';

/** A task as answered: with when it runs next, by the scheduler's own rule. */
export const shown = (deps: HttpDeps, t: TaskRecord) => ({
  ...t,
  nextRunAt: t.enabled ? dueOf(t.schedule, deps.store.tasks.lastDue(t.id), t.createdAt, deps.settings.timezone).toISOString() : null,
});

export const list = (({ deps }) => json(200, { data: deps.store.tasks.list().map((t) => shown(deps, t)) })) satisfies PanelHandler;

export const add = (({ deps, body, user }) =>
  json(201, { data: shown(deps, deps.store.tasks.add(body, userActor(user.username))) })) satisfies PanelHandler<{ body: typeof TaskSpec }>;

export const update = (({ deps, params, body, user }) =>
  json(200, { data: shown(deps, deps.store.tasks.update(params.id, body, userActor(user.username))) })) satisfies PanelHandler<{
  params: typeof TaskPath;
  body: typeof TaskSpec;
}>;

export const remove = (({ deps, params, user }) => {
  deps.store.tasks.remove(params.id, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof TaskPath }>;

export const runs = (({ deps, query }) => json(200, { data: deps.store.tasks.runs(200, query.task) })) satisfies PanelHandler<{
  query: typeof RunsQuery;
}>;
