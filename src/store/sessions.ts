// Panel sessions. The cookie carries a random token; the store keeps only its SHA-256. Each
// session also has a public id, random and unrelated to the token, by which admins list and
// end sessions; knowing it lets nobody use the session.
import { randomBytes } from 'node:crypto';
import { SESSION_ID_PATTERN } from '../contract/account-words.js';
import { type Role } from '../contract/vocabulary.js';
import { userActor, type Actor } from '../domain/actor.js';
import { NotFoundError } from '../domain/errors.js';
import { sha256Hex } from '../lib/hash.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import type { DurableDb, Tx } from './durable-db.js';
import type { StoredSession } from '../contract/panel/admin.js';

export interface SessionUser {
  username: string;
  role: Role;
  /** The session's public id (never the token). */
  sessionId: string;
}

/** lastSeenAt is refreshed at most this often per session, and written in batches (`flushSeen`),
 * so a request never waits for the disk. */
export const SEEN_RESOLUTION_MS = 60_000;

interface SessionRow {
  token_hash: string;
  id: string;
  username: string;
  role: Role;
  created_at: string;
  expires_at: string;
  last_seen_at: string | null;
  address: string | null;
  user_agent: string | null;
}

/** Where a session signed in from: the client's address and its browser's User-Agent, as sent
 * (kept to 512 characters; shown as data, never interpreted). */
export interface SessionOrigin {
  address?: string;
  userAgent?: string;
}

const SELECT_SESSIONS = `SELECT s.token_hash, s.id, s.username, u.role, s.created_at, s.expires_at, s.last_seen_at, s.address, s.user_agent
  FROM sessions s JOIN users u ON u.username = s.username`;

/**
 * Ends every session of `username` (except `keepId`) inside the caller's transaction, one
 * `session.end` audit row each. Used by the user changes that end sessions.
 */
export function endSessionsOf(tx: Tx, audit: AuditRepo, username: string, actor: Actor, at: string, keepId?: string): void {
  const ids = tx.all<{ id: string }>(`SELECT id FROM sessions WHERE username = ? ORDER BY created_at, id`, [username]);
  for (const { id } of ids) {
    if (id === keepId) continue;
    tx.run(`DELETE FROM sessions WHERE id = ?`, [id]);
    audit.record(tx, { actor, action: 'session.end', target: id, detail: username, at });
  }
}

