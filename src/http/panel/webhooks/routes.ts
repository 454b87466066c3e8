// The admin's webhook routes (issue 15): where the public events are sent as well, in
// Discord's format or a plain JSON one. A URL is taken once and never served back whole.
import { route, adminOnly, type PanelRoute } from '../context.js';
import { listWebhooks, createWebhook, removeWebhook } from './handlers.js';
import { WebhookListSchema, WebhookEnvelopeSchema, CreateWebhookSchema, WebhookPath } from '../../../contract/panel/webhooks.js';

export function webhookRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        method: 'GET',
        path: '/webhooks',
        operationId: 'listWebhooks',
        summary: 'Webhooks that receive the public events (join, leave, backup, system), URLs masked',
        responses: { 200: { description: 'OK', schema: WebhookListSchema } },
        handler: listWebhooks,
      }),
      route({
        method: 'POST',
        path: '/webhooks',
        operationId: 'createWebhook',
        summary: 'Send the public events to a webhook as well',
        request: { body: CreateWebhookSchema },
        responses: { 201: { description: 'Created; the URL is shown masked from now on.', schema: WebhookEnvelopeSchema } },
        errors: { 409: '`conflict`: 20 webhooks exist already.' },
        handler: createWebhook,
      }),
      route({
        method: 'DELETE',
        path: '/webhooks/{id}',
        operationId: 'removeWebhook',
        summary: 'Stop sending events to a webhook',
        request: { params: WebhookPath },
        responses: { 204: { description: 'Removed.' } },
        errors: { 404: '`not_found`: no webhook has that id.' },
        handler: removeWebhook,
      }),
    ]),
  ];
}
