// The handlers of the panel's webhooks routes (the table is routes.ts).
import { userActor } from '../../../domain/actor.js';
import { testWebhook as sendTest } from '../../../actions/webhook-test.js';
import { webhookSend } from '../../../actions/webhook-send.js';
import { json, noContent } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { CreateWebhookSchema, UpdateWebhookSchema, WebhookPath } from '../../../contract/panel/webhooks.js';

export const listWebhooks = (({ deps }) => json(200, { data: deps.store.webhooks.list() })) satisfies PanelHandler;

export const createWebhook = (({ deps, body, user }) =>
  json(201, {
    data: deps.store.webhooks.add(body.format, body.url, userActor(user.username), {
      allowPrivate: deps.webhookAllowPrivate ?? false,
      events: body.events,
      templates: body.templates,
      statusCard: body.statusCard,
      secret: body.secret,
    }),
  })) satisfies PanelHandler<{
  body: typeof CreateWebhookSchema;
}>;

export const updateWebhook = (({ deps, params, body, user }) =>
  json(200, { data: deps.store.webhooks.update(params.id, body, userActor(user.username)) })) satisfies PanelHandler<{
  params: typeof WebhookPath;
  body: typeof UpdateWebhookSchema;
}>;

export const testWebhook = (async ({ deps, params, now }) => {
  const send = webhookSend({ allowPrivate: deps.webhookAllowPrivate ?? false });
  return json(200, { data: await sendTest(deps.store, params.id, send, now) });
}) satisfies PanelHandler<{ params: typeof WebhookPath }>;

export const removeWebhook = (({ deps, params, user }) => {
  deps.store.webhooks.remove(params.id, userActor(user.username));
  return noContent();
}) satisfies PanelHandler<{ params: typeof WebhookPath }>;
