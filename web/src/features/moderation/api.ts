// Moderation's calls to the panel API (the whitelist, bans, join announcements),
// one per operation, typed by the contract.
import { call, type BodyOf } from '../../api/operations';
import { useEditableOperation, useOperationData } from '../../api/use-operation';

/** The whitelist as PUT takes it: without the names read beside it. */
const listOf = (w: BodyOf<'putWhitelist'>): BodyOf<'putWhitelist'> => ({ enabled: w.enabled, entries: w.entries });
export const useWhitelist = () => useEditableOperation('getWhitelist', (whitelist) => call('putWhitelist', { body: listOf(whitelist) }));
export const whitelistImpact = (whitelist: BodyOf<'whitelistImpact'>) => call('whitelistImpact', { body: listOf(whitelist) });
export const useBans = () => useOperationData('listBans');
export const unbanPlayer = (uid: string) => call('unbanPlayer', { params: { uid }, body: {} });
export const useAnnouncements = () =>
  useEditableOperation('getJoinAnnouncements', (announcements) => call('putJoinAnnouncements', { body: announcements }));
