// The diagnostics screen's shape (issue "Operating with confidence"): every link palpanel
// depends on, in words a host can act on. Viewer-safe by construction: words written here, never
// a path, a URL, a secret or an error's own text.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { Timestamp } from '../integration-rows.js';
import { MessageIdSchema, MessageParamsSchema } from '../messages/index.js';

/** The links, in the order the screen lists them. */
export const CHANNEL_IDS = ['rest', 'game', 'rcon', 'game-data', 'save', 'backups', 'disk', 'webhooks'] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

export const CHANNEL_STATES = ['ok', 'warning', 'failing', 'off'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

export const ChannelSchema = z.strictObject({
  id: z.enum(CHANNEL_IDS),
  title: z.string().meta({ description: 'The link\'s name, e.g. "Game REST API".' }),
  state: z.enum(CHANNEL_STATES).meta({
    description: '`ok`; `warning` (works, but needs a look); `failing`; `off` (not set up, which may be normal).',
  }),
  words: z.string().meta({ description: 'The state in a sentence for the host.' }),
  since: Timestamp.nullable().meta({ description: 'When the present state began, as far as palpanel knows; null when unknown.' }),
  lastSuccessAt: Timestamp.nullable(),
  lastFailureAt: Timestamp.nullable(),
  advice: z.string().nullable().meta({ description: 'What to do about it; null when nothing needs doing.' }),
  wordsId: MessageIdSchema.meta({ description: "The message id of `words` (the web UI's `server.<id>`); absent where it has none." }),
  wordsParams: MessageParamsSchema,
  adviceId: MessageIdSchema.meta({ description: 'The message id of `advice`; absent where it has none.' }),
  adviceParams: MessageParamsSchema,
});
export type Channel = z.infer<typeof ChannelSchema>;

export const DiagnosticsSchema = z.strictObject({
  checkedAt: Timestamp,
  state: z.enum(CHANNEL_STATES).meta({ description: 'The worst state of any channel (`off` counts as `ok`).' }),
  channels: z.array(ChannelSchema),
});
export const DiagnosticsEnvelopeSchema = dataOf(DiagnosticsSchema);
