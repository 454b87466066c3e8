// A user's own account (issue 43): any signed-in user, on their own password, sessions,
// second factor and language only. Handlers in handlers.ts, shapes in contract/panel/account.ts.
import { route, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import {
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  endOwnSession,
  endOwnSessions,
  getOwnTotp,
  listOwnSessions,
  setOwnLanguage,
  startTotp,
} from './handlers.js';

export function accountRoutes(): PanelRoute[] {
  return signedIn([
    route({
      ...operation('changeOwnPassword', { 204: 'Changed; the other sessions of this user end, this one stays.' }),
      summary: 'Change your own password (the current one asked)',
      errors: { 400: '`invalid_request`: the current password is not right (recorded), or the new one is too weak.' },
      handler: changeOwnPassword,
    }),
    route({
      ...operation('setOwnLanguage', { 200: 'Set; the signed-in user as `/auth/me` answers it.' }),
      summary: "Choose the web UI's language for yourself (a BCP 47 tag of the UI's languages), or null to follow the browser",
      errors: { 400: '`invalid_request`: not one of the languages the UI speaks, nor null.' },
      handler: setOwnLanguage,
    }),
    route({
      ...operation('listOwnSessions', { 200: 'OK' }),
      summary: 'Your own sessions that have not expired, newest first, with address and browser; `current` marks this one',
      handler: listOwnSessions,
    }),
    route({
      ...operation('endOwnSessions', { 204: 'Ended.' }),
      summary: 'Sign out everywhere else: end all your sessions but this one',
      handler: endOwnSessions,
    }),
    route({
      ...operation('endOwnSession', { 204: 'Ended.' }),
      summary: 'End one of your own sessions',
      errors: { 404: '`not_found`: you have no live session with that id.' },
      handler: endOwnSession,
    }),
    route({
      ...operation('getOwnTotp', { 200: 'OK' }),
      summary: 'Whether you sign in with a second factor, whether your role requires it, and recovery codes left',
      handler: getOwnTotp,
    }),
    route({
      ...operation('startTotp', { 201: 'The new key and its otpauth:// URI: shown here only.' }),
      summary: 'Start enrolling an authenticator app (TOTP, RFC 6238: SHA1, 6 digits, 30 s); a new start replaces one not confirmed',
      errors: { 409: '`conflict`: two-factor sign-in is on already.' },
      handler: startTotp,
    }),
    route({
      ...operation('confirmTotp', { 200: 'On; ten recovery codes, shown here only.' }),
      summary: 'Turn two-factor sign-in on with a code from the app just enrolled',
      errors: {
        400: '`invalid_request`: the code is not right.',
        409: '`conflict`: no enrolment was started, or it is on already.',
      },
      handler: confirmTotp,
    }),
    route({
      ...operation('disableTotp', { 204: 'Off; the recovery codes are gone.' }),
      summary: 'Turn your two-factor sign-in off, with a code (or a recovery code) as proof',
      errors: {
        400: '`invalid_request`: the code is not right (recorded).',
        409: '`conflict`: it is off already, or SERVICE_REQUIRE_2FA requires it for your role.',
      },
      handler: disableTotp,
    }),
  ]);
}
