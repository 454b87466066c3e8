// Integration API keys (spec: Key format, Key administration, Integration key lifecycle).
// Only the SHA-256 of the full key string is stored; the plaintext exists in memory just long
// enough to be returned once by `create`.
import { randomBytes } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { digestsEqual, sha256Hex } from '../lib/hash.js';
import { formatKey, isKeyId, KEY_PATTERN, KEY_SECRET_BYTES } from '../lib/key-grammar.js';
import { NotFoundError, TooManyKeysError, ValidationError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import { hasUnsafeChars, isInvisible } from '../lib/text.js';
import { commitOrRefuse, type AuditRepo } from './audit.js';
import type { DurableDb } from './durable-db.js';
import type { KeyRecord } from '../contract/integration-rows.js';

export const MAX_ACTIVE_KEYS = 100;

export type { KeyRecord } from '../contract/integration-rows.js';

interface KeyRow {
  id: string;
  label: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A fixed digest compared against when the id is unknown, so that both paths do equal work. */
const DUMMY_HASH = sha256Hex(formatKey('00000000', 'unknown-key-placeholder-of-equal-work'));

export function validateLabel(label: unknown): string {
  if (typeof label !== 'string') throw new ValidationError('The label must be a string.', 'invalid_label');
  const trimmed = label.trim();
  // Characters are code points: an emoji is one character, not the two UTF-16 units that
  // String.length counts.
  const length = [...trimmed].length;
  if (length < 1 || length > 64) {
    throw new ValidationError(`The label must be 1 to 64 characters after trimming (it has ${length}).`, 'invalid_label');
  }
  // A label is printed by `keys list` and shown in the panel: nothing in it may act on a
  // terminal, break a line or reorder the text, and it must show something.
  if (hasUnsafeChars(trimmed)) {
    throw new ValidationError('The label must not contain control characters, line breaks or bidirectional controls.', 'invalid_label');
  }
  if (isInvisible(trimmed)) throw new ValidationError('The label must contain a visible character.', 'invalid_label');
  return trimmed;
}

export class KeyRepo {
  /** lastUsedAt values not yet written: batched so a request never waits for the disk. */
  private pendingUse = new Map<string, string>();
  private cache = new Map<string, KeyRow>();

  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {
    for (const row of db.all<KeyRow>(`SELECT * FROM integration_keys`)) this.cache.set(row.id, row);
  }

  /** Creates a key; its audit row names the id and the label, never the key. At the cap of
   * active keys the refusal is recorded instead and TooManyKeysError thrown. */
  create(label: unknown, actor: Actor): KeyRecord & { key: string } {
    const clean = validateLabel(label);
    const created = commitOrRefuse(this.db, (tx) => {
      const active = tx.get<{ n: number }>(`SELECT COUNT(*) AS n FROM integration_keys WHERE revoked_at IS NULL`)!.n;
      if (active >= MAX_ACTIVE_KEYS) {
        return this.audit.refuse(tx, { actor, action: 'key.create', target: '', detail: clean }, 'too_many_keys', new TooManyKeysError());
      }
      let id: string;
      do id = randomBytes(4).toString('hex');
      while (this.cache.has(id));
      const key = formatKey(id, randomBytes(KEY_SECRET_BYTES).toString('base64url'));
      const createdAt = iso(this.clock());
      const seq = tx.get<{ n: number }>(`SELECT COALESCE(MAX(created_seq), 0) + 1 AS n FROM integration_keys`)!.n;
      const row: KeyRow = { id, label: clean, hash: sha256Hex(key), created_at: createdAt, last_used_at: null, revoked_at: null };
      tx.run(
        `INSERT INTO integration_keys (id, label, hash, created_at, created_seq, last_used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, NULL, NULL)`,
        [row.id, row.label, row.hash, row.created_at, seq],
      );
      this.audit.record(tx, { actor, action: 'key.create', target: id, detail: clean, at: createdAt });
      return { row, key };
    });
    this.cache.set(created.row.id, created.row);
    return { ...this.toRecord(created.row), key: created.key };
  }

  /** Newest first; keys created in the same millisecond keep their creation order. */
  list(): KeyRecord[] {
    return this.db.all<KeyRow>(`SELECT * FROM integration_keys ORDER BY created_at DESC, created_seq DESC`).map((r) => this.toRecord(r));
  }

  /** Revokes a key; revoking a revoked key changes nothing and records nothing. */
  revoke(id: string, actor: Actor): KeyRecord {
    const row = isKeyId(id) ? this.cache.get(id) : undefined;
    if (!row) throw new NotFoundError(`No key has the id "${id.slice(0, 64)}".`);
    if (row.revoked_at) return this.toRecord(row);
    const at = iso(this.clock());
    this.db.write((tx) => {
      tx.run(`UPDATE integration_keys SET revoked_at = ? WHERE id = ?`, [at, id]);
      this.audit.record(tx, { actor, action: 'key.revoke', target: id, at });
    });
    row.revoked_at = at;
    return this.toRecord(row);
  }

  /**
   * Verifies a bearer key string. Returns the key id, or null for every failure alike
   * (malformed, unknown id, wrong secret, revoked). Unknown ids hash and compare too, so the
   * time taken does not tell which ids exist. Marks the key used (flushed in a batch).
   */
  verify(key: string): string | null {
    const m = KEY_PATTERN.exec(key);
    const digest = sha256Hex(key);
    const row = m ? this.cache.get(m[1]) : undefined;
    const ok = digestsEqual(digest, row ? row.hash : DUMMY_HASH);
    if (!m || !row || !ok || row.revoked_at) return null;
    const now = iso(this.clock());
    row.last_used_at = now;
    this.pendingUse.set(row.id, now);
    return row.id;
  }

  /** Writes batched lastUsedAt values; called every few seconds and at shutdown. */
  flushUsage(): void {
    if (this.pendingUse.size === 0) return;
    const batch = [...this.pendingUse];
    this.pendingUse.clear();
    this.db.write((tx) => {
      for (const [id, at] of batch) tx.run(`UPDATE integration_keys SET last_used_at = ? WHERE id = ?`, [at, id]);
    });
  }

  private toRecord(r: KeyRow): KeyRecord {
    const cached = this.cache.get(r.id);
    return {
      id: r.id,
      label: r.label,
      createdAt: r.created_at,
      lastUsedAt: cached?.last_used_at ?? r.last_used_at,
      revokedAt: cached?.revoked_at ?? r.revoked_at,
    };
  }
}
