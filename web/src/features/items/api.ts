// The item grants screen's calls to the panel API, one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useOperation, useOperationData, type ReadOpts } from '../../api/use-operation';
import type { Loaded } from '../../api/hooks';
import type { Item } from '../../types';

export const useItemCapability = (when = true) => useOperationData('itemCapability', when ? {} : null);
export const useItemGrants = () => useOperation('listItemGrants', { query: { limit: 100 } });
export const useOnlinePlayers = (opts?: ReadOpts) => useOperationData('panelListPlayers', { query: { online: 'true', limit: 500 } }, opts);
/** Without `q`, /items answers the grant catalog (with `q`, who holds an item: world-api.ts). */
export const useItemCatalog = (search: string) => useOperationData('itemCatalog', { query: { search } }) as Loaded<Item[]>;

export const grantItems = (uid: string, items: BodyOf<'grantItems'>['items']) => call('grantItems', { params: { uid }, body: { items } });
