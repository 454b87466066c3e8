// "Send a test" of a webhook: one message to its target now, outside the queue (a test is not an
// event: nothing is retried, nothing is recorded), answered with what the target said.
import type { Store } from '../store/index.js';
import { ALLOW_PRIVATE_SETTING } from '../store/webhooks.js';
import { renderEvent } from './webhook-render.js';
import { failureWords } from './webhook-rate.js';
import { WebhookAddressError, type WebhookSend } from './webhook-send.js';
import { defaultTemplate } from '../lib/webhook-template.js';

export const WEBHOOK_TEST_TEXT = defaultTemplate('test');

export interface WebhookTestResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

export async function testWebhook(
  store: Store,
  id: string,
  send: WebhookSend,
  now: Date,
  fields: Record<string, string> = {},
): Promise<WebhookTestResult> {
  const t = store.webhooks.target(id);
  try {
    // The test is worded as the webhook's format and templates word an event (kind `test`).
    const req = renderEvent({ ...t, templates: {} }, { at: now.toISOString(), kind: 'test', message: WEBHOOK_TEST_TEXT, fields });
    const answer = await send(t.url, req.body, { headers: req.headers });
    const ok = answer.status >= 200 && answer.status < 300;
    store.webhooks.noteOutcome(id, ok ? null : failureWords(answer, t.url), now.toISOString());
    // The service's own words on a refusal (Discord's error message) are kept for the webhooks
    // card (lastError); the answer says the status.
    return { delivered: ok, status: answer.status, error: null };
  } catch (err) {
    // The words of webhook-send.ts's own errors only: never a URL, never the system's text.
    if (err instanceof WebhookAddressError)
      return { delivered: false, status: null, error: `${err.message}; allowed only with ${ALLOW_PRIVATE_SETTING}=true` };
    const timeout = err instanceof Error && err.name === 'TimeoutError';
    return { delivered: false, status: null, error: timeout ? 'no answer in time' : 'the connection failed' };
  }
}
