// The admin's settings routes: users, sessions, the audit log. Handlers only shape: the store
// checks names, roles and passwords, keeps the last admin, and writes each change's audit row in
// the change's own transaction, with the signed-in user as the actor.
import { userActor } from '../../../domain/actor.js';
import { NotFoundError } from '../../../domain/errors.js';
import { encodeCursor } from '../../../contract/cursor.js';
import { json, noContent } from '../../respond.js';
import type {
  AuditQuery,
  CreateUserRequestSchema,
  SessionPath,
  SetPasswordRequestSchema,
  SetRoleRequestSchema,
  UserPath,
} from '../../../contract/panel/admin.js';
import type { PanelHandler } from '../context.js';

export const listUsers = (({ deps }) => json(200, { data: deps.store.users.list() })) satisfies PanelHandler;

export const createUser = (({ deps, body, user }) =>
  json(201, { data: deps.store.users.add(body.username, body.role, body.password, userActor(user.username)) })) satisfies PanelHandler<{
  body: typeof CreateUserRequestSchema;
}>;

export const setRole = (({ deps, params, body, user }) =>
  json(200, { data: deps.store.users.setRole(params.username, body.role, userActor(user.username)) })) satisfies PanelHandler<{
  params: typeof UserPath;
  body: typeof SetRoleRequestSchema;
}>;

/** An admin setting their own password stays signed in here; every other session of the user ends. */
export const setPassword = (({ deps, params, body, user }) => {
  const keepSessionId = params.username === user.username ? user.sessionId : undefined;
  deps.store.users.setPassword(params.username, body.password, userActor(user.username), { keepSessionId });
  return noContent();
}) satisfies PanelHandler<{ params: typeof UserPath; body: typeof SetPasswordRequestSchema }>;

export const removeUser = (({ deps, params, user }) => {
  deps.store.users.remove(params.username, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof UserPath }>;

export const listSessions = (({ deps, user }) =>
  json(200, { data: deps.store.sessions.list().map((s) => ({ ...s, current: s.id === user.sessionId })) })) satisfies PanelHandler;

export const endSession = (({ deps, params, user }) => {
  deps.store.sessions.endById(params.id, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof SessionPath }>;

export const listAudit = (({ deps, query }) => {
  const page = deps.store.audit.list({ ...query, cursor: query.cursor ?? null });
  return json(200, { data: page.data, nextCursor: page.nextCursor === null ? null : encodeCursor(page.nextCursor) });
}) satisfies PanelHandler<{ query: typeof AuditQuery }>;

/** An admin ending every session of another user (their own: all but this one). */
export const endUserSessions = (({ deps, params, user }) => {
  if (!deps.store.users.get(params.username)) throw new NotFoundError(`No user is named "${params.username}".`);
  const keep = params.username === user.username ? user.sessionId : undefined;
  deps.store.sessions.endAllOf(params.username, userActor(user.username), keep);
  return noContent();
}) satisfies PanelHandler<{ params: typeof UserPath }>;

/** An admin turning another user's second factor off (a lost phone); audited as `totp.reset`. */
export const resetUserTotp = (({ deps, params, user }) => {
  deps.store.totp.reset(params.username, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof UserPath }>;
