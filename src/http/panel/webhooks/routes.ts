// The admin's webhook routes (issue 15): where the public events are sent as well, in
// Discord's format or a plain JSON one. A URL is taken once and never served back whole.
import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { listWebhooks, createWebhook, removeWebhook } from './handlers.js';

export function webhookRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        ...operation('listWebhooks', { 200: 'OK' }),
        summary: 'Webhooks that receive the public events (join, leave, backup, system), URLs masked',
        handler: listWebhooks,
      }),
      route({
        ...operation('createWebhook', { 201: 'Created; the URL is shown masked from now on.' }),
        summary: 'Send the public events to a webhook as well',
        errors: { 409: '`conflict`: 20 webhooks exist already.' },
        handler: createWebhook,
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
