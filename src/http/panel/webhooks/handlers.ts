// The handlers of the panel's webhooks routes (the table is routes.ts).
import { userActor } from '../../../lib/actor.js';
import { json, noContent } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { CreateWebhookSchema, WebhookPath } from './schemas.js';

export const listWebhooks: PanelHandler = ({ deps }) => json(200, { data: deps.store.webhooks.list() });

export const createWebhook: PanelHandler<{ body: typeof CreateWebhookSchema }> = ({ deps, body, user }) =>
  json(201, { data: deps.store.webhooks.add(body.format, body.url, userActor(user.username)) });

export const removeWebhook: PanelHandler<{ params: typeof WebhookPath }> = ({ deps, params, user }) => {
  deps.store.webhooks.remove(params.id, userActor(user.username));
  return noContent();
};
