// Diagnostics' call to the panel API, typed by the contract.
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export const useDiagnostics = (opts?: ReadOpts) => useOperationData('getDiagnostics', {}, opts);
