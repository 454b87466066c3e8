// The tasks screen's calls to the panel API, one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export const useTasks = (opts?: ReadOpts) => useOperationData('listTasks', {}, opts);
export const useTaskRuns = (opts?: ReadOpts) => useOperationData('taskRuns', {}, opts);

export const addTask = (task: BodyOf<'addTask'>) => call('addTask', { body: task });
export const updateTask = (id: string, task: BodyOf<'updateTask'>) => call('updateTask', { params: { id }, body: task });
export const removeTask = (id: string) => call('removeTask', { params: { id } });
