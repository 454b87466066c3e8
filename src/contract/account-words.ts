// The grammar of a panel account on the wire: a user name, a session's public id and the
// password rule in words. Declared on the contract's floor so the admin schemas need nothing
// above zod; domain/account.ts checks with them.

/** 1 to 32 letters, digits, dots, dashes or underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;

/** The same grammar as an HTML input's `pattern` (the browser anchors it and reads it with the
 * `v` flag, where a `-` in a class is escaped); test/domain/account.test.ts holds the two alike. */
export const USERNAME_INPUT_PATTERN = '[A-Za-z0-9_.\\-]{1,32}';

/** A session's public id: 16 lowercase hex characters, random, unrelated to the cookie token
 * (knowing it lets an admin end the session, never use it). */
export const SESSION_ID_PATTERN = /^[0-9a-f]{16}$/;

/** The shortest password a panel user may have (the store refuses shorter; the web UI says so). */
export const PASSWORD_MIN_LENGTH = 8;

/** The password rule in words, as store/users.ts validatePassword enforces it: the web UI and the
 * API's description say this one text, so the number is never written twice. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, not a common or repetitive password, not the user name.`;
