// The guild screens' calls to the panel API, typed by the contract.
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export const useGuilds = () => useOperationData('panelListGuilds');
export const useGuild = (id: string, opts?: ReadOpts) => useOperationData('panelGetGuild', { params: { id } }, opts);
