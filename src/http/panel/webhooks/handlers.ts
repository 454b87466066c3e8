// The handlers of the panel's webhooks routes (the table is routes.ts).
import { userActor } from '../../../domain/actor.js';
import { json, noContent } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { CreateWebhookSchema, WebhookPath } from '../../../contract/panel/webhooks.js';

export const listWebhooks = (({ deps }) => json(200, { data: deps.store.webhooks.list() })) satisfies PanelHandler;

export const createWebhook = (({ deps, body, user }) =>
  json(201, {
    data: deps.store.webhooks.add(body.format, body.url, userActor(user.username), { allowPrivate: deps.webhookAllowPrivate ?? false }),
  })) satisfies PanelHandler<{
  body: typeof CreateWebhookSchema;
}>;

export const removeWebhook = (({ deps, params, user }) => {
  deps.store.webhooks.remove(params.id, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof WebhookPath }>;
