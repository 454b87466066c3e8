// Panel login, logout and the signed-in user (interface.md, Decisions).
import { userActor } from '../../../domain/actor.js';
import { meAnswer, whoAmI } from './enrolment.js';
import { HttpError } from '../../errors.js';
import { json, noContent } from '../../respond.js';
import type { RouteInput } from '../../routes/route.js';
import type { LoginRequestSchema } from '../../../contract/integration-rows.js';
import type { PanelBaseContext, PanelHandler } from '../context.js';
import { clearedSessionCookie, secureCookie, sessionCookie } from '../cookies.js';
import { LoginThrottle, type ThrottleOptions } from './login-throttle.js';

const SWEEP_EVERY_MS = 10 * 60_000;
/** One answer for a wrong user name, password or code: which part was wrong is not told. */
const WRONG = 'The username, password or code is incorrect.';

/** The login handler, with its own throttle (one per panel surface). */
export function createLogin(throttleOptions?: ThrottleOptions) {
  const throttle = new LoginThrottle(throttleOptions);
  let lastSweep = 0;

  return async ({ deps, req, body, now }: PanelBaseContext & RouteInput<{ body: typeof LoginRequestSchema }>) => {
    const { username, password, code } = body;
    const from = req.remoteAddress;
    const wait = throttle.retryAfterSec(from, username, now.getTime());
    // One stable line per failure, the address first, for fail2ban (docs/monitoring.md, "The log"); the logger
    // escapes every control character, so no value can start a line of its own.
    const who = `user "${username.slice(0, 64).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    if (wait > 0) {
      deps.log('warn', `panel login throttled from ${from}: ${who}`);
      throw new HttpError(429, 'rate_limited', 'Too many failed logins from this address; try again later.', {
        'retry-after': String(wait),
      });
    }
    throttle.attempt(from, username, now.getTime());
    const user = username.length <= 64 && password.length <= 1024 ? await deps.store.users.check(username, password) : null;
    if (!user) {
      deps.log('warn', `panel login failed from ${from}: ${who}`);
      throw new HttpError(401, 'invalid_credentials', WRONG);
    }
    // The second step (interface.md, "A team, …"): the right password of a user with TOTP and no
    // code asks for one; a wrong, reused or stale code is told apart from nothing else. Both stay
    // counted by the throttle like a wrong password, so codes cannot be guessed faster than
    // passwords.
    if (user.totp) {
      if (code === undefined || code === '') throw new HttpError(401, 'totp_required', 'Type the code from your authenticator app.');
      const used = deps.store.totp.verify(user.username, code);
      if (used === null) {
        deps.log('warn', `panel login failed from ${from}: ${who}`);
        throw new HttpError(401, 'invalid_credentials', WRONG);
      }
    }
    throttle.succeeded(from, username, now.getTime());

    if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now.getTime();
      deps.store.sessions.deleteExpired(now);
    }
    // Logged by the activity log, as its audit entry (session.create).
    const session = deps.store.sessions.create(user.username, now, deps.settings.sessionTtlMs, {
      address: from,
      userAgent: req.headers['user-agent'],
    });
    const maxAge = Math.max(1, Math.floor(deps.settings.sessionTtlMs / 1000));
    return json(200, whoAmI(deps, user.username, user.role), {
      'set-cookie': sessionCookie(session.token, maxAge, secureCookie(req, deps.settings.publicUrl)),
    });
  };
}

export const logout = (({ deps, req, token, user }) => {
  deps.store.sessions.end(token, userActor(user.username));
  return noContent({ 'set-cookie': clearedSessionCookie(secureCookie(req, deps.settings.publicUrl)) });
}) satisfies PanelHandler;

export const me = (({ deps, user }) => json(200, meAnswer(deps, user.username, user.role))) satisfies PanelHandler;
