import { route, openRoute, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { createLogin, logout, me } from './handlers.js';
import type { ThrottleOptions } from './login-throttle.js';
import { setupState } from './setup.js';

export function authRoutes(loginThrottle?: ThrottleOptions): PanelRoute[] {
  return [
    openRoute({
      ...operation('login', { 200: { description: 'Signed in; sets the session cookie.', headers: ['Set-Cookie'] } }),
      summary: 'Sign in to the panel',
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
      ...operation('authSetup', { 200: 'OK' }),
      summary: 'Whether any panel user exists (open: the login page of a fresh install says how to make the first admin)',
      handler: setupState,
    }),
    ...signedIn([
      route({
        ...operation('logout', { 204: { description: 'Signed out; clears the cookie.', headers: ['Set-Cookie'] } }),
        summary: 'End the session',
        handler: logout,
      }),
      route({
        ...operation('me', { 200: 'OK' }),
        summary: 'The signed-in user',
        handler: me,
      }),
    ]),
  ];
}