export class SessionRepo {
  /** token hash → lastSeenAt not yet written. */
  private pendingSeen = new Map<string, string>();

  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  /** A login: a new session of `username`, recorded as `session.create` by that user. */
  create(username: string, now: Date, ttlMs: number, origin: SessionOrigin = {}): { token: string; id: string; expiresAt: string } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = iso(new Date(now.getTime() + ttlMs));
    const at = iso(now);
    const id = this.db.write((tx) => {
      let sid: string;
      do sid = randomBytes(8).toString('hex');
      while (tx.get(`SELECT 1 FROM sessions WHERE id = ?`, [sid]));
      tx.run(
        `INSERT INTO sessions (token_hash, id, username, created_at, expires_at, last_seen_at, address, user_agent)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [sha256Hex(token), sid, username, at, expiresAt, at, origin.address ?? null, origin.userAgent?.slice(0, 512) ?? null],
      );
      this.audit.record(tx, { actor: userActor(username), action: 'session.create', target: sid, detail: username, at });
      return sid;
    });
    return { token, id, expiresAt };
  }

  /** The signed-in user, or null for an unknown, ended or expired session. Marks it seen. */
  lookup(token: string, now: Date): SessionUser | null {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const hash = sha256Hex(token);
    const row = this.db.get<SessionRow>(`${SELECT_SESSIONS} WHERE s.token_hash = ?`, [hash]);
    const at = iso(now);
    if (!row || row.expires_at <= at) return null;
    const seen = this.pendingSeen.get(hash) ?? row.last_seen_at ?? row.created_at;
    if (now.getTime() - Date.parse(seen) >= SEEN_RESOLUTION_MS) this.pendingSeen.set(hash, at);
    return { username: row.username, role: row.role, sessionId: row.id };
  }

  /** Sessions that have not expired, newest first; only `username`'s when given. */
  list(username?: string): StoredSession[] {
    const now = iso(this.clock());
    const mine = username === undefined ? '' : ' AND s.username = ?';
    return this.db
      .all<SessionRow>(
        `${SELECT_SESSIONS} WHERE s.expires_at > ?${mine} ORDER BY s.created_at DESC, s.id`,
        username === undefined ? [now] : [now, username],
      )
      .map((r) => this.toRecord(r));
  }

  /** Ends every session of `username` but `keepId` (a user's "sign out everywhere else", or an
   * admin ending another user's sessions); the count ended. */
  endAllOf(username: string, actor: Actor, keepId?: string): number {
    const at = iso(this.clock());
    const before = this.db.all<{ token_hash: string; id: string }>(`SELECT token_hash, id FROM sessions WHERE username = ?`, [username]);
    this.db.write((tx) => endSessionsOf(tx, this.audit, username, actor, at, keepId));
    for (const s of before) if (s.id !== keepId) this.pendingSeen.delete(s.token_hash);
    return before.filter((s) => s.id !== keepId).length;
  }

  /** A logout: ends the session of this token, if there is one. */
  end(token: string, actor: Actor): void {
    const hash = sha256Hex(token);
    const row = this.db.get<{ id: string; username: string }>(`SELECT id, username FROM sessions WHERE token_hash = ?`, [hash]);
    if (!row) return;
    this.db.write((tx) => {
      tx.run(`DELETE FROM sessions WHERE token_hash = ?`, [hash]);
      this.audit.record(tx, { actor, action: 'session.end', target: row.id, detail: row.username });
    });
    this.pendingSeen.delete(hash);
  }

  /** Ends a session by its public id (an admin's action); NotFoundError when no session that
   * has not expired has this id. Returns the session as it was. */
  endById(id: string, actor: Actor, ofUser?: string): StoredSession {
    const now = iso(this.clock());
    const row = SESSION_ID_PATTERN.test(id) ? this.db.get<SessionRow>(`${SELECT_SESSIONS} WHERE s.id = ?`, [id]) : undefined;
    // Another user's session is as unknown to a user ending their own (`ofUser`) as one that does not exist.
    if (!row || row.expires_at <= now || (ofUser !== undefined && row.username !== ofUser))
      throw new NotFoundError(`No session has the id "${id.slice(0, 64)}".`);
    this.db.write((tx) => {
      tx.run(`DELETE FROM sessions WHERE id = ?`, [id]);
      this.audit.record(tx, { actor, action: 'session.end', target: id, detail: row.username, at: now });
    });
    const rec = this.toRecord(row);
    this.pendingSeen.delete(row.token_hash);
    return rec;
  }

  /** Removes expired sessions: housekeeping, not a change anyone made (no audit row; the
   * session ended when it expired). */
  deleteExpired(now: Date): void {
    if (!this.db.get(`SELECT 1 FROM sessions WHERE expires_at <= ?`, [iso(now)])) return;
    this.db.write((tx) => tx.run(`DELETE FROM sessions WHERE expires_at <= ?`, [iso(now)]));
  }

  /** Writes batched lastSeenAt values; called with the store's periodic flush and at close. */
  flushSeen(): void {
    if (this.pendingSeen.size === 0) return;
    const batch = [...this.pendingSeen];
    this.pendingSeen.clear();
    this.db.write((tx) => {
      for (const [hash, at] of batch) tx.run(`UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`, [at, hash]);
    });
  }

  private toRecord(r: SessionRow): StoredSession {
    return {
      id: r.id,
      username: r.username,
      role: r.role,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      lastSeenAt: this.pendingSeen.get(r.token_hash) ?? r.last_seen_at ?? r.created_at,
      address: r.address,
      userAgent: r.user_agent,
    };
  }
}
