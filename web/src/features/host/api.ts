// The host screens' calls (issue 40): the resources now and their history, the game's crashes and
// versions, and Start; one per operation, typed by the contract.
import { call } from '../../api/operations';
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export type { ResourcePoint } from '../../../../src/contract/panel/resources';
export type { Crash } from '../../../../src/contract/panel/game-health';

export const useResources = (opts?: ReadOpts) => useOperationData('getResources', {}, opts);
export const useResourceHistory = (opts?: ReadOpts) => useOperationData('resourceHistory', {}, opts);
export const useCrashes = (opts?: ReadOpts) => useOperationData('listCrashes', {}, opts);
export const useGameVersions = (opts?: ReadOpts) => useOperationData('listGameVersions', {}, opts);
export const useGameStart = (opts?: ReadOpts) => useOperationData('getGameStart', {}, opts);
export const startGame = () => call('startGame');
