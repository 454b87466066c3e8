// Panel logins. Passwords are hashed with scrypt and a per-user salt; the stored form is
// `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCb, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.js';
import { isRole, type Role } from '../lib/role.js';
import { iso, type Clock } from '../lib/time.js';
import type { DurableDb } from './durable-db.js';

export type { Role };
export interface UserRecord {
  username: string;
  role: Role;
  createdAt: string;
}

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

const COMMON = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwertyuiop',
  'qwerty123', 'iloveyou', 'admin123', 'administrator', 'letmein1', 'welcome1', 'palworld',
  'palworld1', 'changeme', 'abc12345', '11111111', '00000000', 'passw0rd',
]);

export function validateUsername(name: unknown): string {
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,32}$/.test(name)) {
    const shown = typeof name === 'string' ? ` ${JSON.stringify(name.slice(0, 64))}` : '';
    throw new ValidationError(`Invalid user name${shown}: a user name is 1 to 32 letters, digits, dots, dashes or underscores.`);
  }
  return name;
}

export function validateRole(role: unknown): Role {
  if (!isRole(role)) {
    const shown = typeof role === 'string' ? ` ${JSON.stringify(role.slice(0, 64))}` : '';
    throw new ValidationError(`Invalid role${shown}: the role must be "admin" or "viewer".`);
  }
  return role;
}

/** Refuses empty and weak passwords with a message that says what is wanted. */
export function validatePassword(password: unknown, username: string): string {
  if (typeof password !== 'string' || password.length === 0) throw new ValidationError('The password must not be empty.');
  if (password.length < 8) throw new ValidationError('The password is too weak: use at least 8 characters.');
  if (password.length > 1024) throw new ValidationError('The password is too long (at most 1024 characters).');
  if (new Set(password).size < 4 || COMMON.has(password.toLowerCase()) || password.toLowerCase() === username.toLowerCase()) {
    throw new ValidationError('The password is too weak: it is too common or too repetitive.');
  }
  return password;
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A stored hash compared against for unknown users, so that timing does not reveal names. */
const DUMMY = hashPassword('dummy-password-for-equal-work');

export class UserRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
  ) {}

  add(username: unknown, role: unknown, password: unknown): UserRecord {
    const name = validateUsername(username);
    const r = validateRole(role);
    const pw = validatePassword(password, name);
    const hash = hashPassword(pw);
    const createdAt = iso(this.clock());
    this.db.write((tx) => {
      if (tx.get(`SELECT 1 FROM users WHERE username = ?`, [name])) throw new ConflictError('user_exists', `A user named "${name}" already exists.`);
      tx.run(`INSERT INTO users (username, role, password_hash, created_at) VALUES (?, ?, ?, ?)`, [name, r, hash, createdAt]);
    });
    return { username: name, role: r, createdAt };
  }

  list(): UserRecord[] {
    return this.db
      .all<{ username: string; role: Role; created_at: string }>(`SELECT username, role, created_at FROM users ORDER BY username`)
      .map((u) => ({ username: u.username, role: u.role, createdAt: u.created_at }));
  }

  get(username: string): UserRecord | undefined {
    const u = this.db.get<{ username: string; role: Role; created_at: string }>(`SELECT username, role, created_at FROM users WHERE username = ?`, [username]);
    return u && { username: u.username, role: u.role, createdAt: u.created_at };
  }

  /** Removing a user also ends their sessions. */
  remove(username: string): void {
    this.db.write((tx) => {
      if (!tx.get(`SELECT 1 FROM users WHERE username = ?`, [username])) throw new NotFoundError(`No user is named "${username}".`);
      tx.run(`DELETE FROM users WHERE username = ?`, [username]);
      tx.run(`DELETE FROM sessions WHERE username = ?`, [username]);
    });
  }

  /** Changing a password ends the user's sessions. */
  setPassword(username: string, password: unknown): void {
    if (!this.get(username)) throw new NotFoundError(`No user is named "${username}".`);
    const hash = hashPassword(validatePassword(password, username));
    this.db.write((tx) => {
      tx.run(`UPDATE users SET password_hash = ? WHERE username = ?`, [hash, username]);
      tx.run(`DELETE FROM sessions WHERE username = ?`, [username]);
    });
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
