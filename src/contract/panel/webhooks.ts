// The shapes of the panel's webhooks routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { WEBHOOK_FORMATS } from '../vocabulary.js';
import { Timestamp } from '../integration-rows.js';

export const WebhookSchema = z.strictObject({
  id: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  urlHint: z.string().meta({ description: 'The URL with its last path segment (a token, for Discord) masked.' }),
  createdAt: Timestamp,
  createdBy: z.string(),
});

export const WebhookListSchema = dataOf(z.array(WebhookSchema));

export const WebhookEnvelopeSchema = dataOf(WebhookSchema);

export const CreateWebhookSchema = z.strictObject({
  format: z
    .enum(WEBHOOK_FORMATS)
    .meta({ description: '`discord`: `{"content"}` as a Discord webhook takes it; `json`: `{"at","kind","message"}`.' }),
  url: z
    .string()
    .min(1)
    .max(2048)
    .meta({
      description: 'An http(s) URL; it is stored and never shown again whole.',
      examples: ['https://discord.com/api/webhooks/123/abc'],
    }),
});

export const WebhookPath = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .meta({ description: "The webhook's id.", examples: ['0a1b2c3d'] }),
});
