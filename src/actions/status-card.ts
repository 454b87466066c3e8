// The live status card (issue 41): per Discord webhook that asks for one, one message posted once
// (`?wait=true`, which answers with the message and its id) and then only edited in place
// (`PATCH …/messages/{id}`). The id is kept in the store, so a restart edits the same message; a
// 404 (the message was deleted) posts a new one. Edits follow the state: only when the embed
// changed, never closer than `minGapMs`, and never while Discord's rate limit (a 429's
// retry_after, an emptied X-RateLimit bucket; RateGate, shared with the webhook's messages) says
// wait — the latest state is always the one sent, so none is lost. The game going away turns the
// card offline; palpanel stopping does too, as its last act before the store closes.
import type { Store } from '../store/index.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { WebhookSend } from './webhook-send.js';
import { failureWords, type RateGate } from './webhook-rate.js';
import { cardEmbed, type CardFacts } from './status-card-embed.js';

export interface StatusCardOptions {
  store: Store;
  send: WebhookSend;
  gate: RateGate;
  facts: () => Promise<CardFacts> | CardFacts;
  clock: Clock;
  log: Logger;
  /** How often the facts are looked at (default 15 s). */
  tickMs?: number;
  /** The least time between two requests of one card (default 2 s: Discord lets a webhook make
   * 5 requests per 2 s, and its rate-limit headers are honoured besides). */
  minGapMs?: number;
  /** The server's language, the card's words' (status-card-words.ts; default English). */
  language?: string;
  /** How long the offline card may take at stop (default 5 s). */
  stopWaitMs?: number;
}

interface CardState {
  /** The body last accepted by Discord, and the one to send next. */
  sent: string | null;
  want: string | null;
  lastAt: number;
  busy: boolean;
  timer: NodeJS.Timeout | null;
  failures: number;
}

/** The execute URL with `wait=true`, and the edit URL of a message, keeping a `thread_id`. */
export function cardUrls(url: string, messageId?: string): string {
  const u = new URL(url);
  if (messageId === undefined) {
    u.searchParams.set('wait', 'true');
    return u.toString();
  }
  u.pathname = `${u.pathname.replace(/\/$/, '')}/messages/${encodeURIComponent(messageId)}`;
  u.searchParams.delete('wait');
  return u.toString();
}

export class StatusCards {
  private readonly cards = new Map<string, CardState>();
  private ticker: NodeJS.Timeout | null = null;
  private offAppend: (() => void) | null = null;
  private stopped = false;
  private readonly minGapMs: number;

  constructor(private readonly o: StatusCardOptions) {
    this.minGapMs = o.minGapMs ?? 2_000;
  }

  start(): void {
    const tick = () =>
      void this.refresh().catch((err: unknown) => this.o.log('warn', `status card: ${String(err instanceof Error ? err.message : err)}`));
    tick();
    this.ticker = setInterval(tick, this.o.tickMs ?? 15_000);
    this.ticker.unref();
    // An event (a join, a leave, the game unreachable, a backup, a webhook changed) is a change
    // the card shows at once, not at the next tick; the gap and the rate limit still hold.
    this.offAppend = this.o.store.events.onAppend(tick);
  }

  /** Looks at the facts now and brings every card to them (tests, and after a change). */
  async refresh(stopping = false): Promise<void> {
    const targets = this.o.store.webhooks.targets().filter((t) => t.statusCard && t.format === 'discord');
    if (targets.length === 0) return;
    const facts = { ...(await this.o.facts()), stopping };
    // Before the game was first asked, there is nothing to say (not even "offline").
    if (!stopping && facts.live.capturedAt === null && facts.live.lastAttemptAt === undefined) return;
    const body = JSON.stringify({ username: 'palpanel', allowed_mentions: { parse: [] }, embeds: [cardEmbed(facts, this.o.language)] });
    for (const t of targets) {
      const c = this.card(t.id);
      c.want = body;
      this.kick(t.id);
    }
  }

