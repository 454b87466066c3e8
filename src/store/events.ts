// The durable event log. The panel keeps every kind; the Integration API sees only public
// events (spec, Endpoints rules 7-9), decided here once when an event is written.
import { BACKUP_COPY_FAILED, BACKUP_TEXT, PANEL_SYSTEM_TEXTS, SYSTEM_TEXTS } from '../domain/event-texts.js';
import { iso } from '../lib/time.js';
import type { DurableDb, Tx } from './durable-db.js';
import { queueForWebhooks } from './webhook-queue.js';
import type { WebhookEventKind } from '../contract/vocabulary.js';
import { fieldsOf, webhookKindsOf, type AuditFacts } from '../domain/webhook-kinds.js';
import type { MessageParams } from '../contract/messages/index.js';

export interface EventRecord {
  at: string;
  kind: string;
  message: string;
  /** The message's id and params (contract/messages); absent on rows written before issue 39. */
  messageId?: string;
  params?: MessageParams;
}

interface StoredEventRow {
  id: number;
  at: string;
  kind: string;
  message: string;
  message_id: string | null;
  params: string | null;
}

const COLUMNS = 'id, at, kind, message, message_id, params';

/** A stored row as the panel's event: the id and params only where the row has them. */
function eventOf(r: StoredEventRow): LoggedEvent {
  const ev: LoggedEvent = { id: r.id, at: r.at, kind: r.kind, message: r.message };
  if (r.message_id) {
    ev.messageId = r.message_id;
    ev.params = paramsOf(r.params);
  }
  return ev;
}

