// Panel logins. Passwords are hashed with scrypt and a per-user salt; the stored form is
// `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCb, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { isRole, isUsername } from '../domain/account.js';
import { PASSWORD_MIN_LENGTH } from '../contract/account-words.js';
import { type Role } from '../contract/vocabulary.js';
import { isUiLanguage, UI_LANGUAGES, type UiLanguage } from '../contract/languages.js';
import { userActor, type Actor } from '../domain/actor.js';
import { LastAdminError, NotFoundError, UserExistsError, ValidationError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import { commitOrRefuse, type AuditRepo } from './audit.js';
import type { DurableDb, Reader } from './durable-db.js';
import { endSessionsOf } from './sessions.js';
import type { UserRecord } from '../contract/panel/admin.js';

export type { Role };
export type { UserRecord } from '../contract/panel/admin.js';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'admin123',
  'administrator',
  'letmein1',
  'welcome1',
  'palworld',
  'palworld1',
  'changeme',
  'abc12345',
  '11111111',
  '00000000',
  'passw0rd',
]);

export function validateUsername(name: unknown): string {
  if (!isUsername(name)) {
    const shown = typeof name === 'string' ? ` ${JSON.stringify(name.slice(0, 64))}` : '';
    throw new ValidationError(`Invalid user name${shown}: a user name is 1 to 32 letters, digits, dots, dashes or underscores.`);
  }
  return name;
}

export function validateRole(role: unknown): Role {
  if (!isRole(role)) {
    const shown = typeof role === 'string' ? ` ${JSON.stringify(role.slice(0, 64))}` : '';
    throw new ValidationError(`Invalid role${shown}: the role must be "admin", "moderator" or "viewer".`);
  }
  return role;
}

