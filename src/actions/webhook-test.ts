// "Send a test" of a webhook: one message to its target now, outside the queue (a test is not an
// event: nothing is retried, nothing is recorded), answered with what the target said.
import type { Store } from '../store/index.js';
import { ALLOW_PRIVATE_SETTING } from '../store/webhooks.js';
import { webhookBody } from './notifier.js';
import { WebhookAddressError, type WebhookSend } from './webhook-send.js';

export const WEBHOOK_TEST_TEXT = 'palpanel test message: this webhook works.';

export interface WebhookTestResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

export async function testWebhook(store: Store, id: string, send: WebhookSend, now: Date): Promise<WebhookTestResult> {
  const t = store.webhooks.target(id);
  try {
    const { status } = await send(t.url, webhookBody(t.format, { at: now.toISOString(), kind: 'system', message: WEBHOOK_TEST_TEXT }));
    return { delivered: status >= 200 && status < 300, status, error: null };
  } catch (err) {
    // The words of webhook-send.ts's own errors only: never a URL, never the system's text.
    if (err instanceof WebhookAddressError)
      return { delivered: false, status: null, error: `${err.message}; allowed only with ${ALLOW_PRIVATE_SETTING}=true` };
    const timeout = err instanceof Error && err.name === 'TimeoutError';
    return { delivered: false, status: null, error: timeout ? 'no answer in time' : 'the connection failed' };
  }
}
