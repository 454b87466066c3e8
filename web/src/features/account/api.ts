// The account screen's calls to the panel API (a user's own password, sessions and second
// factor), one per operation, typed by the contract.
import { call } from '../../api/operations';
import { useOperationData, type ReadOpts } from '../../api/use-operation';

export const changeOwnPassword = (current: string, password: string) => call('changeOwnPassword', { body: { current, password } });
export const useOwnSessions = (opts?: ReadOpts) => useOperationData('listOwnSessions', {}, opts);
export const endOwnSession = (id: string) => call('endOwnSession', { params: { id } });
export const endOtherSessions = () => call('endOwnSessions');
export const useOwnTotp = () => useOperationData('getOwnTotp');
export const startTotp = () => call('startTotp');
export const confirmTotp = (code: string) => call('confirmTotp', { body: { code } });
export const disableTotp = (code: string) => call('disableTotp', { body: { code } });
