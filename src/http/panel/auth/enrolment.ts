// SERVICE_REQUIRE_2FA: a user whose role must sign in with a second factor and has none yet
// signs in with the password alone, but only to set one up (what GitHub and most panels do: no
// lock-out, no way around it). Until then the surface answers every route outside this list
// 403, and the login and `/auth/me` say so (`totpEnrolmentRequired`).
import { totpRequiredFor } from '../../../domain/account.js';
import type { Role } from '../../../contract/vocabulary.js';
import type { PanelOperationId } from '../../../contract/panel-paths.js';
import type { HttpDeps } from '../../deps.js';

/** What such a session may do: see who it is, enrol, change its password, sign out. */
export const BEFORE_ENROLMENT: ReadonlySet<PanelOperationId> = new Set<PanelOperationId>([
  'me',
  'logout',
  'getOwnTotp',
  'startTotp',
  'confirmTotp',
  'changeOwnPassword',
  // The language a user reads the enrolment page in is not a way around the second factor.
  'setOwnLanguage',
]);

export const ENROL_FIRST = 'Set up two-factor sign-in first (your account page): it is required for your role.';

/** SERVICE_REQUIRE_2FA asks a second factor of this role and the user has none yet. */
export const mustEnrolTotp = (deps: HttpDeps, username: string, role: Role): boolean =>
  totpRequiredFor(role, deps.settings.require2fa) && !deps.store.totp.enabled(username);

/** The signed-in user as login answers it (the spec's {username, role}), `totpEnrolmentRequired`
 * only when set. */
export function whoAmI(deps: HttpDeps, username: string, role: Role) {
  const me = { username, role };
  return mustEnrolTotp(deps, username, role) ? { ...me, totpEnrolmentRequired: true as const } : me;
}

/** The signed-in user with their language choice (null: the browser's), as the language change
 * answers it. */
export const meOf = (deps: HttpDeps, username: string, role: Role) => ({
  ...whoAmI(deps, username, role),
  language: deps.store.users.language(username),
});

/** `/auth/me`: the language only once chosen. The spec's conformance case holds a user who never
 * chose one to exactly {username, role}, as `totpEnrolmentRequired` is there only when set. */
export function meAnswer(deps: HttpDeps, username: string, role: Role) {
  const me = whoAmI(deps, username, role);
  const language = deps.store.users.language(username);
  return language === null ? me : { ...me, language };
}
