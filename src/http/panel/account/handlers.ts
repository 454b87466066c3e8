// A user's own account, whatever their role: the password (the current one asked), their
// sessions (listed, ended one by one or all but this one) and their second factor. Handlers only
// shape: the store checks, records the audit rows and keeps secrets out of them.
import { userActor } from '../../../domain/actor.js';
import { totpRequiredFor } from '../../../domain/account.js';
import { ConflictError } from '../../../domain/errors.js';
import type { ChangePasswordRequestSchema, TotpCodeRequestSchema } from '../../../contract/panel/account.js';
import type { SessionPath } from '../../../contract/panel/admin.js';
import type { SetLanguageRequestSchema } from '../../../contract/languages.js';
import { meOf } from '../auth/enrolment.js';
import { json, noContent } from '../../respond.js';
import type { PanelHandler } from '../context.js';

/** The issuer an authenticator app shows beside the user name. */
const ISSUER = 'palpanel';

export const changeOwnPassword = (async ({ deps, body, user }) => {
  await deps.store.users.changeOwn(user.username, body.current, body.password, user.sessionId);
  return noContent();
}) satisfies PanelHandler<{ body: typeof ChangePasswordRequestSchema }>;

/** The user's language for the web UI; answers as `/auth/me` does, so the page can take it at once. */
export const setOwnLanguage = (({ deps, body, user }) => {
  deps.store.users.setLanguage(user.username, body.language, userActor(user.username));
  return json(200, meOf(deps, user.username, user.role));
}) satisfies PanelHandler<{ body: typeof SetLanguageRequestSchema }>;

export const listOwnSessions = (({ deps, user }) =>
  json(200, {
    data: deps.store.sessions.list(user.username).map((s) => ({ ...s, current: s.id === user.sessionId })),
  })) satisfies PanelHandler;

/** "Sign out everywhere else": every session of this user but the one asking. */
export const endOwnSessions = (({ deps, user }) => {
  deps.store.sessions.endAllOf(user.username, userActor(user.username), user.sessionId);
  return noContent();
}) satisfies PanelHandler;

export const endOwnSession = (({ deps, params, user }) => {
  deps.store.sessions.endById(params.id, userActor(user.username), user.username);
  return noContent();
}) satisfies PanelHandler<{ params: typeof SessionPath }>;

export const getOwnTotp = (({ deps, user }) =>
  json(200, {
    data: { ...deps.store.totp.status(user.username), required: totpRequiredFor(user.role, deps.settings.require2fa) },
  })) satisfies PanelHandler;

export const startTotp = (({ deps, user }) => json(201, { data: deps.store.totp.start(user.username, ISSUER) })) satisfies PanelHandler;

export const confirmTotp = (({ deps, body, user }) =>
  json(200, {
    data: { recoveryCodes: deps.store.totp.confirm(user.username, body.code, userActor(user.username)) },
  })) satisfies PanelHandler<{
  body: typeof TotpCodeRequestSchema;
}>;

/** Removing one's own second factor, with a code as proof; refused while the role requires one. */
export const disableTotp = (({ deps, body, user }) => {
  if (totpRequiredFor(user.role, deps.settings.require2fa))
    throw new ConflictError('conflict', 'Two-factor sign-in is required for your role (SERVICE_REQUIRE_2FA); it cannot be turned off.');
  deps.store.totp.disable(user.username, body.code, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ body: typeof TotpCodeRequestSchema }>;
