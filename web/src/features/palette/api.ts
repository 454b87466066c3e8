// The command palette's calls to the panel API, one per operation, typed by the contract. The
// lists are read only while the palette is open (and the saved commands only for an admin).
import { call } from '../../api/operations';
import { useOperation, useOperationData } from '../../api/use-operation';

export const usePlayers = (open: boolean) => useOperation('panelListPlayers', open ? { query: { limit: 500 } } : null);
export const useGuilds = (open: boolean) => useOperationData('panelListGuilds', open ? {} : null);
export const useSavedCommands = (open: boolean) => useOperationData('listSavedCommands', open ? {} : null);

export const saveWorld = () => call('saveWorld');
export const createBackup = () => call('createBackup', { body: {} });
export const announce = (message: string) => call('announce', { body: { message } });
export const runSavedCommand = (savedId: string) => call('consoleExec', { body: { savedId } });
/** Kicks or bans, with the reason when one is given. */
export const kickPlayer = (uid: string, reason: string) => call('kickPlayer', { params: { uid }, body: reason ? { reason } : {} });
export const banPlayer = (uid: string, reason: string) => call('banPlayer', { params: { uid }, body: reason ? { reason } : {} });
