// The Events screen's call to the panel API, typed by the contract.
import { usePagedOperation } from '../../api/use-operation';

/** The event log, of one kind or all (''), newest first, a hundred at a time. */
export const useEvents = (kind: string) => usePagedOperation('listPanelEvents', { query: { limit: 100, kind } });
