// The pal explorer's calls to the panel API, typed by the contract.
import { useOperationData } from '../../api/use-operation';

export const usePalPassives = () => useOperationData('panelListPalPassives');
