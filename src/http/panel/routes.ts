// The panel API's route table (interface.md, Decisions; spec: Key management). Who may call a
// route is stated here and enforced by the surface (panel/index.ts): a session for every route
// but the login, the role, and the Origin check on every mutating route. A new route is one
// entry here and its handler (typed by the entry's schemas); a path parameter's schema carries
// an example, from which test/http/route-table.test.ts builds the requests that walk it.
import { KeyCreatedSchema, KeyListSchema, KeyRecordSchema, CreateKeyRequestSchema, LoginRequestSchema, UserSchema } from '../schemas.js';
import { RouteTable } from '../routes/table.js';
import { createLogin, logout, me } from './auth-routes.js';
import { panelRoute as route, type PanelRoute } from './context.js';
import { createKey, listKeys, revokeKey } from './key-routes.js';
import { eventRoutes } from './event-routes.js';
import { createUser, endSession, listAudit, listSessions, listUsers, removeUser, setPassword, setRole } from './admin-routes.js';
import {
  AuditPageSchema,
  AuditQuery,
  CreateUserRequestSchema,
  SessionListSchema,
  SessionPath,
  SetPasswordRequestSchema,
  SetRoleRequestSchema,
  UserEnvelopeSchema,
  UserListSchema,
  UserPath,
} from './admin-schemas.js';
import type { ThrottleOptions } from './login-throttle.js';
import { KeyPath } from './params.js';
import { serverRoutes } from './server-routes.js';
import { worldRoutes } from './world-routes.js';
import { playerRoutes } from './player-table.js';

export const PANEL_BASE = '/api/v1';
/** Panel request bodies (login, key label) are small. */
export const PANEL_BODY_LIMIT = 64 * 1024;

/** A fresh table: the login route owns its failed-login throttle. */
export function panelRoutes(loginThrottle?: ThrottleOptions): PanelRoute[] {
  return [
    route({
      method: 'POST',
      path: '/auth/login',
      auth: 'none',
      operationId: 'login',
      summary: 'Sign in to the panel',
      request: { body: LoginRequestSchema },
      responses: { 200: { description: 'Signed in; sets the session cookie.', schema: UserSchema, headers: ['Set-Cookie'] } },
      errors: {
        401: '`invalid_credentials`: wrong username or password (which one is not told).',
        429: { description: '`rate_limited`: too many failed logins for this username or address.', headers: ['Retry-After'] },
      },
      handler: createLogin(loginThrottle),
    }),
    route({
      method: 'POST',
      path: '/auth/logout',
      auth: 'session',
      operationId: 'logout',
      summary: 'End the session',
      responses: { 204: { description: 'Signed out; clears the cookie.', headers: ['Set-Cookie'] } },
      handler: logout,
    }),
    route({
      method: 'GET',
      path: '/auth/me',
      auth: 'session',
      operationId: 'me',
      summary: 'The signed-in user',
      responses: { 200: { description: 'OK', schema: UserSchema } },
      handler: me,
    }),
    route({
      method: 'GET',
      path: '/integration-keys',
      auth: 'session',
      role: 'admin',
      operationId: 'listKeys',
      summary: 'Integration key records, newest first (never the key)',
      responses: { 200: { description: 'OK', schema: KeyListSchema } },
      handler: listKeys,
    }),
    route({
      method: 'POST',
      path: '/integration-keys',
      auth: 'session',
      role: 'admin',
      operationId: 'createKey',
      summary: 'Create an integration key; the plaintext key is returned only here',
      request: { body: CreateKeyRequestSchema },
      responses: { 201: { description: 'Created', schema: KeyCreatedSchema } },
      errors: { 409: '`too_many_keys`: 100 active keys exist already.' },
      handler: createKey,
    }),
    route({
      method: 'DELETE',
      path: '/integration-keys/{id}',
      auth: 'session',
      role: 'admin',
      operationId: 'revokeKey',
      summary: 'Revoke a key (again: the original revokedAt)',
      request: { params: KeyPath },
      responses: { 200: { description: 'The record with revokedAt set.', schema: KeyRecordSchema } },
      errors: { 404: '`not_found`: no key has that id.' },
      handler: revokeKey,
    }),
    route({
      method: 'GET',
      path: '/users',
      auth: 'session',
      role: 'admin',
      operationId: 'listUsers',
      summary: 'Panel users by name (never a password or its hash)',
      responses: { 200: { description: 'OK', schema: UserListSchema } },
      handler: listUsers,
    }),
    route({
      method: 'POST',
      path: '/users',
      auth: 'session',
      role: 'admin',
      operationId: 'createUser',
      summary: 'Add a panel user',
      request: { body: CreateUserRequestSchema },
      responses: { 201: { description: 'Created', schema: UserEnvelopeSchema } },
      errors: { 409: '`conflict`: a user of that name exists.' },
      handler: createUser,
    }),
    route({
      method: 'PATCH',
      path: '/users/{username}',
      auth: 'session',
      role: 'admin',
      operationId: 'setUserRole',
      summary: "Change a user's role (applies to their sessions at once)",
      request: { params: UserPath, body: SetRoleRequestSchema },
      responses: { 200: { description: 'The user with the new role.', schema: UserEnvelopeSchema } },
      errors: { 404: '`not_found`: no user has that name.', 409: '`conflict`: the last admin cannot be demoted.' },
      handler: setRole,
    }),
    route({
      method: 'PUT',
      path: '/users/{username}/password',
      auth: 'session',
      role: 'admin',
      operationId: 'setUserPassword',
      summary: "Reset a user's password; their sessions end (an admin's own, but this one)",
      request: { params: UserPath, body: SetPasswordRequestSchema },
      responses: { 204: { description: 'Changed.' } },
      errors: { 404: '`not_found`: no user has that name.' },
      handler: setPassword,
    }),
    route({
      method: 'DELETE',
      path: '/users/{username}',
      auth: 'session',
      role: 'admin',
      operationId: 'removeUser',
      summary: 'Remove a user and end their sessions',
      request: { params: UserPath },
      responses: { 204: { description: 'Removed.' } },
      errors: { 404: '`not_found`: no user has that name.', 409: '`conflict`: the last admin cannot be removed.' },
      handler: removeUser,
    }),
    route({
      method: 'GET',
      path: '/sessions',
      auth: 'session',
      role: 'admin',
      operationId: 'listSessions',
      summary: 'Sessions that have not expired, newest first',
      responses: { 200: { description: 'OK', schema: SessionListSchema } },
      handler: listSessions,
    }),
    route({
      method: 'DELETE',
      path: '/sessions/{id}',
      auth: 'session',
      role: 'admin',
      operationId: 'endSession',
      summary: 'End a session (its next request is unauthorized)',
      request: { params: SessionPath },
      responses: { 204: { description: 'Ended.' } },
      errors: { 404: '`not_found`: no live session has that id.' },
      handler: endSession,
    }),
    route({
      method: 'GET',
      path: '/audit',
      auth: 'session',
      role: 'admin',
      operationId: 'listAudit',
      summary: 'The audit log, newest first: who changed what, when, and whether it happened',
      request: { query: AuditQuery },
      responses: { 200: { description: 'One page; walk `nextCursor` until it is null.', schema: AuditPageSchema } },
      handler: listAudit,
    }),
    ...eventRoutes(),
    ...serverRoutes(),
    ...worldRoutes(),
    ...playerRoutes(),
  ];
}

export const panelTable = (loginThrottle?: ThrottleOptions) => new RouteTable(PANEL_BASE, panelRoutes(loginThrottle));
