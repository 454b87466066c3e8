// The panel's sign-in entries: the login (the one open route, with its failed-login throttle),
// the logout and who is signed in.
import { LoginRequestSchema, UserSchema } from '../../../contract/integration-rows.js';
import { route, openRoute, signedIn, type PanelRoute } from '../context.js';
import { createLogin, logout, me } from './handlers.js';
import type { ThrottleOptions } from './login-throttle.js';
import { setupState, SetupStateSchema } from './setup.js';

export function authRoutes(loginThrottle?: ThrottleOptions): PanelRoute[] {
  return [
    openRoute({
      method: 'POST',
      path: '/auth/login',
      operationId: 'login',
      summary: 'Sign in to the panel',
      request: { body: LoginRequestSchema },
      responses: { 200: { description: 'Signed in; sets the session cookie.', schema: UserSchema, headers: ['Set-Cookie'] } },
      errors: {
        401: '`invalid_credentials`: wrong username or password (which one is not told).',
        429: {
          description: '`rate_limited`: too many failed logins from this address (at this username, or at any).',
          headers: ['Retry-After'],
        },
      },
      handler: createLogin(loginThrottle),
    }),
    openRoute({
      method: 'GET',
      path: '/auth/setup',
      operationId: 'authSetup',
      summary: 'Whether any panel user exists (open: the login page of a fresh install says how to make the first admin)',
      responses: { 200: { description: 'OK', schema: SetupStateSchema } },
      handler: setupState,
    }),
    ...signedIn([
      route({
        method: 'POST',
        path: '/auth/logout',
        operationId: 'logout',
        summary: 'End the session',
        responses: { 204: { description: 'Signed out; clears the cookie.', headers: ['Set-Cookie'] } },
        handler: logout,
      }),
      route({
        method: 'GET',
        path: '/auth/me',
        operationId: 'me',
        summary: 'The signed-in user',
        responses: { 200: { description: 'OK', schema: UserSchema } },
        handler: me,
      }),
    ]),
  ];
}
