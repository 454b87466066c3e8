// The shapes of the panel's webhooks routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { WEBHOOK_EVENT_KINDS, WEBHOOK_FORMATS } from '../vocabulary.js';
import { Timestamp } from '../integration-rows.js';
import { MAX_TEMPLATE_CHARS, PLACEHOLDERS } from '../../lib/webhook-template.js';

const Templates = z.partialRecord(z.enum(WEBHOOK_EVENT_KINDS), z.string().min(1).max(MAX_TEMPLATE_CHARS)).meta({
  description: `kind → the message's text with \`{placeholders}\` (${PLACEHOLDERS.map((p) => `\`{${p}}\``).join(', ')}); a kind not named takes the default (docs/discord.md).`,
  examples: [{ join: '{player} is here! {players}/{max} online', kick: '{player} was kicked: {reason}' }],
});

export const WebhookSchema = z.strictObject({
  id: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  urlHint: z.string().meta({ description: 'The URL with its last path segment (a token, for Discord) masked.' }),
  createdAt: Timestamp,
  createdBy: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_KINDS)).meta({ description: 'The event kinds it receives.' }),
  templates: Templates,
  statusCard: z.boolean().meta({ description: 'Discord: it keeps one live status message, edited in place.' }),
  signed: z.boolean().meta({ description: 'JSON: its deliveries carry `X-Palpanel-Signature` (the secret is never shown).' }),
  lastError: z.strictObject({ at: Timestamp, text: z.string() }).nullable().meta({
    description: "Why its last request failed: the status and the service's error message, never the URL. Null once one succeeds.",
  }),
});

const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_KINDS))
  .min(1)
  .max(WEBHOOK_EVENT_KINDS.length)
  .refine((a) => new Set(a).size === a.length, { message: 'Each event kind may be named once.' })
  .meta({
    description:
      "The event kinds it receives: `join`, `leave`, `backup`, `system` (the public ones), `kick` (kicks by an admin or the whitelist), `ban` (bans and unbans), `crash`, `restart`, `countdown` (a shutdown or restart countdown started or cancelled), `offsite` (an off-site copy of a backup failed), `warning` (the panel's warnings), `audit` (every change, for an admins' channel).",
    examples: [['join', 'leave', 'kick', 'ban']],
  });

const StatusCard = z.boolean().meta({
  description: "`discord` only: one message with the server's state, posted once and edited in place (docs/discord.md).",
});
const Secret = z.string().min(16).max(256).meta({
  description: '`json` only: each delivery carries `X-Palpanel-Signature: sha256=<hex HMAC-SHA256 of the body>`. Never shown again.',
});

export const WebhookListSchema = dataOf(z.array(WebhookSchema));

export const WebhookEnvelopeSchema = dataOf(WebhookSchema);

export const CreateWebhookSchema = z.strictObject({
  format: z.enum(WEBHOOK_FORMATS).meta({
    description:
      '`discord`: an embed, as a Discord webhook takes it; `slack`: `{"text"}` (Slack, Mattermost, Rocket.Chat); `ntfy`: text with `Title`, `Priority`, `Tags`; `json`: the versioned schema `palpanel.webhook/1`.',
  }),
  url: z
    .string()
    .min(1)
    .max(2048)
    .meta({
      description: 'An http(s) URL; it is stored and never shown again whole.',
      examples: ['https://discord.com/api/webhooks/123/abc'],
    }),
  events: WebhookEvents.optional().meta({ description: 'The event kinds it receives; default `join`, `leave`, `backup`, `system`.' }),
  templates: Templates.optional(),
  statusCard: StatusCard.optional(),
  secret: Secret.optional(),
});

export const UpdateWebhookSchema = z
  .strictObject({
    events: WebhookEvents.optional(),
    templates: Templates.optional(),
    statusCard: StatusCard.optional(),
    secret: Secret.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Name at least one of events, templates, statusCard, secret.' });

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
