// The configuration screen's calls to the panel API, one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useOperationData } from '../../api/use-operation';

export const useConfig = () => useOperationData('getConfig');
/** The settings file's text, read only when `when` (an admin, once the settings are read). */
export const useConfigRaw = (when: boolean) => useOperationData('getConfigRaw', when ? {} : null);

/** Saves the settings over the version read (If-Match): a change made meanwhile is refused. */
export const updateConfig = (body: BodyOf<'updateConfig'>, version: string) =>
  call('updateConfig', { body }, { headers: { 'if-match': `"${version}"` } });
