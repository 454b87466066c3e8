// The response and request shapes of the whole HTTP API, as zod schemas. They are the single
// source of the OpenAPI document (http/openapi/document.ts, through the route tables), of request validation
// (routes/validate.ts) and of the TypeScript types the row builders return, so the served
// contract and the code cannot drift. Every object is strict: a member
// the spec does not name cannot appear (interface.md: nothing beyond the spec's members).
import { z } from 'zod';
import { dataOf, pageOf } from './envelopes.js';
import { KEY_ID_PATTERN as KEY_ID, KEY_SHAPE } from '../lib/key-grammar.js';
import { ACTIVITIES, GAME_DATA_STATES, OWNER_SOURCES, PLACEMENTS, PUBLIC_EVENT_KINDS, ROLES } from './vocabulary.js';
import { LanguageChoiceSchema } from './languages.js';

export const Timestamp = z.iso.datetime().meta({ description: 'RFC 3339 date-time in UTC.', examples: ['2026-07-14T09:30:00.000Z'] });
const Int = z.number().int();
const NonNegInt = z.number().int().min(0);

export const UID_PATTERN = '^[0-9a-fA-F-]{1,36}$';
export const KEY_ID_PATTERN = KEY_ID.source;

export const OwnerSourceSchema = z.enum(OWNER_SOURCES);
export const PlacementSchema = z.enum(PLACEMENTS);
export const GameDataStateSchema = z.enum(GAME_DATA_STATES);
export const ActivitySchema = z.enum(ACTIVITIES);

// ---- Integration API resources (spec: Resources and their fields) ----

export const TalentsSchema = z.strictObject({ hp: Int, melee: Int, shot: Int, defense: Int });

const palFields = {
  instanceId: z.string(),
  characterId: z.string(),
  displayName: z.string(),
  level: Int,
  isAlpha: z.boolean(),
  isLucky: z.boolean(),
  inParty: z.boolean(),
  partySlot: NonNegInt.nullable(),
  boxPage: NonNegInt.nullable(),
  boxSlot: NonNegInt.nullable(),
  placement: PlacementSchema,
  baseId: z.string().nullable(),
  hp: z.number(),
  gender: z.string(),
  rank: z.number().int().min(1).max(5).nullable(),
  talents: TalentsSchema,
  passiveSkillIds: z.array(z.string()),
  equippedSkillIds: z.array(z.string()),
};

/** A pal inside `/players/{uid}`: the `/pals` row minus the four owner fields. */
export const PalSchema = z.strictObject(palFields);

export const PalWithOwnerSchema = z.strictObject({
  ...palFields,
  ownerUid: z.string(),
  ownerName: z.string(),
  ownerSource: OwnerSourceSchema,
  ownerResolved: z.boolean(),
});

const playerFields = {
  uid: z.string().regex(new RegExp(UID_PATTERN)),
  name: z.string(),
  online: z.boolean(),
  level: Int,
  guildId: z.string().optional(),
  guildName: z.string().optional(),
  firstSeenAt: Timestamp,
  lastSeenAt: Timestamp,
  playtimeSec: NonNegInt,
  captureTotal: NonNegInt.optional(),
  uniquePalsCaptured: NonNegInt.optional(),
  paldeckUnlocked: NonNegInt.optional(),
};

export const PlayerSchema = z.strictObject(playerFields);
export const PlayerDetailSchema = z.strictObject({ ...playerFields, pals: z.array(PalSchema) });

export const BaseSchema = z.strictObject({
  id: z.string(),
  name: z.string().min(1).nullable(),
  location: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  level: Int,
});

export const GuildSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  adminUid: z.string(),
  memberCount: NonNegInt,
  members: z.array(z.strictObject({ uid: z.string(), name: z.string() })),
  bases: z.array(BaseSchema),
});

const Point = z.tuple([z.number(), z.number()]);
export const MapLayerSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  format: z.string(),
  tileSize: Int,
  minZoom: Int,
  maxZoom: Int,
  transform: z.strictObject({ a: z.number(), b: z.number(), c: z.number(), d: z.number() }),
  bounds: z.tuple([Point, Point]),
});

export const MapDatasetSchema = z.strictObject({
  source: z.string(),
  gameVersion: z.string(),
  fetchedAt: Timestamp,
  notes: z.string(),
  layers: z.array(MapLayerSchema),
});

export const ServerStatusSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  state: z.enum(['running', 'unreachable']),
  uptimeSec: NonNegInt,
  save: z.strictObject({
    state: z.enum(['ok', 'drift', 'unknown']),
    formatDrift: z.boolean(),
    lastParseAt: Timestamp.nullable(),
    players: NonNegInt,
    pals: NonNegInt,
    guilds: NonNegInt,
  }),
});

