// The admin's webhook routes (issue 15): where the public events are sent as well, in
// Discord's format or a plain JSON one. A URL is taken once and never served back whole.
import { z } from 'zod';
import { userActor } from '../../lib/actor.js';
import { WEBHOOK_FORMATS } from '../../store/webhooks.js';
import { json, noContent } from '../respond.js';
import { Timestamp } from '../../rows/schemas.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';

const WebhookSchema = z.strictObject({
  id: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  urlHint: z.string().meta({ description: 'The URL with its last path segment (a token, for Discord) masked.' }),
  createdAt: Timestamp,
  createdBy: z.string(),
});
const WebhookListSchema = z.strictObject({ data: z.array(WebhookSchema) });
const WebhookEnvelopeSchema = z.strictObject({ data: WebhookSchema });
const CreateWebhookSchema = z.strictObject({
  format: z.enum(WEBHOOK_FORMATS).meta({ description: '`discord`: `{"content"}` as a Discord webhook takes it; `json`: `{"at","kind","message"}`.' }),
  url: z.string().min(1).max(2048).meta({ description: 'An http(s) URL; it is stored and never shown again whole.', examples: ['https://discord.com/api/webhooks/123/abc'] }),
});
const WebhookPath = z.object({ id: z.string().regex(/^[0-9a-f]{8}$/).meta({ description: "The webhook's id.", examples: ['0a1b2c3d'] }) });

const listWebhooks: PanelHandler = ({ deps }) => json(200, { data: deps.store.webhooks.list() });

const createWebhook: PanelHandler<{ body: typeof CreateWebhookSchema }> = ({ deps, body, user }) =>
  json(201, { data: deps.store.webhooks.add(body.format, body.url, userActor(user.username)) });

const removeWebhook: PanelHandler<{ params: typeof WebhookPath }> = ({ deps, params, user }) => {
  deps.store.webhooks.remove(params.id, userActor(user.username));
  return noContent();
};

export function webhookRoutes(): PanelRoute[] {
  return [
    route({
      method: 'GET',
      path: '/webhooks',
      auth: 'session',
      role: 'admin',
      operationId: 'listWebhooks',
      summary: 'Webhooks that receive the public events (join, leave, backup, system), URLs masked',
      responses: { 200: { description: 'OK', schema: WebhookListSchema } },
      handler: listWebhooks,
    }),
    route({
      method: 'POST',
      path: '/webhooks',
      auth: 'session',
      role: 'admin',
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
      auth: 'session',
      role: 'admin',
      operationId: 'removeWebhook',
      summary: 'Stop sending events to a webhook',
      request: { params: WebhookPath },
      responses: { 204: { description: 'Removed.' } },
      errors: { 404: '`not_found`: no webhook has that id.' },
      handler: removeWebhook,
    }),
  ];
}
