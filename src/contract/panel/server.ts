// Request and response shapes of the panel's server routes (issue 11): status, health and the
// game's admin actions. The status extends the Integration API's with what it leaves out.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { WorldOptionSchema } from './world-option.js';
import { ServerStatusSchema, Timestamp } from '../integration-rows.js';
import { FollowedWorldSchema, FreshnessSchema } from './world.js';
import { COUNTDOWN_KINDS, DEFAULT_STEPS_SEC, MAX_STEP_SEC, MAX_STEPS } from '../vocabulary.js';

const NonNegInt = z.number().int().min(0);
const Words = z.string().nullable();

export const ANNOUNCE_MAX = 500;
export const SHUTDOWN_DELAY_MAX = 86_400;

export const SettingValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const PollerHealthSchema = z.strictObject({
  state: z.string().meta({
    description: "REST poller: `pending`, `running`, `unreachable` or `unauthorized`; game-data poller: the spec's world summary states.",
  }),
  lastSuccessAt: Timestamp.nullable(),
  lastAttemptAt: Timestamp.nullable(),
  lastError: Words.meta({
    description:
      'Why the last attempt failed, in words ("the game refused the admin password" is not "unreachable"); null after a success.',
  }),
  failedPolls: z.int().min(0).optional().meta({ description: 'REST poller: failed polls since palpanel started.' }),
});

/** The steps of a countdown an admin chooses (a shutdown request, a scheduled restart or shutdown). */
export const CountdownStepsSchema = z
  .array(z.int().min(1).max(MAX_STEP_SEC))
  .min(1)
  .max(MAX_STEPS)
  .meta({
    description: `Seconds before the end at which players are told, in any order (default ${DEFAULT_STEPS_SEC.join(', ')}). The smallest is handed to the game's own shutdown and cannot be cancelled after it.`,
  });

export const CountdownSchema = z.strictObject({
  kind: z.enum(COUNTDOWN_KINDS),
  reason: Words.meta({ description: "The admin's words told after each step's; null for none." }),
  startedBy: z.string().meta({ description: 'Who started it: `user:<name>`, or `system` for a scheduled task.' }),
  startedAt: Timestamp,
  endsAt: Timestamp.meta({ description: 'When the game stops.' }),
  steps: z.array(NonNegInt).meta({ description: 'Seconds before the end at which players are told, largest first.' }),
  nextStepAt: Timestamp.nullable().meta({ description: 'When players are told next; null once the game has the last step.' }),
  nextWords: Words.meta({ description: 'What they are told then.' }),
  cancellable: z.boolean().meta({ description: 'False once the last step went to the game: it stops whatever happens.' }),
});
export const CountdownEnvelopeSchema = dataOf(
  CountdownSchema.nullable().meta({ description: 'The countdown running now; null when none.' }),
);
export const CountdownCancelledSchema = dataOf(CountdownSchema);

export const PanelServerSchema = ServerStatusSchema.extend({
  worldGuid: z.string().nullable().meta({ description: "The game's world GUID (from its REST API, else the save); null when unknown." }),
  saveProblem: Words.meta({
    description: 'Why the save is not parsed now, in words (as /server/health says); null when it is fine or no save folder is configured.',
  }),
  saveWorld: FollowedWorldSchema,
  saveFreshness: FreshnessSchema,
  panelVersion: z.string(),
  playersOnline: NonNegInt,
  maxPlayers: NonNegInt.nullable().meta({ description: 'Null until the game has answered once.' }),
  settings: z.record(z.string(), SettingValueSchema).nullable().meta({
    description:
      "The game's settings as its REST API reports them (read at most once a minute), without any whose name says password, secret, token, key or webhook; null when unreadable.",
  }),
  poller: PollerHealthSchema.nullable().meta({ description: 'The REST poller; null when no game server is configured.' }),
  rcon: z.boolean().meta({
    description:
      'Whether palpanel has RCON (SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD). Off is a normal state: the game deprecates RCON, and only the console needs it.',
  }),
  countdown: CountdownSchema.nullable().meta({ description: 'The shutdown or restart countdown running now; null when none.' }),
  gameConfigured: z.boolean().meta({
    description:
      'Whether a game REST API is configured (SERVICE_GAME_REST_URL). false: palpanel polls no game, so `state` `unreachable` means "not configured", not a game that is down (the spec\'s `state` knows only those two values).',
  }),
});
export const PanelServerEnvelopeSchema = dataOf(PanelServerSchema);

export const HealthSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']).meta({ description: '`degraded` when a configured part reports a problem.' }),
  problems: z.array(z.string()).meta({ description: 'Each problem in words.' }),
  store: z.strictObject({ ok: z.boolean(), error: Words }),
  pollers: z.strictObject({ rest: PollerHealthSchema.nullable(), gameData: PollerHealthSchema.nullable() }),
  saveWatcher: z.strictObject({
    enabled: z.boolean(),
    running: z.boolean().meta({ description: 'A parse is running now.' }),
    nextCheckAt: Timestamp.nullable(),
    problem: Words.meta({
      description:
        'Why the save is not parsed now (the folder missing or unreadable, no Level.sav, a failed parse), in words; null when it is fine. The last good world stays served.',
    }),
    world: FollowedWorldSchema,
    freshness: FreshnessSchema,
  }),
  lastParse: z
    .strictObject({ finishedAt: Timestamp, ok: z.boolean(), error: Words, durationMs: z.number().min(0) })
    .nullable()
    .meta({ description: 'The last parse attempt of this run; null before one.' }),
  worldParsedAt: Timestamp.nullable().meta({
    description:
      'When the world now served was parsed (kept across restarts, so it answers before this run has parsed); null before any parse.',
  }),
  disk: z
    .strictObject({ freeBytes: NonNegInt, totalBytes: NonNegInt })
    .nullable()
    .meta({ description: 'The file system of the data dir; null when unreadable.' }),
  worldOption: WorldOptionSchema,
});
export const HealthEnvelopeSchema = dataOf(HealthSchema);

export const AnnounceRequestSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1)
    .max(ANNOUNCE_MAX)
    .meta({ description: `Shown to every player in game; 1 to ${ANNOUNCE_MAX} characters.` }),
});
export const ShutdownRequestSchema = z.strictObject({
  delaySec: z
    .number()
    .int()
    .min(0)
    .max(SHUTDOWN_DELAY_MAX)
    .meta({ description: 'Seconds until the game stops; players are told at each step on the way.' }),
  message: z
    .string()
    .trim()
    .min(1)
    .max(ANNOUNCE_MAX)
    .optional()
    .meta({ description: 'A reason told to players after each step\'s words ("Server shutdown in 5 minutes: <message>"); default none.' }),
  steps: CountdownStepsSchema.optional(),
});

export const ActionDoneSchema = dataOf(z.strictObject({ done: z.literal(true), at: Timestamp }));
export const ShutdownAcceptedSchema = dataOf(
  z.strictObject({
    shutdownAt: Timestamp,
    delaySec: NonNegInt,
    message: z.string().meta({ description: 'What players were told first.' }),
    countdown: CountdownSchema,
  }),
);

/** A game setting's value as the game's REST API reports it. */
export type SettingValue = z.output<typeof SettingValueSchema>;
export type PollerHealth = z.output<typeof PollerHealthSchema>;
