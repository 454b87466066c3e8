// The webhooks card's calls to the panel API (issue 41: templates, status card, secret).
import { call, type BodyOf } from '../../api/operations';

export const changeWebhook = (id: string, body: BodyOf<'updateWebhook'>) => call('updateWebhook', { params: { id }, body });
