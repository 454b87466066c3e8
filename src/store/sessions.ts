// Panel sessions. The cookie carries a random token; the store keeps only its SHA-256.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../lib/hash.js';
import { iso } from '../lib/time.js';
import type { DurableDb } from './durable-db.js';
import type { Role } from '../lib/role.js';

export interface SessionUser {
  username: string;
  role: Role;
}

export class SessionRepo {
  constructor(private readonly db: DurableDb) {}

  create(username: string, now: Date, ttlMs: number): { token: string; expiresAt: string } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = iso(new Date(now.getTime() + ttlMs));
    this.db.write((tx) =>
      tx.run(`INSERT INTO sessions (token_hash, username, created_at, expires_at) VALUES (?, ?, ?, ?)`, [
        sha256Hex(token),
        username,
        iso(now),
        expiresAt,
      ]),
    );
    return { token, expiresAt };
  }

  /** The signed-in user, or null for an unknown, ended or expired session. */
  lookup(token: string, now: Date): SessionUser | null {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const row = this.db.get<{ username: string; role: Role; expires_at: string }>(
      `SELECT s.username, u.role, s.expires_at FROM sessions s JOIN users u ON u.username = s.username WHERE s.token_hash = ?`,
      [sha256Hex(token)],
    );
    if (!row || row.expires_at <= iso(now)) return null;
    return { username: row.username, role: row.role };
  }

  end(token: string): void {
    const hash = sha256Hex(token);
    if (!this.db.get(`SELECT 1 FROM sessions WHERE token_hash = ?`, [hash])) return;
    this.db.write((tx) => tx.run(`DELETE FROM sessions WHERE token_hash = ?`, [hash]));
  }

  deleteExpired(now: Date): void {
    if (!this.db.get(`SELECT 1 FROM sessions WHERE expires_at <= ?`, [iso(now)])) return;
    this.db.write((tx) => tx.run(`DELETE FROM sessions WHERE expires_at <= ?`, [iso(now)]));
  }
}
