// The dashboard's calls to the panel API (the server, its history, who is online, the countdown
// and the server actions), one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export const useServer = (opts?: ReadOpts) => useOperationData('getPanelServer', {}, opts);
export const useHistory = (opts?: ReadOpts) => useOperationData('metricsHistory', {}, opts);
/** Who is online, read only when the live stream has not said (`when`). */
export const useOnlinePlayers = (when: boolean) =>
  useOperationData('panelListPlayers', when ? { query: { online: 'true', limit: 100 } } : null);
export const useCountdownNow = (opts?: ReadOpts) => useOperationData('getCountdown', {}, opts);

export const announce = (message: string) => call('announce', { body: { message } });
export const saveWorld = () => call('saveWorld');
export const shutdownServer = (body: BodyOf<'shutdownServer'>) => call('shutdownServer', { body });
export const cancelCountdown = () => call('cancelCountdown');