  /** Turns every card offline (palpanel stops), waiting at most stopWaitMs; then stops. */
  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.offAppend?.();
    await this.refresh(true).catch(() => undefined);
    this.stopped = true;
    const deadline = Date.now() + (this.o.stopWaitMs ?? 5_000);
    // The offline state is sent now unless Discord said to wait longer than there is time for.
    for (const [id, c] of this.cards) {
      if (c.timer) clearTimeout(c.timer);
      while (c.busy && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (c.want === c.sent || c.want === null) continue;
      const wait = this.o.gate.waitMs(id, this.o.clock().getTime());
      if (Date.now() + wait >= deadline) continue;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await this.push(id).catch(() => undefined);
    }
  }

  /** Resolves when no card has a request under way or waiting (tests). */
  async idle(): Promise<void> {
    while ([...this.cards.values()].some((c) => c.busy || c.timer !== null || (c.want !== null && c.want !== c.sent && c.failures === 0)))
      await new Promise((r) => setTimeout(r, 10));
  }

  private card(id: string): CardState {
    let c = this.cards.get(id);
    if (!c) this.cards.set(id, (c = { sent: null, want: null, lastAt: 0, busy: false, timer: null, failures: 0 }));
    return c;
  }

  /** Sends the wanted state as soon as the gap and the rate limit allow. */
  private kick(id: string): void {
    const c = this.card(id);
    if (this.stopped || c.busy || c.timer || c.want === null || c.want === c.sent) return;
    const now = this.o.clock().getTime();
    const backoff = c.failures > 0 ? Math.min(300_000, 5_000 * 2 ** (c.failures - 1)) : 0;
    const wait = Math.max(this.o.gate.waitMs(id, now), c.lastAt + Math.max(this.minGapMs, backoff) - now);
    if (wait > 0) {
      c.timer = setTimeout(() => {
        c.timer = null;
        this.kick(id);
      }, wait);
      c.timer.unref();
      return;
    }
    c.busy = true;
    void this.push(id).finally(() => {
      c.busy = false;
      this.kick(id);
    });
  }

  /** One request: the edit of the kept message, or the first post (and after a 404). */
  private async push(id: string): Promise<void> {
    const c = this.card(id);
    const body = c.want;
    if (body === null) return;
    let target;
    try {
      target = this.o.store.webhooks.target(id);
    } catch {
      this.cards.delete(id);
      return;
    }
    const now = () => this.o.clock();
    const messageId = this.o.store.webhooks.cardMessage(id);
    c.lastAt = now().getTime();
    try {
      const a = await this.o.send(cardUrls(target.url, messageId ?? undefined), body, { method: messageId ? 'PATCH' : 'POST' });
      this.o.gate.observe(id, a, now().getTime());
      if (a.status === 404 && messageId) {
        // The message was deleted: forget it; the next push posts a new card at once.
        this.o.store.webhooks.setCardMessage(id, null, now().toISOString());
        c.lastAt = 0;
        return;
      }
      if (a.status >= 200 && a.status < 300) {
        if (!messageId) {
          const posted = JSON.parse(a.text) as { id?: unknown };
          if (typeof posted.id !== 'string') throw new Error('Discord answered without the message id');
          this.o.store.webhooks.setCardMessage(id, posted.id, now().toISOString());
        }
        c.sent = body;
        c.failures = 0;
        this.o.store.webhooks.noteOutcome(id, null, now().toISOString());
        return;
      }
      if (a.status !== 429) {
        c.failures++;
        this.o.store.webhooks.noteOutcome(id, `status card: ${failureWords(a, target.url)}`, now().toISOString());
      }
    } catch (err) {
      c.failures++;
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'the connection failed';
      this.o.store.webhooks.noteOutcome(id, `status card: ${why}`, now().toISOString());
    }
  }
}
