// The panel API's route table (interface.md, Decisions; spec: Key management). Who may call a
// route is stated here and enforced by the surface (panel/index.ts): a session for every route
// but the login, the role, and the Origin check on every mutating route. A new route is one
// entry here and its handler (typed by the entry's schemas); a path parameter's schema carries
// an example, from which test/http/route-table.test.ts builds the requests that walk it.
import { KeyCreatedSchema, KeyListSchema, KeyRecordSchema, CreateKeyRequestSchema, LoginRequestSchema, UserSchema } from '../../rows/schemas.js';
import { RouteTable } from '../routes/table.js';
import { createLogin, logout, me } from './auth-routes.js';
import { panelRoute as route, type PanelRoute } from './context.js';
import { createKey, listKeys, revokeKey } from './key-routes.js';
import { eventRoutes } from './event-routes.js';
import { adminRoutes } from './admin-table.js';
import type { ThrottleOptions } from './login-throttle.js';
import { KeyPath } from './params.js';
import { serverRoutes } from './server-routes.js';
import { worldRoutes } from './world-routes.js';
import { playerRoutes } from './player-table.js';
import { palRoutes } from './pal-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { backupRoutes } from './backup-routes.js';
import { consoleRoutes } from './console-routes.js';
import { configRoutes } from './config-routes.js';
import { itemRoutes } from './item-routes.js';
import { taskRoutes } from './task-routes.js';

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
    ...adminRoutes(),
    ...eventRoutes(),
    ...serverRoutes(),
    ...worldRoutes(),
    ...playerRoutes(),
    ...palRoutes(),
    ...webhookRoutes(),
    ...backupRoutes(),
    ...consoleRoutes(),
    ...configRoutes(),
    ...itemRoutes(),
    ...taskRoutes(),
  ];
}

export const panelTable = (loginThrottle?: ThrottleOptions) => new RouteTable(PANEL_BASE, panelRoutes(loginThrottle));
