// Sends the public events (join, leave, the public backup text, the four system texts: what the
// Integration API shows) and the panel's own word for a refused admin password to the webhooks
// the admin set, in Discord's format or a plain
// JSON one. Appends only queue: delivery is asynchronous, one event at a time per webhook (in
// order), retried with exponential backoff (a 429's Retry-After is honoured), and a bounded queue
// drops the oldest event rather than grow. Polling never waits on it. Queues live in memory: a
// restart drops what was not delivered yet.
import { PANEL_SYSTEM_TEXTS } from '../lib/event-texts.js';
import { isPublicEvent, type LoggedEvent } from '../store/events.js';
import type { Store } from '../store/index.js';
import type { WebhookTarget } from '../store/webhooks.js';
import type { Logger } from '../lib/logger.js';

const isPanelSystemText = (kind: string, message: string) =>
  kind === 'system' && (PANEL_SYSTEM_TEXTS as readonly string[]).includes(message);

/** Posts `body` (JSON) to `url`; resolves with the status and Retry-After seconds, rejects on a
 * network failure or timeout. */
export type WebhookSend = (url: string, body: string) => Promise<{ status: number; retryAfterSec: number | null }>;

export interface NotifierOptions {
  store: Store;
  log: Logger;
  send?: WebhookSend;
  /** First retry delay; doubled after each failure. */
  retryBaseMs?: number;
  /** Tries per event before it is given up. */
  maxAttempts?: number;
  /** Events waiting per webhook at most. */
  queueLimit?: number;
}

const SEND_TIMEOUT_MS = 10_000;
const MAX_RETRY_MS = 5 * 60_000;

export const fetchSend: WebhookSend = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'palpanel' },
    body,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    redirect: 'error',
  });
  await res.body?.cancel();
  const ra = Number(res.headers.get('retry-after'));
  return { status: res.status, retryAfterSec: Number.isFinite(ra) && ra >= 0 ? ra : null };
};

/** The request body for a webhook of `format`. Discord: no mention is ever parsed (a player
 * named "@everyone" pings no one). */
export function webhookBody(format: WebhookTarget['format'], e: Pick<LoggedEvent, 'at' | 'kind' | 'message'>): string {
  if (format === 'discord') return JSON.stringify({ content: e.message, username: 'palpanel', allowed_mentions: { parse: [] } });
  return JSON.stringify({ at: e.at, kind: e.kind, message: e.message });
}

interface Queue {
  target: WebhookTarget;
  items: LoggedEvent[];
  busy: boolean;
}

export class Notifier {
  private readonly queues = new Map<string, Queue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private lastId: number;
  private stopped = false;
  private readonly send: WebhookSend;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly queueLimit: number;

  constructor(private readonly opts: NotifierOptions) {
    this.send = opts.send ?? fetchSend;
    this.retryBaseMs = opts.retryBaseMs ?? 1_000;
    this.maxAttempts = opts.maxAttempts ?? 6;
    this.queueLimit = opts.queueLimit ?? 500;
    this.lastId = opts.store.events.lastId();
  }

  /** Subscribes to the event log; returns the stop function. */
  start(): () => void {
    const off = this.opts.store.events.onAppend(() => this.collect());
    return () => {
      off();
      this.stopped = true;
      for (const t of this.timers) clearTimeout(t);
      this.timers.clear();
    };
  }

  /** Resolves when nothing is being sent or waiting for a retry (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.timers.size > 0) await Promise.race([...this.running, new Promise((r) => setTimeout(r, 10))]);
  }

  private collect(): void {
    for (;;) {
      const rows = this.opts.store.events.after(this.lastId, 500);
      if (rows.length === 0) return;
      this.lastId = rows[rows.length - 1].id;
      const events = rows.filter((e) => isPublicEvent(e.kind, e.message) || isPanelSystemText(e.kind, e.message));
      if (events.length === 0) continue;
      for (const target of this.opts.store.webhooks.targets()) {
        let q = this.queues.get(target.id);
        if (!q) this.queues.set(target.id, (q = { target, items: [], busy: false }));
        q.target = target;
        q.items.push(...events);
        const over = q.items.length - this.queueLimit;
        if (over > 0) {
          q.items.splice(0, over);
          this.opts.log('warn', `webhook ${target.id}: ${over} event${over === 1 ? '' : 's'} dropped; the receiver is not keeping up`);
        }
        this.pump(q);
      }
    }
  }

  private pump(q: Queue, attempt = 1): void {
    if (q.busy || this.stopped) return;
    // A webhook the admin removed gets nothing more.
    if (!this.opts.store.webhooks.targets().some((t) => t.id === q.target.id)) {
      this.queues.delete(q.target.id);
      return;
    }
    const event = q.items[0];
    if (!event) return;
    q.busy = true;
    const run = this.deliver(q, event, attempt).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async deliver(q: Queue, event: LoggedEvent, attempt: number): Promise<void> {
    /** Null: delivered. */
    let retryIn: number | null;
    let why = '';
    try {
      const { status, retryAfterSec } = await this.send(q.target.url, webhookBody(q.target.format, event));
      if (status >= 200 && status < 300) retryIn = null;
      else {
        why = `HTTP ${status}`;
        retryIn = status === 429 && retryAfterSec !== null ? retryAfterSec * 1000 : this.backoff(attempt);
        // A 4xx other than 429 will not get better by asking again (a deleted Discord webhook).
        if (status >= 400 && status < 500 && status !== 429) attempt = this.maxAttempts;
      }
    } catch (err) {
      why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'the connection failed';
      retryIn = this.backoff(attempt);
    }
    q.busy = false;
    if (retryIn !== null && attempt < this.maxAttempts && !this.stopped) {
      const t = setTimeout(
        () => {
          this.timers.delete(t);
          this.pump(q, attempt + 1);
        },
        Math.min(retryIn, MAX_RETRY_MS),
      );
      t.unref();
      this.timers.add(t);
      return;
    }
    if (retryIn !== null)
      this.opts.log('warn', `webhook ${q.target.id}: gave up on an event after ${attempt} attempt${attempt === 1 ? '' : 's'} (${why})`);
    q.items.shift();
    this.pump(q);
  }

  private backoff(attempt: number): number {
    return this.retryBaseMs * 2 ** (attempt - 1);
  }
}