export const MetricsSchema = z.strictObject({
  fps: z.number(),
  fpsAvg: z.number(),
  frameTimeMs: z.number(),
  players: NonNegInt,
  maxPlayers: NonNegInt,
  day: NonNegInt,
  uptimeSec: NonNegInt,
  baseCamps: NonNegInt,
});

export const WorldCountsSchema = z.strictObject({
  players: NonNegInt,
  partyPals: NonNegInt,
  basePals: NonNegInt,
  wildPals: NonNegInt,
  npcs: NonNegInt,
  palBoxes: NonNegInt,
  unknown: NonNegInt,
});

export const WorldActivitySchema = z.strictObject(
  Object.fromEntries(ACTIVITIES.map((a) => [a, NonNegInt])) as Record<(typeof ACTIVITIES)[number], typeof NonNegInt>,
);

export const WorldSummarySchema = z.strictObject({
  state: GameDataStateSchema,
  capturedAt: Timestamp.optional(),
  lastAttemptAt: Timestamp.optional(),
  fps: z.number(),
  fpsAvg: z.number(),
  counts: WorldCountsSchema,
  activity: WorldActivitySchema,
  linkedBasePals: NonNegInt,
});

export const WorkerSchema = z.strictObject({
  instanceId: z.string(),
  characterId: z.string(),
  displayName: z.string(),
  isBoss: z.boolean(),
  level: Int,
  hpPercent: z.number(),
  active: z.boolean(),
  activity: ActivitySchema,
  baseId: z.string(),
  ownerUid: z.string().optional(),
  ownerName: z.string().optional(),
  ownerSource: OwnerSourceSchema.optional(),
});

export const WorldWorkersSchema = z.strictObject({
  state: GameDataStateSchema,
  capturedAt: Timestamp.optional(),
  workers: z.array(WorkerSchema),
});

export const EventSchema = z.strictObject({
  at: Timestamp,
  kind: z.enum(PUBLIC_EVENT_KINDS),
  message: z.string(),
});

// ---- Envelopes (spec: Envelope) ----

const saveMembers = { lastParseAt: Timestamp.nullable(), formatDrift: z.boolean() };
const Cursor = z
  .string()
  .nullable()
  .meta({ description: 'Opaque; pass as `cursor` for the next page. `null` when this page is the last.' });

export const PlayersPageSchema = pageOf(PlayerSchema, saveMembers, Cursor);
export const PalsPageSchema = pageOf(PalWithOwnerSchema, saveMembers, Cursor);
export const PlayerDetailEnvelopeSchema = dataOf(PlayerDetailSchema, saveMembers);
export const GuildsEnvelopeSchema = dataOf(z.array(GuildSchema), saveMembers);
export const MapEnvelopeSchema = dataOf(MapDatasetSchema);
export const ServerEnvelopeSchema = dataOf(ServerStatusSchema);
export const MetricsEnvelopeSchema = dataOf(MetricsSchema);
export const WorldSummaryEnvelopeSchema = dataOf(WorldSummarySchema);
export const WorldWorkersEnvelopeSchema = dataOf(WorldWorkersSchema);
export const EventsEnvelopeSchema = dataOf(z.array(EventSchema));

/** The error codes a client can see: the spec's (Errors) and the two interface.md adds for
 * the panel (`invalid_credentials`, `forbidden`). Codes are exactly these. */
export const ERROR_CODES = [
  'unauthorized',
  'rate_limited',
  'not_found',
  'invalid_limit',
  'invalid_cursor',
  'invalid_request',
  'method_not_allowed',
  'internal_error',
  'too_many_keys',
  'invalid_credentials',
  'totp_required',
  'forbidden',
  'unavailable',
  'conflict',
  'game_unavailable',
  'not_implemented',
  'payload_too_large',
  'precondition_failed',
  'unsupported_media_type',
] as const;

export const ErrorSchema = z.strictObject({
  error: z.strictObject({ code: z.enum(ERROR_CODES), message: z.string() }),
});

// ---- Panel API: login and key administration ----

export const LoginRequestSchema = z.strictObject({
  username: z.string(),
  password: z.string(),
  code: z.string().optional().meta({
    description:
      'For a user with two-factor sign-in: the 6 digits of the authenticator app, or a recovery code. Without it, the right password answers 401 `totp_required`.',
  }),
});
export const UserSchema = z.strictObject({
  username: z.string(),
  role: z.enum(ROLES),
  // Not in the login answer, nor in `/auth/me` before a choice: the spec's conformance case holds
  // them to {username, role}.
  language: LanguageChoiceSchema.optional().meta({
    description:
      "The user's web UI language (a BCP 47 tag), or null to follow the browser's: always in the language change's answer, in `/auth/me` once chosen (absent there means null).",
  }),
  totpEnrolmentRequired: z.literal(true).optional().meta({
    description:
      "Present when SERVICE_REQUIRE_2FA requires two-factor sign-in of this user's role and they have not set it up: until they do, this session may only enrol (`/account/totp`), change its password and sign out.",
  }),
});

