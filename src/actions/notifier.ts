// Sends the public events (join, leave, the public backup text, the four system texts: what the
// Integration API shows) and the panel's own word for a refused admin password to the webhooks
// the admin set, in Discord's format or a plain
// JSON one. Each such event is queued for every webhook in the store, in the transaction that
// writes it (store/webhook-queue.ts); this sends the queue: one delivery at a time per webhook
// (in order), retried with exponential backoff (a 429's Retry-After is honoured), a bounded
// queue that drops the oldest rather than grow. Polling never waits on it. What is still queued
// at a restart is sent after it (a delivery in flight when palpanel stops may be sent twice).
// A webhook whose host is or resolves to a private address is refused unless the deployment
// allows it (webhook-send.ts).
import type { Store } from '../store/index.js';
import type { QueuedDelivery } from '../store/webhook-queue.js';
import { ALLOW_PRIVATE_SETTING } from '../store/webhooks.js';
import { renderEvent } from './webhook-render.js';
import { failureWords, RateGate } from './webhook-rate.js';
import type { Logger } from '../lib/logger.js';
import { WebhookAddressError, webhookSend, type WebhookSend } from './webhook-send.js';
import { LinkTrack } from '../domain/link-track.js';

export type { WebhookSend };

export interface NotifierOptions {
  store: Store;
  log: Logger;
  /** SERVICE_WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback, link-local and private
   * addresses (default: they may not). */
  allowPrivate?: boolean;
  send?: WebhookSend;
  /** First retry delay; doubled after each failure. */
  retryBaseMs?: number;
  /** Tries per event before it is given up. */
  maxAttempts?: number;
  /** Events waiting per webhook at most. */
  queueLimit?: number;
  /** The clock of the deliveries' times (default: the system's). */
  now?: () => Date;
  /** The server's name and players for the templates (default: none known). */
  context?: WebhookContext;
  /** Discord's rate limits per webhook, shared with the status card (default: its own). */
  gate?: RateGate;
  /** The server's language: the default templates' (lib/webhook-template.ts). */
  language?: string;
}

/** How the webhooks' deliveries went since palpanel started, without any URL (diagnostics). */
export interface WebhookHealth {
  /** Webhooks whose last delivery attempt failed. */
  failing: number;
  /** The earliest time one of them began failing; null when none fails. */
  failingSince: string | null;
  lastDeliveryAt: string | null;
  lastFailureAt: string | null;
}

const MAX_RETRY_MS = 5 * 60_000;

/** Fields every template may use besides the event's own: the server's name and who is online
 * (the live state when the delivery is made). */
export type WebhookContext = () => { server?: string; players?: number; max?: number };

export class Notifier {
  /** Webhooks whose delivery is under way or waits for its retry. */
  private readonly busy = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private pumping = false;
  private readonly send: WebhookSend;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly queueLimit: number;
  /** Per webhook id: how its deliveries went. */
  private readonly links = new Map<string, LinkTrack>();
  private readonly gate: RateGate;

  constructor(private readonly opts: NotifierOptions) {
    this.send = opts.send ?? webhookSend({ allowPrivate: opts.allowPrivate ?? false });
    this.retryBaseMs = opts.retryBaseMs ?? 1_000;
    this.maxAttempts = opts.maxAttempts ?? 6;
    this.queueLimit = opts.queueLimit ?? 500;
    this.gate = opts.gate ?? new RateGate();
  }

  /** Resumes what the store holds queued, then follows every new event; returns the stop
   * function. */
  start(): () => void {
    const off = this.opts.store.events.onAppend(() => this.pumpAll());
    this.pumpAll();
    return () => {
      off();
      this.stopped = true;
      for (const t of this.timers) clearTimeout(t);
      this.timers.clear();
    };
  }

  /** The deliveries of the webhooks that still exist, summed up. */
  health(): WebhookHealth {
    const ids = new Set(this.opts.store.webhooks.list().map((w) => w.id));
    const states = [...this.links].filter(([id]) => ids.has(id)).map(([, t]) => t.state());
    const latest = (xs: (string | null)[]) => xs.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
    const failing = states.filter((s) => s.state === 'failing');
    return {
      failing: failing.length,
      failingSince: failing.map((s) => s.since!).sort()[0] ?? null,
      lastDeliveryAt: latest(states.map((s) => s.lastSuccessAt)),
      lastFailureAt: latest(states.map((s) => s.lastFailureAt)),
    };
  }

