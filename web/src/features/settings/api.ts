// The settings screen's calls to the panel API (users, sessions, keys, webhooks, the audit
// log), one per operation, typed by the contract.
import { call, type BodyOf, type Input } from '../../api/operations';
import { useOperation, useOperationData, usePagedOperation, type ReadOpts } from '../../api/use-operation';

export const useUsers = () => useOperationData('listUsers');
export const createUser = (body: BodyOf<'createUser'>) => call('createUser', { body });
export const removeUser = (username: string) => call('removeUser', { params: { username } });
export const setUserPassword = (username: string, password: string) =>
  call('setUserPassword', { params: { username }, body: { password } });
export const setUserRole = (username: string, role: BodyOf<'setUserRole'>['role']) =>
  call('setUserRole', { params: { username }, body: { role } });

export const endUserSessions = (username: string) => call('endUserSessions', { params: { username } });
export const resetUserTotp = (username: string) => call('resetUserTotp', { params: { username } });

export const useSessions = (opts?: ReadOpts) => useOperationData('listSessions', {}, opts);
export const endSession = (id: string) => call('endSession', { params: { id } });

export const useKeys = () => useOperation('listKeys');
export const createKey = (label: string) => call('createKey', { body: { label } });
export const revokeKey = (id: string) => call('revokeKey', { params: { id } });

export const useWebhooks = () => useOperationData('listWebhooks');
export const createWebhook = (body: BodyOf<'createWebhook'>) => call('createWebhook', { body });
export const removeWebhook = (id: string) => call('removeWebhook', { params: { id } });
export const updateWebhook = (id: string, events: BodyOf<'updateWebhook'>['events']) =>
  call('updateWebhook', { params: { id }, body: { events } });
export const testWebhook = (id: string) => call('testWebhook', { params: { id } });

/** The audit log's filters, as its API takes them. */
export type AuditFilter = Omit<Input<'listAudit'>['query'], 'limit' | 'cursor'>;
/** The audit log, filtered; `newest` (the latest audit event seen live) brings its new rows in on top. */
export const useAudit = (newest: unknown, filter: AuditFilter = {}) =>
  usePagedOperation('listAudit', { query: { limit: 100, ...filter } }, { key: newest, idOf: (a) => a.id });
