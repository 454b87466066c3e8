// The world items' calls to the panel API (issue 42): a player's inventory, a base's containers,
// who holds an item, the economy. Typed by the contract; read by every signed-in role.
import type { Loaded } from '../../api/hooks';
import type { DataOf } from '../../api/operations';
import { useOperationData } from '../../api/use-operation';
import { useLanguage } from '../../i18n/I18nProvider';

/** The language item names come in: the UI's (the server picks the nearest its tables have). */
const useItemLang = (): string => useLanguage().language;

export type InventoryData = DataOf<'panelPlayerInventory'>;
export type BaseContainersData = DataOf<'panelBaseContainers'>;
export type EconomyData = DataOf<'worldEconomy'>;
export type ContainerRow = BaseContainersData['containers'][number];
export type SlotRow = ContainerRow['slots'][number];
export type ItemSearchData = Extract<DataOf<'itemCatalog'>, { items: unknown }>;

export const useInventory = (uid: string) => useOperationData('panelPlayerInventory', { params: { uid }, query: { lang: useItemLang() } });
export const useBaseContainers = (id: string) =>
  useOperationData('panelBaseContainers', { params: { id }, query: { lang: useItemLang() } });
export const useEconomy = () => useOperationData('worldEconomy', { query: { lang: useItemLang() } });
/** Who holds what `q` names (in the UI's language or English); nothing is asked for an empty query. */
export function useItemSearch(q: string): Loaded<ItemSearchData> {
  const lang = useItemLang();
  return useOperationData('itemCatalog', q.trim() ? { query: { q: q.trim(), lang } } : null) as Loaded<ItemSearchData>;
}