  /** Resolves when nothing is being sent or waiting for a retry (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.timers.size > 0) await Promise.race([...this.running, new Promise((r) => setTimeout(r, 10))]);
  }

  /** Starts a delivery for every webhook with something queued and nothing under way. */
  private pumpAll(): void {
    // A delivery's own store write notifies again: no need to look twice.
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    try {
      const queue = this.opts.store.webhooks.queue;
      for (const id of queue.pendingWebhooks()) {
        if (this.busy.has(id)) continue;
        const over = queue.trim(id, this.queueLimit);
        if (over > 0) this.opts.log('warn', `webhook ${id}: ${over} event${over === 1 ? '' : 's'} dropped; the receiver is not keeping up`);
        this.pump(id, 1);
      }
    } finally {
      this.pumping = false;
    }
  }

  private pump(webhookId: string, attempt: number): void {
    if (this.stopped) return;
    const next = this.opts.store.webhooks.queue.next(webhookId);
    if (!next) {
      this.busy.delete(webhookId);
      return;
    }
    this.busy.add(webhookId);
    const run = this.deliver(next, attempt).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async deliver(d: QueuedDelivery, attempt: number): Promise<void> {
    /** Null: delivered. */
    let retryIn: number | null;
    let why = '';
    /** Asking again will not help. */
    let giveUp = false;
    // Discord said to wait (a 429, or an emptied bucket): the delivery waits, it is no failure.
    const wait = this.gate.waitMs(d.webhookId, this.now().getTime());
    if (wait > 0) return this.later(d.webhookId, attempt, wait);
    try {
      const target = this.opts.store.webhooks.target(d.webhookId);
      const ctx = this.opts.context?.() ?? {};
      const fields = { ...d.fields, ...definedText(ctx) };
      const req = renderEvent({ ...target, language: this.opts.language }, { kind: d.kind, at: d.at, message: d.message, fields });
      const answer = await this.send(d.url, req.body, { headers: req.headers });
      this.gate.observe(d.webhookId, answer, this.now().getTime());
      const { status } = answer;
      if (status >= 200 && status < 300) retryIn = null;
      else {
        why = failureWords(answer, d.url);
        // A 429 is waited out by the gate, and is not counted as an attempt.
        if (status === 429 && !this.stopped) return this.later(d.webhookId, attempt, this.gate.waitMs(d.webhookId, this.now().getTime()));
        retryIn = this.backoff(attempt);
        // A 4xx other than 429 will not get better by asking again (a deleted Discord webhook).
        giveUp = status >= 400 && status < 500;
      }
    } catch (err) {
      retryIn = this.backoff(attempt);
      if (err instanceof WebhookAddressError) {
        why = `its host ${err.message}; allowed only with ${ALLOW_PRIVATE_SETTING}=true`;
        giveUp = true;
      } else why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'the connection failed';
    }
    // Stopping: the store may be closing; what was not marked done is sent after the restart.
    if (this.stopped) return;
    const link = this.links.get(d.webhookId) ?? new LinkTrack();
    this.links.set(d.webhookId, link);
    if (retryIn === null) link.ok(this.now());
    else link.fail(this.now(), null);
    this.noteOutcome(d.webhookId, retryIn === null ? null : why);
    if (retryIn !== null && !giveUp && attempt < this.maxAttempts) return this.later(d.webhookId, attempt + 1, retryIn);
    if (retryIn !== null)
      this.opts.log('warn', `webhook ${d.webhookId}: gave up on an event after ${attempt} attempt${attempt === 1 ? '' : 's'} (${why})`);
    this.opts.store.webhooks.queue.done(d.id);
    this.pump(d.webhookId, 1);
  }

  /** Takes up the webhook's queue again after `ms`, as attempt `attempt`. */
  private later(webhookId: string, attempt: number, ms: number): void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        this.pump(webhookId, attempt);
      },
      Math.min(ms, MAX_RETRY_MS),
    );
    t.unref();
    this.timers.add(t);
  }

  private noteOutcome(webhookId: string, why: string | null): void {
    try {
      this.opts.store.webhooks.noteOutcome(webhookId, why, this.now().toISOString());
    } catch {
      // Removed meanwhile, or the store is closing: nothing to show it on.
    }
  }

  private now(): Date {
    return this.opts.now ? this.opts.now() : new Date();
  }

  private backoff(attempt: number): number {
    return this.retryBaseMs * 2 ** (attempt - 1);
  }
}

/** The context's known values as template fields (text). */
export function definedText(ctx: ReturnType<WebhookContext>): Record<string, string> {
  const out: Record<string, string> = {};
  if (ctx.server) out.server = ctx.server;
  if (ctx.players !== undefined) out.players = String(ctx.players);
  if (ctx.max !== undefined) out.max = String(ctx.max);
  return out;
}