export const KeyRecordSchema = z
  .strictObject({
    id: z.string().regex(new RegExp(KEY_ID_PATTERN)),
    label: z.string(),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable(),
    revokedAt: Timestamp.nullable(),
  })
  .meta({
    examples: [{ id: '0a1b2c3d', label: 'status page', createdAt: '2026-07-14T09:30:00.000Z', lastUsedAt: null, revokedAt: null }],
  });

/** An example that deliberately does not match the key grammar (spec: Contract document). */
export const EXAMPLE_KEY = 'svk_EXAMPLE_this-is-not-a-real-key-only-its-shape';

export const KeyCreatedSchema = z
  .strictObject({
    ...KeyRecordSchema.shape,
    key: z.string().meta({ description: `The plaintext bearer key, \`${KEY_SHAPE}\` (56 characters). Returned only here, once.` }),
  })
  .meta({
    examples: [
      { id: '0a1b2c3d', label: 'status page', createdAt: '2026-07-14T09:30:00.000Z', lastUsedAt: null, revokedAt: null, key: EXAMPLE_KEY },
    ],
  });

export const KeyListSchema = z.array(KeyRecordSchema);
export const CreateKeyRequestSchema = z.strictObject({
  label: z.string().meta({
    description:
      '1 to 64 characters after trimming, at least one visible; no control characters, line breaks or bidirectional controls. Stored trimmed.',
  }),
});

export type PlayerRow = z.infer<typeof PlayerSchema>;
export type PalRow = z.infer<typeof PalSchema>;
export type PalWithOwnerRow = z.infer<typeof PalWithOwnerSchema>;
export type GuildRow = z.infer<typeof GuildSchema>;
export type BaseRow = z.infer<typeof BaseSchema>;
export type MapDataset = z.infer<typeof MapDatasetSchema>;
export type ServerStatus = z.infer<typeof ServerStatusSchema>;
export type Metrics = z.infer<typeof MetricsSchema>;
export type WorldSummary = z.infer<typeof WorldSummarySchema>;
export type WorldWorkers = z.infer<typeof WorldWorkersSchema>;
export type WorkerRow = z.infer<typeof WorkerSchema>;
export type EventRow = z.infer<typeof EventSchema>;

/** Names of the OpenAPI document's response components (request bodies are named after their
 * route's operationId: `LoginRequest`, `CreateKeyRequest`). */
export const COMPONENTS = {
  Error: ErrorSchema,
  Talents: TalentsSchema,
  Pal: PalSchema,
  PalWithOwner: PalWithOwnerSchema,
  Player: PlayerSchema,
  PlayerDetail: PlayerDetailSchema,
  Base: BaseSchema,
  Guild: GuildSchema,
  MapLayer: MapLayerSchema,
  MapDataset: MapDatasetSchema,
  ServerStatus: ServerStatusSchema,
  Metrics: MetricsSchema,
  WorldCounts: WorldCountsSchema,
  WorldActivity: WorldActivitySchema,
  WorldSummary: WorldSummarySchema,
  Worker: WorkerSchema,
  WorldWorkers: WorldWorkersSchema,
  Event: EventSchema,
  PlayersPage: PlayersPageSchema,
  PalsPage: PalsPageSchema,
  PlayerDetailEnvelope: PlayerDetailEnvelopeSchema,
  GuildsEnvelope: GuildsEnvelopeSchema,
  MapEnvelope: MapEnvelopeSchema,
  ServerEnvelope: ServerEnvelopeSchema,
  MetricsEnvelope: MetricsEnvelopeSchema,
  WorldSummaryEnvelope: WorldSummaryEnvelopeSchema,
  WorldWorkersEnvelope: WorldWorkersEnvelopeSchema,
  EventsEnvelope: EventsEnvelopeSchema,
  User: UserSchema,
  KeyRecord: KeyRecordSchema,
  KeyCreated: KeyCreatedSchema,
  KeyList: KeyListSchema,
} as const;
export type KeyRecord = z.infer<typeof KeyRecordSchema>;
export type Talents = z.infer<typeof TalentsSchema>;
export type WorldCounts = z.infer<typeof WorldCountsSchema>;
