// The audit log. Rows are written by the repositories that make the changes, inside the very
// transaction of the change (`record`, `refuse`), so a change and its row are durable together
// or not at all, whichever way the change came: the panel, the control socket, the CLI on the
// store. Each row also writes its `audit` event (domain/audit.ts `auditMessage`) into the panel's
// event log in that transaction, so `/events` and the live stream show every change as it commits.
// Nothing here takes a password, a key, a token or a hash: the callers pass ids and names.
//
// Retention: a row is kept while it is younger than 90 days or among the latest 50,000 rows,
// whichever keeps more; and never more than 200,000 rows in all, so a flood of logins within 90
// days cannot grow the log (or the in-memory store) without end.
import { asActor, isActor, type Actor } from '../domain/actor.js';
import { AUDIT_ACTIONS, auditMessage, type AuditAction, type AuditOutcome, type AuditRecord, type RefusalReason } from '../domain/audit.js';
import { ValidationError, type DomainError } from '../domain/errors.js';
import { iso, parseInstant, type Clock } from '../lib/time.js';
import type { DurableDb, Tx } from './durable-db.js';
import { insertEvent, type EventRecord } from './events.js';
import { countdownKindOf } from '../domain/webhook-kinds.js';
import { auditDetailWords } from '../contract/audit-words.js';
import type { AuditPage } from '../contract/panel/admin.js';
import type { WebhookEventKind } from '../contract/vocabulary.js';

/** An event line written in place of an audit row's own. */
type EventLine = Omit<EventRecord, 'at'>;

export const AUDIT_KEEP_DAYS = 90;
export const AUDIT_KEEP_LATEST = 50_000;
export const AUDIT_HARD_CAP = 200_000;
/** Largest page `list` serves. */
export const AUDIT_PAGE_MAX = 1000;

export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  target: string;
  /** The target's name as a person reads it (a player's, a task's), kept beside its id. */
  targetName?: string | null;
  detail?: string | null;
  /** The moment of the change when the caller already holds it (so the row and the changed
   * record carry the same time); else the store's clock. */
  at?: string;
}

export interface AuditQuery {
  /** Exact actor, e.g. `user:alice`, `cli`, `system`. */
  actor?: string;
  action?: string;
  /** RFC 3339; rows at or after it. */
  from?: string;
  /** RFC 3339; rows before it. */
  to?: string;
  limit: number;
  /** The `nextCursor` of the previous page, as this method returned it. */
  cursor?: string | null;
}

export type { AuditPage } from '../contract/panel/admin.js';

/** What a write returns to refuse its change: the refused row commits, nothing else does, and
 * `commitOrRefuse` throws `error` once the row is durable. */
export class Refused {
  constructor(readonly error: DomainError) {}
}

/** Runs `fn` in one write; a `Refused` result becomes its error, thrown after the commit. */
export function commitOrRefuse<T>(db: DurableDb, fn: (tx: Tx) => T | Refused): T {
  const out = db.write(fn);
  if (out instanceof Refused) throw out.error;
  return out;
}

interface AuditRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  target_name: string | null;
  outcome: string;
  reason: string | null;
  detail: string | null;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 date-time as the stored form (UTC, ms), or a ValidationError naming `name`. */
function instant(v: string, name: string): string {
  const ms = RFC3339.test(v) ? parseInstant(v.toUpperCase()) : Number.NaN;
  if (!Number.isFinite(ms)) throw new ValidationError(`The "${name}" time must be an RFC 3339 date-time, e.g. 2026-07-14T09:30:00.000Z.`);
  return new Date(ms).toISOString();
}

