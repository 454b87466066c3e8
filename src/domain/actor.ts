// Who made a change, as the audit log records it. One grammar, three forms:
//   `user:<name>`  a signed-in panel user (<name> as domain/account.ts USERNAME_PATTERN),
//   `cli`          the operator's shell: a `keys` or `users` command, through the control socket
//                  of a running server or on the store directly,
//   `system`       palpanel itself (the demo's bootstrap, housekeeping).
import { USERNAME_PATTERN } from '../contract/account-words.js';

import type { Actor } from '../contract/vocabulary.js';
export type { Actor };

export const CLI: Actor = 'cli';
export const SYSTEM: Actor = 'system';

/** The actor of a signed-in user. The name is the session's, so it is already valid. */
export function userActor(username: string): Actor {
  return asActor(`user:${username}`);
}

export function isActor(v: unknown): v is Actor {
  if (v === 'cli' || v === 'system') return true;
  return typeof v === 'string' && v.startsWith('user:') && USERNAME_PATTERN.test(v.slice(5));
}

/** The value as an Actor; throws on anything outside the grammar (a programming error, or bad
 * input where a caller validates a filter: it then reports a ValidationError of its own). */
export function asActor(v: unknown): Actor {
  if (!isActor(v)) throw new TypeError('not an actor: expected user:<name>, cli or system');
  return v;
}

/** The user name of a `user:` actor, else null. */
export function actorUsername(actor: Actor): string | null {
  return actor.startsWith('user:') ? actor.slice(5) : null;
}
