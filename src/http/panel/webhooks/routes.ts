// The admin's webhook routes (issue 15): where the public events are sent as well, in
// Discord's format or a plain JSON one. A URL is taken once and never served back whole.
import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { listWebhooks, createWebhook, removeWebhook, testWebhook, updateWebhook } from './handlers.js';

export function webhookRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        ...operation('listWebhooks', { 200: 'OK' }),
        summary: 'Webhooks and the event kinds each receives (join, leave, backup, system, kick, ban), URLs masked',
        handler: listWebhooks,
      }),
      route({
        ...operation('createWebhook', { 201: 'Created; the URL is shown masked from now on.' }),
        summary: 'Send the public events to a webhook as well',
        errors: { 409: '`conflict`: 20 webhooks exist already.' },
        handler: createWebhook,
      }),
      route({
        ...operation('updateWebhook', { 200: 'The webhook now.' }),
        summary: 'Choose the event kinds a webhook receives',
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
