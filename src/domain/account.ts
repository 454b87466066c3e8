// Panel accounts, defined once: the roles (spec: Authentication; an admin may change things, a
// viewer only reads), the grammar of a user name, and the grammar of a session's public id. The
// store validates with these; the HTTP schemas and the actor grammar derive from them.
import { ROLES, type Role } from '../contract/vocabulary.js';
export { ROLES, type Role } from '../contract/vocabulary.js';
import { USERNAME_PATTERN } from '../contract/account-words.js';
export { PASSWORD_MIN_LENGTH, PASSWORD_RULE, SESSION_ID_PATTERN, USERNAME_PATTERN } from '../contract/account-words.js';

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

export const isUsername = (v: unknown): v is string => typeof v === 'string' && USERNAME_PATTERN.test(v);

/** The same grammar as an HTML input's `pattern` (the browser anchors it and reads it with the
 * `v` flag, where a `-` in a class is escaped); test/lib/account.test.ts holds the two alike. */
export const USERNAME_INPUT_PATTERN = '[A-Za-z0-9_.\\-]{1,32}';
