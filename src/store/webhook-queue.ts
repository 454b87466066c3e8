// The webhook deliveries still to make (actions/notifier.ts makes them). A public event is
// queued for every webhook in the transaction that writes the event (events.ts insertEvent), so
// no event is ever written without its deliveries, and a delivery leaves the queue only once it
// was made or given up: a restart, even a kill, resumes what was pending.
import type { Reader, Tx } from './durable-db.js';
import type { DurableDb } from './durable-db.js';
import type { WebhookEventKind, WebhookFormat } from '../contract/vocabulary.js';

/** One delivery: the event, and where and how it goes. */
export interface QueuedDelivery {
  id: number;
  webhookId: string;
  url: string;
  format: WebhookFormat;
  at: string;
  kind: string;
  message: string;
  /** The event's structured fields for the templates (domain/webhook-kinds.ts fieldsOf). */
  fields: Record<string, string>;
}

/** Queues an event once for every webhook that receives one of its `kinds` (called inside the
 * event's transaction), as the first of them: the event's own kind (`kick`, `offsite`…), which
 * picks the template and is the JSON format's `kind`. */
export function queueForWebhooks(
  tx: Tx,
  ev: { at: string; message: string },
  kinds: readonly WebhookEventKind[],
  fields: Record<string, string>,
): void {
  const hooks = tx.all<{ id: string; events: string }>('SELECT id, events FROM webhooks ORDER BY created_at, id');
  for (const h of hooks) {
    const chosen = new Set(h.events.split(','));
    if (!kinds.some((k) => chosen.has(k))) continue;
    const kind = kinds[0];
    tx.run('INSERT INTO webhook_queue (webhook_id, at, kind, message, fields) VALUES (?, ?, ?, ?, ?)', [
      h.id,
      ev.at,
      kind,
      ev.message,
      JSON.stringify(fields),
    ]);
  }
}

export class WebhookQueueRepo {
  constructor(private readonly db: DurableDb) {}

  /** Webhooks with deliveries waiting, in the order they were added. */
  pendingWebhooks(): string[] {
    return this.db
      .all<{ webhook_id: string }>(
        'SELECT q.webhook_id FROM webhook_queue q JOIN webhooks w ON w.id = q.webhook_id GROUP BY q.webhook_id ORDER BY MIN(w.created_at), q.webhook_id',
      )
      .map((r) => r.webhook_id);
  }

  /** The oldest delivery waiting for a webhook. */
  next(webhookId: string): QueuedDelivery | undefined {
    return oldest(this.db, webhookId);
  }

  /** How many deliveries wait for a webhook. */
  size(webhookId: string): number {
    return this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_queue WHERE webhook_id = ?', [webhookId])?.n ?? 0;
  }

  /** A delivery made or given up. */
  done(id: number): void {
    this.db.write((tx) => tx.run('DELETE FROM webhook_queue WHERE id = ?', [id]));
  }

  /** Drops the oldest deliveries of a webhook beyond `limit`; returns how many. */
  trim(webhookId: string, limit: number): number {
    const over = this.size(webhookId) - limit;
    if (over <= 0) return 0;
    this.db.write((tx) =>
      tx.run('DELETE FROM webhook_queue WHERE id IN (SELECT id FROM webhook_queue WHERE webhook_id = ? ORDER BY id LIMIT ?)', [
        webhookId,
        over,
      ]),
    );
    return over;
  }
}

function oldest(db: Reader, webhookId: string): QueuedDelivery | undefined {
  const row = db.get<Omit<QueuedDelivery, 'fields'> & { fields: string }>(
    `SELECT q.id AS id, q.webhook_id AS webhookId, w.url AS url, w.format AS format, q.at AS at, q.kind AS kind, q.message AS message,
            q.fields AS fields
       FROM webhook_queue q JOIN webhooks w ON w.id = q.webhook_id
      WHERE q.webhook_id = ? ORDER BY q.id LIMIT 1`,
    [webhookId],
  );
  if (!row) return undefined;
  let fields: Record<string, string> = {};
  try {
    fields = JSON.parse(row.fields) as Record<string, string>;
  } catch {
    // A row written before its fields were kept: the template falls back to the words.
  }
  return { ...row, fields };
}
