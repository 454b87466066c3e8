// The map's calls to the panel API (the save's dataset, the live snapshot), typed by the contract.
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export const useMapDataset = (opts?: ReadOpts) => useOperationData('getMapDataset', {}, opts);
export const useWorldSnapshot = (opts?: ReadOpts) => useOperationData('getWorldSnapshot', {}, opts);
