// Discord's rate limits, per webhook (each webhook is its own bucket): a 429's `retry_after` (its
// body, in seconds, or Retry-After) and an answer's `X-RateLimit-Remaining: 0` with
// `X-RateLimit-Reset-After` say when the next request may go. The notifier's messages and the
// status card's edits of one webhook share its gate. Also: why a request failed, in words that
// never carry the webhook's URL or token.
import type { WebhookAnswer } from './webhook-send.js';
import { UNSAFE_CHARS } from '../lib/text.js';

export class RateGate {
  private readonly openAt = new Map<string, number>();

  /** Milliseconds until the webhook may be sent to (0: now). */
  waitMs(webhookId: string, nowMs: number): number {
    return Math.max(0, (this.openAt.get(webhookId) ?? 0) - nowMs);
  }

  /** Learns from an answer when the webhook may be sent to next. */
  observe(webhookId: string, a: WebhookAnswer, nowMs: number): void {
    const waitSec = a.status === 429 ? retryAfterSec(a) : bucketEmptySec(a);
    if (waitSec === null) return;
    this.openAt.set(webhookId, Math.max(this.openAt.get(webhookId) ?? 0, nowMs + Math.ceil(waitSec * 1000)));
  }

  forget(webhookId: string): void {
    this.openAt.delete(webhookId);
  }
}

/** A 429's wait: Discord's body `retry_after` (seconds, fractional), else Retry-After, else 1 s. */
export function retryAfterSec(a: WebhookAnswer): number {
  const body = parseJson(a.text) as { retry_after?: unknown } | null;
  if (body && typeof body.retry_after === 'number' && Number.isFinite(body.retry_after) && body.retry_after >= 0)
    return Math.min(body.retry_after, 3600);
  return a.retryAfterSec ?? 1;
}

function bucketEmptySec(a: WebhookAnswer): number | null {
  if (a.headers['x-ratelimit-remaining'] !== '0') return null;
  const reset = Number(a.headers['x-ratelimit-reset-after']);
  return Number.isFinite(reset) && reset >= 0 ? Math.min(reset, 3600) : 1;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Why a request failed, as the webhooks card shows it: the status and the service's own error
 * message (Discord's `message` and `code`, Slack's text), with the URL's path segments (Discord's
 * id and token) removed should the service ever echo them. */
export function failureWords(a: WebhookAnswer, url: string): string {
  const body = parseJson(a.text) as { message?: unknown; code?: unknown } | null;
  let said = '';
  if (body && typeof body.message === 'string') said = body.message + (typeof body.code === 'number' ? ` (code ${body.code})` : '');
  else if (!a.text.trimStart().startsWith('<')) said = a.text.trim();
  said = scrub(said.replace(UNSAFE_CHARS, ' ').slice(0, 200), url);
  return said ? `HTTP ${a.status}: ${said}` : `HTTP ${a.status}`;
}

/** `text` without the URL or any of its path segments longer than 6 characters (the token). */
export function scrub(text: string, url: string): string {
  let out = text.split(url).join('…');
  try {
    for (const seg of new URL(url).pathname.split('/')) if (seg.length > 6) out = out.split(seg).join('…');
  } catch {
    // Not a URL: nothing more to take out.
  }
  return out;
}
