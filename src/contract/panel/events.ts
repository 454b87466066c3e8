// Request and response shapes of the metrics and events routes (issue 11), and the documented
// payloads of the event stream.
import { z } from 'zod';
import { dataOf, pageOf } from '../envelopes.js';
import { EVENT_KINDS } from '../vocabulary.js';
import { cursorParam, limitParam } from '../page-params.js';
import { Timestamp } from '../integration-rows.js';
import { messageFields } from '../messages/index.js';

const Instant = z.iso
  .datetime({ offset: true })
  .optional()
  .meta({ description: 'RFC 3339 date-time.', examples: ['2026-07-14T09:30:00.000Z'] });

export const MetricsSchema = z.strictObject({
  fps: z.number(),
  fpsAvg: z.number(),
  frameTimeMs: z.number(),
  players: z.int(),
  maxPlayers: z.int(),
  day: z.int(),
  uptimeSec: z.number(),
  baseCamps: z.int(),
});

export const MetricsCurrentSchema = dataOf(
  z.strictObject({
    reachable: z.boolean().meta({ description: 'Whether the last poll reached the game.' }),
    capturedAt: Timestamp.nullable().meta({ description: 'The last successful poll; null before any.' }),
    metrics: MetricsSchema.nullable().meta({ description: "The game's metrics of the last successful poll; null before any." }),
  }),
);

export const MetricsPointSchema = z.strictObject({
  at: Timestamp.meta({ description: 'Start of the step (of the first sample in it).' }),
  players: z.number().meta({ description: 'Mean players online over the step.' }),
  fps: z.number(),
  frameTimeMs: z.number(),
  uptimeSec: z.number().meta({ description: "The game's largest uptime in the step." }),
});

export const MetricsHistorySchema = dataOf(
  z.strictObject({
    from: Timestamp,
    to: Timestamp,
    stepSec: z.int(),
    points: z.array(MetricsPointSchema).meta({ description: 'Oldest first; steps with no sample are absent.' }),
  }),
);

export const MAX_HISTORY_POINTS = 10_000;

export const MetricsHistoryQuery = z.strictObject({
  from: Instant.meta({
    description:
      'Start (inclusive); default one hour before `to`. Reach: every poll for an hour, a point a minute for a day, one per ten minutes for 30 days.',
  }),
  to: Instant.meta({ description: 'End (exclusive); default now.' }),
  step: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .optional()
    .meta({
      description: `Seconds per point, 1 to 86400; default: every sample within the last hour, 60 within a day, 600 beyond. At most ${MAX_HISTORY_POINTS} steps per request.`,
    }),
});

export const EventSchema = z.strictObject({
  id: z.int().meta({ description: 'Position in the log: the cursor, and the stream message id.' }),
  at: Timestamp,
  kind: z.enum(EVENT_KINDS).meta({
    description:
      'join and leave: a player seen by the poller; backup and system: the public texts; moderation: a kick by the whitelist; crash: the game gone without a shutdown palpanel asked for, and its return; restart: a restart by palpanel’s policy, and how it ended; audit: every change the audit log records, as one line (who, what, target, detail, and the refusal reason if it was refused), shown to admins only. Only join, leave and the public backup and system texts ever reach the Integration API.',
  }),
  message: z.string().meta({ description: 'The event in English, as it has always read.' }),
  ...messageFields,
});

export const EventPageSchema = pageOf(EventSchema);

export const EVENT_PAGE_DEFAULT = 100;
export const EVENT_PAGE_LIMIT = 500;

export const EventQuery = z.strictObject({
  limit: limitParam(EVENT_PAGE_DEFAULT, EVENT_PAGE_LIMIT, 'Page size'),
  cursor: cursorParam,
  kind: z
    .string()
    .regex(new RegExp(`^(${EVENT_KINDS.join('|')})(,(${EVENT_KINDS.join('|')}))*$`))
    .optional()
    .meta({
      description: `Comma-separated kinds to keep: ${EVENT_KINDS.join(', ')} (audit: admins only; a viewer naming it gets 403).`,
      examples: ['join,leave'],
    }),
  from: Instant.meta({ description: 'Events at or after it (RFC 3339).' }),
  to: Instant.meta({ description: 'Events before it (RFC 3339).' }),
});

export const StreamPlayerSchema = z.strictObject({
  name: z.string(),
  accountName: z.string(),
  playerId: z.string(),
  userId: z.string().meta({ description: 'Platform user id (`steam_…`, `gdk_…`, `ps5_…`).' }),
  ping: z.number(),
  level: z.int(),
  location: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  buildingCount: z.int(),
});

/** What one stream message's `data` line holds, by its `event:` field. */
export const StreamMessageSchema = z
  .union([
    EventSchema.meta({ title: 'event', description: '`event: event`: an entry of the log, as `GET /events` shows it; `id:` is its id.' }),
    z
      .strictObject({ at: Timestamp, players: z.array(StreamPlayerSchema) })
      .meta({ title: 'players', description: '`event: players`: who is online, when it changed (and once on connect).' }),
    z
      .strictObject({ at: Timestamp, reachable: z.boolean(), metrics: MetricsSchema.nullable() })
      .meta({ title: 'metrics', description: '`event: metrics`: every poll (and once on connect).' }),
  ])
  .meta({
    description:
      'Server-sent events. Each message: `id: <n>`, `event: event|players|metrics`, one `data:` line of JSON (one of these shapes). The id is the last event-log id the stream has delivered; reconnect with `Last-Event-ID: <n>` to get every retained event after it, once. Lines starting with `:` are heartbeats (every 15 s).',
  });

export type MetricsPoint = z.output<typeof MetricsPointSchema>;
export type StreamPlayer = z.output<typeof StreamPlayerSchema>;
