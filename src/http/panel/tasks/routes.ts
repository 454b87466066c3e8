import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { list, add, update, remove, runs } from './handlers.js';

export function taskRoutes(): PanelRoute[] {
  const NF = '`not_found`: no task has that id.';
  return [
    ...adminOnly([
      route({
        ...operation('listTasks', { 200: 'OK' }),
        summary: 'Scheduled tasks',
        handler: list,
      }),
      route({
        ...operation('addTask', { 201: 'Added.' }),
        summary: 'Add a restart, an announcement, a save, a shutdown or a console command on a schedule',
        errors: { 409: '`conflict`: 50 tasks exist.' },
        handler: add,
      }),
      route({
        ...operation('taskRuns', { 200: 'OK' }),
        summary: 'The latest runs, newest first, of every task or of one (`task`)',
        handler: runs,
      }),
      route({
        ...operation('updateTask', { 200: 'The task now.' }),
        summary: 'Replace a task',
        errors: { 404: NF },
        handler: update,
      }),
      route({
        ...operation('removeTask', { 204: 'Removed.' }),
        summary: 'Remove a task',
        errors: { 404: NF },
        handler: remove,
      }),
    ]),
  ];
}
