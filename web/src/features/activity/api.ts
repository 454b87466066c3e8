// Activity's calls to the panel API (players online, hours played, a player's sessions), typed
// by the contract.
import type { QueryOf } from '../../api/operations';
import { useOperationData, type ReadOpts } from '../../api/use-operation';

/** One step of the players-online series: null where no sample was taken. */
export type { OnlinePoint } from '../../../../src/contract/panel/activity';
export type OnlineRange = Exclude<QueryOf<'activityOnline'>['range'], undefined>;
type HeatmapRange = Exclude<QueryOf<'activityHeatmap'>['range'], undefined>;

export const useOnline = (range: OnlineRange, opts?: ReadOpts) => useOperationData('activityOnline', { query: { range } }, opts);
export const useHeatmap = (range: HeatmapRange, opts?: ReadOpts) => useOperationData('activityHeatmap', { query: { range } }, opts);
export const usePlayerSessions = (uid: string, days: number) => useOperationData('playerSessions', { params: { uid }, query: { days } });
