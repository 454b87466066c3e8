// The shapes of the panel's webhooks routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { WEBHOOK_EVENT_KINDS, WEBHOOK_FORMATS } from '../vocabulary.js';
import { Timestamp } from '../integration-rows.js';

export const WebhookSchema = z.strictObject({
  id: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  urlHint: z.string().meta({ description: 'The URL with its last path segment (a token, for Discord) masked.' }),
  createdAt: Timestamp,
  createdBy: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_KINDS)).meta({ description: 'The event kinds it receives.' }),
});

const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_KINDS))
  .min(1)
  .max(WEBHOOK_EVENT_KINDS.length)
  .refine((a) => new Set(a).size === a.length, { message: 'Each event kind may be named once.' })
  .meta({
    description:
      'The event kinds it receives: `join`, `leave`, `backup`, `system` (the public ones), `kick` (kicks by an admin or the whitelist), `ban` (bans and unbans).',
    examples: [['join', 'leave', 'kick', 'ban']],
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
  events: WebhookEvents.optional().meta({ description: 'The event kinds it receives; default `join`, `leave`, `backup`, `system`.' }),
});

export const UpdateWebhookSchema = z.strictObject({ events: WebhookEvents });

export const WebhookTestSchema = dataOf(
  z.strictObject({
    delivered: z.boolean().meta({ description: 'The target answered 2xx.' }),
    status: z.int().nullable().meta({ description: "The target's HTTP status; null when it was not reached." }),
    error: z.string().nullable().meta({
      description: 'Why it was not reached (no answer in time, the connection failed, a private address); null when it answered.',
    }),
  }),
);

export const WebhookPath = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .meta({ description: "The webhook's id.", examples: ['0a1b2c3d'] }),
});
