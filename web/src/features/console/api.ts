// The console's calls to the panel API, one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useOperationData, usePagedOperation } from '../../api/use-operation';

export const useConsoleLog = () => usePagedOperation('consoleLog', { query: { limit: 50 } });
export const useSavedCommands = (when = true) => useOperationData('listSavedCommands', when ? {} : null);
/** The players a command's placeholders can be filled from. */
export const usePlayerChoices = () => useOperationData('panelListPlayers', { query: { limit: 500 } });
export const useServer = () => useOperationData('getPanelServer');

export const runCommand = (body: BodyOf<'consoleExec'>) => call('consoleExec', { body });
export const saveCommand = (body: BodyOf<'saveCommand'>) => call('saveCommand', { body });
export const removeSavedCommand = (id: string) => call('removeSavedCommand', { query: { id } });
