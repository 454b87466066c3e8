// The world items' calls to the panel API (issue 42): a player's inventory, a base's containers,
// who holds an item, the economy. Typed by the contract; read by every signed-in role.
import type { Loaded } from '../../api/hooks';
import type { DataOf } from '../../api/operations';
import { useOperationData } from '../../api/use-operation';

/** The language item names come in: the browser's, the nearest the tables have (the server picks). */
export const itemLang = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en';

export type InventoryData = DataOf<'panelPlayerInventory'>;
export type BaseContainersData = DataOf<'panelBaseContainers'>;
export type EconomyData = DataOf<'worldEconomy'>;
export type ContainerRow = BaseContainersData['containers'][number];
export type SlotRow = ContainerRow['slots'][number];
export type ItemSearchData = Extract<DataOf<'itemCatalog'>, { items: unknown }>;

export const useInventory = (uid: string) => useOperationData('panelPlayerInventory', { params: { uid }, query: { lang: itemLang() } });
export const useBaseContainers = (id: string) => useOperationData('panelBaseContainers', { params: { id }, query: { lang: itemLang() } });
export const useEconomy = () => useOperationData('worldEconomy', { query: { lang: itemLang() } });
/** Who holds what `q` names; nothing is asked for an empty query. */
export const useItemSearch = (q: string) =>
  useOperationData('itemCatalog', q.trim() ? { query: { q: q.trim(), lang: itemLang() } } : null) as Loaded<ItemSearchData>;
