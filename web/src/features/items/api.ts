// The item grants screen's calls to the panel API, one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useOperation, useOperationData, type ReadOpts } from '../../api/use-operation';

export const useItemCapability = (when = true) => useOperationData('itemCapability', when ? {} : null);
export const useItemGrants = () => useOperation('listItemGrants', { query: { limit: 100 } });
export const useOnlinePlayers = (opts?: ReadOpts) => useOperationData('panelListPlayers', { query: { online: 'true', limit: 500 } }, opts);
export const useItemCatalog = (search: string) => useOperationData('itemCatalog', { query: { search } });

export const grantItems = (uid: string, items: BodyOf<'grantItems'>['items']) => call('grantItems', { params: { uid }, body: { items } });