function paramsOf(text: string | null): MessageParams {
  try {
    const v: unknown = JSON.parse(text ?? '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as MessageParams) : {};
  } catch {
    return {};
  }
}

/** An event as the panel sees it: with its position in the log (cursor, stream id). */
export interface LoggedEvent extends EventRecord {
  id: number;
}

export interface EventQuery {
  limit: number;
  /** Rows with an id below this one (the previous page's last id); null: from the newest. */
  beforeId?: number | null;
  kinds?: readonly string[];
  /** RFC 3339: rows at or after it. */
  from?: string;
  /** RFC 3339: rows before it. */
  to?: string;
}

/** Whether an event may ever reach a key holder (spec: Endpoints rules 8 and 9). */
export function isPublicEvent(kind: string, message: string): boolean {
  if (kind === 'join' || kind === 'leave') return true;
  if (kind === 'backup') return message === BACKUP_TEXT;
  if (kind === 'system') return (SYSTEM_TEXTS as readonly string[]).includes(message);
  return false;
}

/**
 * Retention (interface.md, Decisions): at least the latest 10,000 events or 30 days, and public
 * events are never evicted to make room for panel events. So the two classes are bounded
 * separately: a panel event goes when it is older than 30 days and outside the latest 10,000
 * events of the whole log, or outside the latest HARD_CAP panel events; a public event goes when
 * it is older than 30 days and outside the latest 10,000 public events, or outside the latest
 * HARD_CAP public events. A flood of panel events thus only ever pushes out panel events, and
 * `/events` always has far more than its latest 100 public events.
 */
export const KEEP_LATEST = 10_000;
export const KEEP_DAYS = 30;
/** Per class: a flood within 30 days cannot grow the log (or memory) without end. */
export const HARD_CAP = 50_000;
/** Appends between two automatic prunes. */
const PRUNE_EVERY = 500;

/** What webhooks receive: the public events, the panel's own word for a refused admin
 * password (which the Integration API drops), the warning of a failed off-site copy, a crash,
 * and a restart palpanel's policy started, with why (issue 40). */
export function isWebhookEvent(kind: string, message: string): boolean {
  return (
    isPublicEvent(kind, message) ||
    kind === 'crash' ||
    kind === 'restart' ||
    (kind === 'system' && (PANEL_SYSTEM_TEXTS as readonly string[]).includes(message)) ||
    (kind === 'backup' && message.startsWith(`${BACKUP_COPY_FAILED}: `))
  );
}

/** Writes one event inside the caller's transaction (an audit row and its `audit` event commit
 * together); an event webhooks receive is queued for every webhook in the same transaction. */
export function insertEvent(tx: Tx, ev: EventRecord, webhookKind?: WebhookEventKind, audit?: AuditFacts): void {
  const isPublic = isPublicEvent(ev.kind, ev.message);
  tx.run(`INSERT INTO events (at, kind, message, public, message_id, params) VALUES (?, ?, ?, ?, ?, ?)`, [
    ev.at,
    ev.kind,
    ev.message,
    isPublic ? 1 : 0,
    ev.messageId ?? null,
    ev.messageId ? JSON.stringify(ev.params ?? {}) : null,
  ]);
  // A kick, a ban or a countdown is the webhook's own kind (its event is a panel `audit` or
  // `moderation` line); domain/webhook-kinds.ts says which kinds an event is. Webhooks get the
  // English text (the message's id is the panel's).
  const kinds = webhookKindsOf(ev.kind, ev.message, webhookKind);
  if (kinds.length > 0) queueForWebhooks(tx, { at: ev.at, message: ev.message }, kinds, fieldsOf(ev.kind, ev.message, audit));
}

export class EventRepo {
  private appendsSincePrune = 0;

  constructor(private readonly db: DurableDb) {}

  append(ev: EventRecord): void {
    this.appendMany([ev]);
  }

  /** Several events in one durable write (one fsync), in the given order. */
  appendMany(evs: readonly EventRecord[]): void {
    if (evs.length === 0) return;
    this.db.write((tx) => {
      for (const ev of evs) insertEvent(tx, ev);
    });
    this.appendsSincePrune += evs.length;
    if (this.appendsSincePrune >= PRUNE_EVERY) {
      this.appendsSincePrune = 0;
      const last = Date.parse(evs[evs.length - 1].at);
      this.prune(Number.isFinite(last) ? new Date(last) : new Date());
    }
  }

  /** Calls `listener` after every committed write that may have added events (appends here,
   * and `audit` events written with their audit row); the listener reads the new rows from the
   * log itself. Returns the unsubscribe function. */
  onAppend(listener: () => void): () => void {
    return this.db.onCommit(listener);
  }

  /** Every kind, newest first, one page (panel `/events`). */
  page(q: EventQuery): LoggedEvent[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (q.beforeId !== undefined && q.beforeId !== null) {
      where.push('id < ?');
      params.push(q.beforeId);
    }
    if (q.kinds && q.kinds.length > 0) {
      where.push(`kind IN (${q.kinds.map(() => '?').join(',')})`);
      params.push(...q.kinds);
    }
    if (q.from !== undefined) {
      where.push('at >= ?');
      params.push(q.from);
    }
    if (q.to !== undefined) {
      where.push('at < ?');
      params.push(q.to);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return this.db
      .all<StoredEventRow>(`SELECT ${COLUMNS} FROM events ${clause} ORDER BY id DESC LIMIT ?`, [...params, q.limit])
      .map(eventOf);
  }

  /** Events after `id`, oldest first, at most `limit` (the stream's replay and push). */
  after(id: number, limit: number): LoggedEvent[] {
    return this.db.all<StoredEventRow>(`SELECT ${COLUMNS} FROM events WHERE id > ? ORDER BY id LIMIT ?`, [id, limit]).map(eventOf);
  }

  /** The id of the newest event, 0 when the log is empty. */
  lastId(): number {
    return Number(this.db.get<{ id: number }>(`SELECT MAX(id) AS id FROM events`)?.id ?? 0);
  }

  /** The id of the oldest retained event, 0 when the log is empty. */
  firstId(): number {
    return Number(this.db.get<{ id: number }>(`SELECT MIN(id) AS id FROM events`)?.id ?? 0);
  }

  /** Public events, most recent first. */
  listPublic(limit: number): EventRecord[] {
    return this.db.all<EventRecord>(`SELECT at, kind, message FROM events WHERE public = 1 ORDER BY id DESC LIMIT ?`, [limit]);
  }

  /** The latest `system` event whose message is one of `messages` (null when none is logged). */
  lastSystemOf(messages: readonly string[]): string | null {
    if (messages.length === 0) return null;
    const marks = messages.map(() => '?').join(',');
    const row = this.db.get<{ message: string }>(
      `SELECT message FROM events WHERE kind = 'system' AND message IN (${marks}) ORDER BY id DESC LIMIT 1`,
      [...messages],
    );
    return row?.message ?? null;
  }

  /** Every event, most recent first (panel). */
  listAll(limit: number): EventRecord[] {
    return this.db.all<EventRecord>(`SELECT at, kind, message FROM events ORDER BY id DESC LIMIT ?`, [limit]);
  }

  /** Applies the retention rule above as of `now`. */
  prune(now: Date): void {
    const cutoff = iso(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
    // "Outside the latest n" of a class ⇔ id below the id of its n-th newest row (0: none is).
    const nth = (where: string, n: number): number =>
      Number(this.db.get<{ id: number }>(`SELECT id FROM events ${where} ORDER BY id DESC LIMIT 1 OFFSET ?`, [n - 1])?.id ?? 0);
    const latestAll = nth('', KEEP_LATEST);
    const panelCap = nth('WHERE public = 0', HARD_CAP);
    const publicLatest = nth('WHERE public = 1', KEEP_LATEST);
    const publicCap = nth('WHERE public = 1', HARD_CAP);
    const panelWhere = `public = 0 AND ((at < ? AND id < ?) OR id < ?)`;
    const publicWhere = `public = 1 AND ((at < ? AND id < ?) OR id < ?)`;
    const panelArgs = [cutoff, latestAll, panelCap];
    const publicArgs = [cutoff, publicLatest, publicCap];
    const due =
      this.db.get(`SELECT 1 FROM events WHERE ${panelWhere} LIMIT 1`, panelArgs) ||
      this.db.get(`SELECT 1 FROM events WHERE ${publicWhere} LIMIT 1`, publicArgs);
    if (!due) return;
    this.db.write((tx) => {
      tx.run(`DELETE FROM events WHERE ${panelWhere}`, panelArgs);
      tx.run(`DELETE FROM events WHERE ${publicWhere}`, publicArgs);
    });
  }
}
