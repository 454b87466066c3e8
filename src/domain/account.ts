// Panel accounts, defined once: the roles (spec: Authentication; an admin may change things, a
// viewer only reads), the grammar of a user name, and the grammar of a session's public id. The
// store validates with these; the HTTP schemas and the actor grammar derive from them.
import { ROLES, type Role } from '../contract/vocabulary.js';
import { USERNAME_PATTERN } from '../contract/account-words.js';

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

export const isUsername = (v: unknown): v is string => typeof v === 'string' && USERNAME_PATTERN.test(v);

/** Whether SERVICE_REQUIRE_2FA (`require`) asks a second factor of `role`. */
export function totpRequiredFor(role: Role, require: 'off' | 'admins' | 'moderators' | undefined): boolean {
  if (require === 'admins') return role === 'admin';
  if (require === 'moderators') return role === 'admin' || role === 'moderator';
  return false;
}
