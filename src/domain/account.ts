// Panel accounts, defined once: the roles (spec: Authentication; an admin may change things, a
// viewer only reads), the grammar of a user name, and the grammar of a session's public id. The
// store validates with these; the HTTP schemas and the actor grammar derive from them.
import { ROLES, type Role } from '../contract/vocabulary.js';
export { ROLES, type Role } from '../contract/vocabulary.js';

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** 1 to 32 letters, digits, dots, dashes or underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;

export const isUsername = (v: unknown): v is string => typeof v === 'string' && USERNAME_PATTERN.test(v);

/** The same grammar as an HTML input's `pattern` (the browser anchors it and reads it with the
 * `v` flag, where a `-` in a class is escaped); test/lib/account.test.ts holds the two alike. */
export const USERNAME_INPUT_PATTERN = '[A-Za-z0-9_.\\-]{1,32}';

/** A session's public id: 16 lowercase hex characters, random, unrelated to the cookie token
 * (knowing it lets an admin end the session, never use it). */
export const SESSION_ID_PATTERN = /^[0-9a-f]{16}$/;

/** The shortest password a panel user may have (the store refuses shorter; the web UI says so). */
export const PASSWORD_MIN_LENGTH = 8;

/** The password rule in words, as store/users.ts validatePassword enforces it: the web UI and the
 * API's description say this one text, so the number is never written twice. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, not a common or repetitive password, not the user name.`;
