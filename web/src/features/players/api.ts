// The player screens' calls to the panel API, one per operation, typed by the contract.
import { call, type QueryOf } from '../../api/operations';
import { useOperationData, usePagedOperation, type ReadOpts } from '../../api/use-operation';

/** The list's filters as the address holds them (the server refuses a value it does not know). */
export const usePlayerList = (search: string, online: string) =>
  usePagedOperation('panelListPlayers', { query: { limit: 500, search, online: online as QueryOf<'panelListPlayers'>['online'] } });
export const usePlayer = (uid: string, opts?: ReadOpts) => useOperationData('panelGetPlayer', { params: { uid } }, opts);
export const usePaldeck = (uid: string) => useOperationData('panelPlayerPaldeck', { params: { uid } });
/** Whether items can be granted here: asked only for an admin. */
export const useItemCapability = (when: boolean) => useOperationData('itemCapability', when ? {} : null);

/** Kicks, bans or unbans, with the reason when one is given. */
export function moderate(act: 'kick' | 'ban' | 'unban', uid: string, reason: string): Promise<unknown> {
  const body = reason ? { reason } : {};
  if (act === 'kick') return call('kickPlayer', { params: { uid }, body });
  if (act === 'ban') return call('banPlayer', { params: { uid }, body });
  return call('unbanPlayer', { params: { uid }, body });
}
export const addToWhitelist = (uid: string) => call('addPlayerToWhitelist', { params: { uid } });
export const removeFromWhitelist = (uid: string) => call('removePlayerFromWhitelist', { params: { uid } });
