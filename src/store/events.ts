// The durable event log. The panel keeps every kind; the Integration API sees only public
// events (spec, Endpoints rules 7-9), decided here once when an event is written.
import { iso } from '../lib/time.js';
import type { DurableDb } from './durable-db.js';

export interface EventRecord {
  at: string;
  kind: string;
  message: string;
}

export const SYSTEM_TEXTS = [
  'Palworld REST API is reachable',
  'Palworld REST API is unreachable',
  'world save format drift detected',
  'world save format drift resolved',
] as const;
export const BACKUP_TEXT = 'Backup completed';

/** Whether an event may ever reach a key holder (spec: Endpoints rules 8 and 9). */
export function isPublicEvent(kind: string, message: string): boolean {
  if (kind === 'join' || kind === 'leave') return true;
  if (kind === 'backup') return message === BACKUP_TEXT;
  if (kind === 'system') return (SYSTEM_TEXTS as readonly string[]).includes(message);
  return false;
}

/** Retention: at least the latest 10,000 events or 30 days, and always the latest 100 public. */
export const KEEP_LATEST = 10_000;
export const KEEP_PUBLIC = 100;
export const KEEP_DAYS = 30;
/** A hard bound so a flood of panel events within 30 days cannot grow the log without end. */
export const HARD_CAP = 50_000;

export class EventRepo {
  private appendsSincePrune = 0;

  constructor(private readonly db: DurableDb) {}

  append(ev: EventRecord): void {
    this.db.write((tx) =>
      tx.run(`INSERT INTO events (at, kind, message, public) VALUES (?, ?, ?, ?)`, [
        ev.at,
        ev.kind,
        ev.message,
        isPublicEvent(ev.kind, ev.message) ? 1 : 0,
      ]),
    );
    if (++this.appendsSincePrune >= 500) {
      this.appendsSincePrune = 0;
      this.prune(new Date(Date.parse(ev.at)));
    }
  }

  /** Public events, most recent first. */
  listPublic(limit: number): EventRecord[] {
    return this.db.all<EventRecord>(`SELECT at, kind, message FROM events WHERE public = 1 ORDER BY id DESC LIMIT ?`, [limit]);
  }

  /** Every event, most recent first (panel). */
  listAll(limit: number): EventRecord[] {
    return this.db.all<EventRecord>(`SELECT at, kind, message FROM events ORDER BY id DESC LIMIT ?`, [limit]);
  }

  /** Drops what is older than 30 days and beyond the latest 10,000, never the latest 100 public. */
  prune(now: Date): void {
    const cutoff = iso(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
    const where = `(at < ? AND id NOT IN (SELECT id FROM events ORDER BY id DESC LIMIT ${KEEP_LATEST})
        OR id NOT IN (SELECT id FROM events ORDER BY id DESC LIMIT ${HARD_CAP}))
      AND id NOT IN (SELECT id FROM events WHERE public = 1 ORDER BY id DESC LIMIT ${KEEP_PUBLIC})`;
    if (!this.db.get(`SELECT 1 FROM events WHERE ${where} LIMIT 1`, [cutoff])) return;
    this.db.write((tx) => tx.run(`DELETE FROM events WHERE ${where}`, [cutoff]));
  }
}