/** Refuses empty and weak passwords with a message that says what is wanted. */
export function validatePassword(password: unknown, username: string): string {
  if (typeof password !== 'string' || password.length === 0) throw new ValidationError('The password must not be empty.');
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new ValidationError(`The password is too weak: use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > 1024) throw new ValidationError('The password is too long (at most 1024 characters).');
  if (new Set(password).size < 4 || COMMON.has(password.toLowerCase()) || password.toLowerCase() === username.toLowerCase()) {
    throw new ValidationError('The password is too weak: it is too common or too repetitive.');
  }
  return password;
}

/** The role of an existing user, read inside a transaction; NotFoundError otherwise. */
function existingRole(tx: Reader, username: string): Role {
  const row = tx.get<{ role: Role }>(`SELECT role FROM users WHERE username = ?`, [username]);
  if (!row) throw new NotFoundError(`No user is named "${username.slice(0, 64)}".`);
  return row.role;
}

/** No admin other than `username` exists. Read inside the transaction that would remove or
 * demote `username`: store writes are synchronous and never interleave, so the answer holds
 * until that transaction commits. */
function isLastAdmin(tx: Reader, username: string): boolean {
  return !tx.get(`SELECT 1 FROM users WHERE role = 'admin' AND username <> ? LIMIT 1`, [username]);
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface UserRow {
  username: string;
  role: Role;
  created_at: string;
  totp: number;
}
const SELECT_USERS = `SELECT username, role, created_at, totp_secret IS NOT NULL AS totp FROM users`;
const toRecord = (u: UserRow): UserRecord => ({ username: u.username, role: u.role, createdAt: u.created_at, totp: u.totp === 1 });

/** A stored hash compared against for unknown users, so that timing does not reveal names. */
const DUMMY = hashPassword('dummy-password-for-equal-work');

export class UserRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  /** Creates a login. A taken name is refused (recorded, UserExistsError). */
  add(username: unknown, role: unknown, password: unknown, actor: Actor): UserRecord {
    const name = validateUsername(username);
    const r = validateRole(role);
    const pw = validatePassword(password, name);
    const hash = hashPassword(pw);
    const createdAt = iso(this.clock());
    const entry = { actor, action: 'user.create', target: name, detail: r, at: createdAt } as const;
    commitOrRefuse(this.db, (tx) => {
      if (tx.get(`SELECT 1 FROM users WHERE username = ?`, [name]))
        return this.audit.refuse(tx, entry, 'user_exists', new UserExistsError(name));
      tx.run(`INSERT INTO users (username, role, password_hash, created_at) VALUES (?, ?, ?, ?)`, [name, r, hash, createdAt]);
      this.audit.record(tx, entry);
    });
    return { username: name, role: r, createdAt, totp: false };
  }

  /** Every user by name, without password hashes. */
  list(): UserRecord[] {
    return this.db.all<UserRow>(`${SELECT_USERS} ORDER BY username`).map(toRecord);
  }

  get(username: string): UserRecord | undefined {
    const u = this.db.get<UserRow>(`${SELECT_USERS} WHERE username = ?`, [username]);
    return u && toRecord(u);
  }

  /** Removes a login and ends its sessions. The last admin is refused (LastAdminError). */
  remove(username: string, actor: Actor): void {
    const at = iso(this.clock());
    const entry = { actor, action: 'user.remove', target: username, at } as const;
    commitOrRefuse(this.db, (tx) => {
      const role = existingRole(tx, username);
      if (role === 'admin' && isLastAdmin(tx, username)) return this.audit.refuse(tx, entry, 'last_admin', new LastAdminError());
      tx.run(`DELETE FROM users WHERE username = ?`, [username]);
      tx.run(`DELETE FROM recovery_codes WHERE username = ?`, [username]);
      this.audit.record(tx, entry);
      endSessionsOf(tx, this.audit, username, actor, at);
    });
  }

  /** Changes a user's role. Demoting the last admin is refused (LastAdminError); setting the
   * role a user already has changes nothing and records nothing. Sessions stay: their role is
   * read on every request, so the change applies at once. */
  setRole(username: string, role: unknown, actor: Actor): UserRecord {
    const r = validateRole(role);
    const at = iso(this.clock());
    return commitOrRefuse(this.db, (tx) => {
      const old = existingRole(tx, username);
      const entry = { actor, action: 'user.role', target: username, detail: `${old}->${r}`, at } as const;
      if (old === r) return this.get(username)!;
      if (old === 'admin' && isLastAdmin(tx, username)) return this.audit.refuse(tx, entry, 'last_admin', new LastAdminError());
      tx.run(`UPDATE users SET role = ? WHERE username = ?`, [r, username]);
      this.audit.record(tx, entry);
      return { ...this.get(username)!, role: r };
    });
  }

  /**
   * Sets a new password and ends the user's sessions, all of them, except the one named by
   * `keepSessionId` when given (a user changing their own password stays signed in there; an
   * admin's reset or the CLI ends every session).
   */
  setPassword(username: string, password: unknown, actor: Actor, opts: { keepSessionId?: string } = {}): void {
    if (!this.get(username)) throw new NotFoundError(`No user is named "${username}".`);
    const hash = hashPassword(validatePassword(password, username));
    const at = iso(this.clock());
    this.db.write((tx) => {
      existingRole(tx, username);
      tx.run(`UPDATE users SET password_hash = ? WHERE username = ?`, [hash, username]);
      this.audit.record(tx, { actor, action: 'user.password', target: username, at });
      endSessionsOf(tx, this.audit, username, actor, at, opts.keepSessionId);
    });
  }

  /**
   * A user's own password change: the current password is asked first (a wrong one is refused,
   * recorded with the reason `wrong_password`, ValidationError); then as setPassword, keeping the
   * session it was asked from.
   */
  async changeOwn(username: string, current: string, password: unknown, keepSessionId: string): Promise<void> {
    const pw = validatePassword(password, username);
    const actor = userActor(username);
    if (current.length > 1024 || !(await this.check(username, current))) {
      const entry = { actor, action: 'user.password', target: username } as const;
      commitOrRefuse(this.db, (tx) =>
        this.audit.refuse(tx, entry, 'wrong_password', new ValidationError('The current password is not right.')),
      );
    }
    this.setPassword(username, pw, actor, { keepSessionId });
  }

  /** The user's language for the web UI, or null (follow the browser; also for an unknown user). */
  language(username: string): UiLanguage | null {
    const row = this.db.get<{ language: string | null }>(`SELECT language FROM users WHERE username = ?`, [username]);
    return isUiLanguage(row?.language) ? row.language : null;
  }

  /** Sets the user's own language (a tag of the UI's languages, or null to follow the browser),
   * recorded like the other changes of an account; the same choice again changes nothing. */
  setLanguage(username: string, language: unknown, actor: Actor): UiLanguage | null {
    if (language !== null && !isUiLanguage(language))
      throw new ValidationError(`Unknown language: use one of ${UI_LANGUAGES.join(', ')}, or null to follow the browser.`);
    const at = iso(this.clock());
    this.db.write((tx) => {
      existingRole(tx, username);
      const old = tx.get<{ language: string | null }>(`SELECT language FROM users WHERE username = ?`, [username]);
      if ((old?.language ?? null) === language) return;
      tx.run(`UPDATE users SET language = ? WHERE username = ?`, [language, username]);
      this.audit.record(tx, { actor, action: 'user.language', target: username, detail: language ?? 'browser', at });
    });
    return language;
  }

  /** Checks credentials without blocking the event loop; the same work for unknown users. */
  async check(username: string, password: string): Promise<UserRecord | null> {
    const row = this.db.get<{ password_hash: string }>(`SELECT password_hash FROM users WHERE username = ?`, [username]);
    const stored = row?.password_hash ?? DUMMY;
    const [, n, r, p, salt, hash] = stored.split('$');
    const expected = Buffer.from(hash, 'base64');
    const got = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
    if (!row || !timingSafeEqual(got, expected)) return null;
    return this.get(username) ?? null;
  }
}
