// Scheduled tasks (issue 13), admin only: restarts with in-game warnings, announcements, saves and
// shutdowns (through the game's REST API) and recurring console commands (RCON)
// (src/actions/task-scheduler.ts runs them), and the log of their runs.
import { z } from 'zod';
import { route, adminOnly, type PanelRoute } from '../context.js';
import { list, add, update, remove, runs } from './handlers.js';
import { TaskSpec, TaskPath, Run, RunsQuery } from '../../../contract/panel/tasks.js';
import { Task } from '../../../contract/panel/tasks.js';

export function taskRoutes(): PanelRoute[] {
  const NF = '`not_found`: no task has that id.';
  return [
    ...adminOnly([
      route({
        method: 'GET',
        path: '/tasks',
        operationId: 'listTasks',
        summary: 'Scheduled tasks',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(Task) }) } },
        handler: list,
      }),
      route({
        method: 'POST',
        path: '/tasks',
        operationId: 'addTask',
        summary: 'Add a restart, an announcement, a save, a shutdown or a console command on a schedule',
        request: { body: TaskSpec },
        responses: { 201: { description: 'Added.', schema: z.strictObject({ data: Task }) } },
        errors: { 409: '`conflict`: 50 tasks exist.' },
        handler: add,
      }),
      route({
        method: 'GET',
        path: '/tasks/runs',
        operationId: 'taskRuns',
        summary: 'The latest runs, newest first, of every task or of one (`task`)',
        request: { query: RunsQuery },
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(Run) }) } },
        handler: runs,
      }),
      route({
        method: 'PUT',
        path: '/tasks/{id}',
        operationId: 'updateTask',
        summary: 'Replace a task',
        request: { params: TaskPath, body: TaskSpec },
        responses: { 200: { description: 'The task now.', schema: z.strictObject({ data: Task }) } },
        errors: { 404: NF },
        handler: update,
      }),
      route({
        method: 'DELETE',
        path: '/tasks/{id}',
        operationId: 'removeTask',
        summary: 'Remove a task',
        request: { params: TaskPath },
        responses: { 204: { description: 'Removed.' } },
        errors: { 404: NF },
        handler: remove,
      }),
    ]),
  ];
}
