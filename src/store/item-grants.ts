// Item grants (issue 13): every grant asked for, with who gave what to whom and the outcome,
// audited in the same write.
import type { Actor } from '../domain/actor.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import type { DurableDb } from './durable-db.js';

export interface GrantItem {
  itemId: string;
  count: number;
}

export interface ItemGrantRecord {
  id: number;
  at: string;
  actor: string;
  uid: string;
  userId: string;
  playerName: string;
  items: GrantItem[];
  outcome: 'granted' | 'failed';
  /** The game's reply, or why it failed. */
  detail: string;
}

interface Row {
  id: number;
  at: string;
  actor: string;
  uid: string;
  user_id: string;
  player_name: string;
  items: string;
  outcome: string;
  detail: string;
}

const toRecord = (r: Row): ItemGrantRecord => ({
  id: r.id,
  at: r.at,
  actor: r.actor,
  uid: r.uid,
  userId: r.user_id,
  playerName: r.player_name,
  items: JSON.parse(r.items) as GrantItem[],
  outcome: r.outcome as ItemGrantRecord['outcome'],
  detail: r.detail,
});

export const itemsText = (items: GrantItem[]) => items.map((i) => `${i.count} ${i.itemId}`).join(', ');

export class ItemGrantRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  record(actor: Actor, g: Omit<ItemGrantRecord, 'id' | 'at' | 'actor'>): ItemGrantRecord {
    const at = iso(this.clock());
    const id = this.db.write((tx) => {
      tx.run('INSERT INTO item_grants (at, actor, uid, user_id, player_name, items, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        at,
        actor,
        g.uid,
        g.userId,
        g.playerName,
        JSON.stringify(g.items),
        g.outcome,
        g.detail,
      ]);
      // The record's own id, read before the audit row (and its event) take later ids.
      const rowId = Number(tx.get<{ id: number }>('SELECT last_insert_rowid() AS id')!.id);
      this.audit.record(tx, {
        actor,
        action: 'items.grant',
        target: g.uid,
        targetName: g.playerName,
        detail: `${itemsText(g.items)}${g.outcome === 'failed' ? ': failed' : ''}`,
        at,
      });
      return rowId;
    });
    return { id, at, actor, ...g };
  }

  /** Newest first; `beforeId` is the previous page's last id. */
  page(limit: number, beforeId: number | null): ItemGrantRecord[] {
    return this.db
      .all<Row>(
        `SELECT * FROM item_grants ${beforeId !== null ? 'WHERE id < ?' : ''} ORDER BY id DESC LIMIT ?`,
        beforeId !== null ? [beforeId, limit] : [limit],
      )
      .map(toRecord);
  }
}
