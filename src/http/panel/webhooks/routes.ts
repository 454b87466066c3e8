// The admin's webhook routes (issue 15, 38, 41): where events are sent as well — Discord (with its
// live status card), Slack-compatible, ntfy or signed JSON — with their kinds and templates. A URL
// is taken once and never served back whole; a secret never again at all.
import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { listWebhooks, createWebhook, removeWebhook, testWebhook, updateWebhook } from './handlers.js';

export function webhookRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        ...operation('listWebhooks', { 200: 'OK' }),
        summary: 'Webhooks with the event kinds, templates and status card of each and why its last delivery failed, URLs masked',
        handler: listWebhooks,
      }),
      route({
        ...operation('createWebhook', { 201: 'Created; the URL is shown masked from now on.' }),
        summary: 'Send events to a webhook (Discord, Slack, ntfy or signed JSON) as well',
        errors: { 409: '`conflict`: 20 webhooks exist already.' },
        handler: createWebhook,
      }),
      route({
        ...operation('updateWebhook', { 200: 'The webhook now.' }),
        summary: "Change a webhook's event kinds, templates, status card or secret",
        errors: { 404: '`not_found`: no webhook has that id.' },
        handler: updateWebhook,
      }),
      route({
        ...operation('testWebhook', { 200: "Sent, or tried: the target's status, or why it was not reached." }),
        summary: 'Send a test message to a webhook now',
        errors: { 404: '`not_found`: no webhook has that id.' },
        handler: testWebhook,
      }),
      route({
        ...operation('removeWebhook', { 204: 'Removed.' }),
        summary: 'Stop sending events to a webhook',
        errors: { 404: '`not_found`: no webhook has that id.' },
        handler: removeWebhook,
      }),
    ]),
  ];
}