export class AuditRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
  ) {}

  /** Records a change that happened, inside the caller's transaction. */
  record(tx: Tx, e: AuditEntry, event?: EventLine): void {
    this.insert(tx, e, 'ok', null, event);
  }

  /** Records a change the domain refused, inside the caller's transaction; return the result
   * from the write function given to `commitOrRefuse`. */
  refuse(tx: Tx, e: AuditEntry, reason: RefusalReason, error: DomainError): Refused {
    this.insert(tx, e, 'refused', reason);
    return new Refused(error);
  }

  /**
   * Records an action whose change lies outside the store (a game action through its REST API,
   * a parse): its own write, made once the outcome is known. `refused` with its reason when the
   * action did not happen.
   */
  note(e: AuditEntry, refused?: RefusalReason): void {
    this.db.write((tx) => this.insert(tx, e, refused ? 'refused' : 'ok', refused ?? null));
  }

  /** The row, and its event in the panel's event log (never public), together: the `audit`
   * line, or the caller's own line that says the same for people (one line per change, never two:
   * a whitelist kick is its `moderation` line). */
  private insert(tx: Tx, e: AuditEntry, outcome: AuditOutcome, reason: RefusalReason | null, event?: EventLine): void {
    const at = e.at ?? iso(this.clock());
    const row = {
      actor: asActor(e.actor),
      action: e.action,
      target: e.target,
      targetName: e.targetName || null,
      outcome,
      reason,
      detail: e.detail ?? null,
    };
    tx.run(`INSERT INTO audit (at, actor, action, target, target_name, outcome, reason, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      at,
      row.actor,
      row.action,
      row.target,
      row.targetName,
      outcome,
      reason,
      row.detail,
    ]);
    insertEvent(
      tx,
      { at, ...(event ?? { kind: 'audit', ...auditMessage(row) }) },
      outcome === 'ok' ? (webhookKindOf(e.action) ?? countdownKindOf(e.action, outcome)) : undefined,
      { action: row.action, targetName: row.targetName ?? null, words: auditDetailWords(row) },
    );
  }

  /** Newest first (by the order the rows were written), filtered, one page. */
  list(q: AuditQuery): AuditPage {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (q.actor !== undefined) {
      if (!isActor(q.actor)) throw new ValidationError('The "actor" filter must be user:<name>, cli or system.');
      where.push('actor = ?');
      params.push(q.actor);
    }
    if (q.action !== undefined) {
      if (!(AUDIT_ACTIONS as readonly string[]).includes(q.action)) {
        throw new ValidationError(`The "action" filter must be one of ${AUDIT_ACTIONS.join(', ')}.`);
      }
      where.push('action = ?');
      params.push(q.action);
    }
    if (q.from !== undefined) {
      where.push('at >= ?');
      params.push(instant(q.from, 'from'));
    }
    if (q.to !== undefined) {
      where.push('at < ?');
      params.push(instant(q.to, 'to'));
    }
    if (q.cursor !== undefined && q.cursor !== null) {
      // The key is the id of the last row served: a canonical positive integer.
      if (!/^[1-9]\d{0,15}$/.test(q.cursor)) throw new ValidationError('The cursor is not valid.', 'invalid_cursor');
      where.push('id < ?');
      params.push(Number(q.cursor));
    }
    if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > AUDIT_PAGE_MAX) {
      throw new ValidationError(`The limit must be an integer from 1 to ${AUDIT_PAGE_MAX}.`, 'invalid_limit');
    }
    const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    // One row more than asked tells whether another page exists, so the last page says so.
    const rows = this.db.all<AuditRow>(sql, [...params, q.limit + 1]);
    const more = rows.length > q.limit;
    const data = rows.slice(0, q.limit).map(toRecord);
    return { data, nextCursor: more ? String(data[data.length - 1].id) : null };
  }

  /** Applies the retention rule above as of `now`; returns the number of rows removed. */
  prune(now: Date): number {
    const cutoff = iso(new Date(now.getTime() - AUDIT_KEEP_DAYS * 86_400_000));
    // "Outside the latest n" ⇔ id below the id of the n-th newest row (0: fewer rows, none is).
    const nth = (n: number): number =>
      Number(this.db.get<{ id: number }>(`SELECT id FROM audit ORDER BY id DESC LIMIT 1 OFFSET ?`, [n - 1])?.id ?? 0);
    const where = `(at < ? AND id < ?) OR id < ?`;
    const args = [cutoff, nth(AUDIT_KEEP_LATEST), nth(AUDIT_HARD_CAP)];
    const due = this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM audit WHERE ${where}`, args)!.n;
    if (due === 0) return 0;
    this.db.write((tx) => tx.run(`DELETE FROM audit WHERE ${where}`, args));
    return due;
  }
}

/** The webhook kind of a change that happened: kicks and bans are sent where a webhook asks. */
function webhookKindOf(action: AuditAction): WebhookEventKind | undefined {
  if (action === 'player.kick') return 'kick';
  if (action === 'player.ban' || action === 'player.unban') return 'ban';
  return undefined;
}

function toRecord(r: AuditRow): AuditRecord {
  const fields = {
    actor: r.actor as Actor,
    action: r.action as AuditAction,
    target: r.target,
    targetName: r.target_name,
    outcome: r.outcome as AuditOutcome,
    reason: r.reason as RefusalReason | null,
    detail: r.detail,
  };
  return {
    ...auditMessage(fields),
    id: r.id,
    at: r.at,
    actor: r.actor as Actor,
    action: r.action as AuditAction,
    target: r.target,
    targetName: r.target_name,
    outcome: r.outcome as AuditOutcome,
    reason: r.reason as RefusalReason | null,
    detail: r.detail,
  };
}
