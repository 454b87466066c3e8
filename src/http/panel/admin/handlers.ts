// The admin's settings routes: users, sessions, the audit log. Handlers only shape: the store
// checks names, roles and passwords, keeps the last admin, and writes each change's audit row in
// the change's own transaction, with the signed-in user as the actor.
import { userActor } from '../../../lib/actor.js';
import { encodeCursor } from '../../cursor.js';
import { json, noContent } from '../../respond.js';
import type {
  AuditQuery,
  CreateUserRequestSchema,
  SessionPath,
  SetPasswordRequestSchema,
  SetRoleRequestSchema,
  UserPath,
} from './schemas.js';
import type { PanelHandler } from '../context.js';

export const listUsers: PanelHandler = ({ deps }) => json(200, { data: deps.store.users.list() });

export const createUser: PanelHandler<{ body: typeof CreateUserRequestSchema }> = ({ deps, body, user }) =>
  json(201, { data: deps.store.users.add(body.username, body.role, body.password, userActor(user.username)) });

export const setRole: PanelHandler<{ params: typeof UserPath; body: typeof SetRoleRequestSchema }> = ({ deps, params, body, user }) =>
  json(200, { data: deps.store.users.setRole(params.username, body.role, userActor(user.username)) });

/** An admin setting their own password stays signed in here; every other session of the user ends. */
export const setPassword: PanelHandler<{ params: typeof UserPath; body: typeof SetPasswordRequestSchema }> = ({
  deps,
  params,
  body,
  user,
}) => {
  const keepSessionId = params.username === user.username ? user.sessionId : undefined;
  deps.store.users.setPassword(params.username, body.password, userActor(user.username), { keepSessionId });
  return noContent();
};

export const removeUser: PanelHandler<{ params: typeof UserPath }> = ({ deps, params, user }) => {
  deps.store.users.remove(params.username, userActor(user.username));
  return noContent();
};

export const listSessions: PanelHandler = ({ deps, user }) =>
  json(200, { data: deps.store.sessions.list().map((s) => ({ ...s, current: s.id === user.sessionId })) });

export const endSession: PanelHandler<{ params: typeof SessionPath }> = ({ deps, params, user }) => {
  deps.store.sessions.endById(params.id, userActor(user.username));
  return noContent();
};

export const listAudit: PanelHandler<{ query: typeof AuditQuery }> = ({ deps, query }) => {
  const page = deps.store.audit.list({ ...query, cursor: query.cursor ?? null });
  return json(200, { data: page.data, nextCursor: page.nextCursor === null ? null : encodeCursor(page.nextCursor) });
};
