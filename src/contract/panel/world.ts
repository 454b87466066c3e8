// Response shapes of the panel's world and map routes (issue 11): the last parse and the save
// watcher, a parse on request, the live snapshot for the live map, and the map dataset.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { ACTIVITIES, GAME_DATA_STATES } from '../vocabulary.js';
import { MapDatasetSchema, Timestamp, WorldSummarySchema, WorldWorkersSchema } from '../integration-rows.js';

const NonNegInt = z.number().int().min(0);

/** At most this many drift warnings are listed (their count is always given). */
export const WARNINGS_SHOWN = 50;

export const ParseRunSchema = z.strictObject({
  finishedAt: Timestamp,
  ok: z.boolean(),
  error: z.string().nullable().meta({ description: 'Why it failed, in words; null when it succeeded (the last good world stays served).' }),
  durationMs: z.number().min(0),
  levelSavBytes: NonNegInt.nullable(),
  trigger: z.enum(['watcher', 'manual']),
});

export const FollowedWorldSchema = z
  .strictObject({
    id: z.string().nullable().meta({ description: "The world's folder name: the world id the game uses; null when none is followed." }),
    how: z.enum(['configured', 'game', 'only']).nullable().meta({
      description:
        '`configured`: SERVICE_SAVE_DIR is the world folder; `game`: the world the game reports running; `only`: the only world below SERVICE_SAVE_DIR.',
    }),
    worlds: NonNegInt.meta({ description: 'How many worlds are below SERVICE_SAVE_DIR.' }),
  })
  .nullable()
  .meta({ description: 'The world folder palpanel follows (backups and restores touch only it); null when no save folder is configured.' });

export const FreshnessSchema = z
  .strictObject({
    servedSaveAt: Timestamp.nullable().meta({ description: 'When the game wrote the save the served world comes from (this run).' }),
    newestSaveAt: Timestamp.nullable().meta({ description: 'When the game wrote the newest Level.sav on disk.' }),
    behindSec: NonNegInt.nullable().meta({ description: 'How far the served world is behind the newest save on disk.' }),
    stale: z.boolean().meta({ description: "Behind by more than two autosaves (60 s at the game's default AutoSaveSpan)." }),
    words: z.string(),
  })
  .nullable()
  .meta({ description: 'How old the served world is against the newest save on disk; null when no save folder is configured.' });

export const WorldStatusSchema = z.strictObject({
  saveWatcher: z.strictObject({
    enabled: z.boolean().meta({ description: 'False when no save folder is configured (SERVICE_SAVE_DIR).' }),
    running: z.boolean().meta({ description: 'A parse is running now.' }),
    checkIntervalSec: z.number().min(0).nullable(),
    nextCheckAt: Timestamp.nullable().meta({
      description: 'When the watcher looks at Level.sav next; null while a check runs or when not watching.',
    }),
    problem: z.string().nullable().meta({
      description:
        'Why the save is not parsed now (the folder missing or unreadable, no Level.sav, a failed parse), in words; null when it is fine. The last good world stays served.',
    }),
    world: FollowedWorldSchema,
    freshness: FreshnessSchema,
  }),
  lastParseAt: Timestamp.nullable().meta({ description: 'When the world now served was parsed (kept across restarts); null before any.' }),
  counts: z.strictObject({ players: NonNegInt, pals: NonNegInt, guilds: NonNegInt }),
  format: z
    .strictObject({ container: z.string(), gameVersion: z.string() })
    .nullable()
    .meta({ description: "Level.sav's container (PlZ2, PlM1, …) and the game version inferred from it." }),
  worldName: z.string().nullable(),
  day: NonNegInt.nullable(),
  formatDrift: z.boolean().meta({ description: 'The parser met layouts it does not know: some fields may be missing.' }),
  driftSummary: z.string().meta({ description: 'The drift state in words.' }),
  warningCount: NonNegInt,
  warnings: z
    .array(z.strictObject({ message: z.string(), path: z.string(), file: z.string().nullable() }))
    .meta({ description: `What the parser could not read, in words (the first ${WARNINGS_SHOWN}).` }),
  lastAttempt: ParseRunSchema.nullable().meta({ description: "This run's last parse attempt, successful or not, with its duration." }),
});
export const WorldStatusEnvelopeSchema = dataOf(WorldStatusSchema);
export const ParseRunEnvelopeSchema = dataOf(ParseRunSchema);

const XY = z.strictObject({ x: z.number(), y: z.number() });
const Placed = {
  world: XY.meta({ description: 'World units (Unreal cm), as the save and the REST API give them.' }),
  map: XY.meta({ description: 'In-game map coordinates (see `coordinates`).' }),
  area: z
    .string()
    .nullable()
    .meta({ description: 'The id of the texture layer whose bounds hold the point (`palpagos`, `world-tree`); null when outside both.' }),
};

export const PanelMapDatasetSchema = z.strictObject({
  map: MapDatasetSchema.meta({ description: "The map's texture layers (the Integration API's `/map` data)." }),
  coordinates: z.string().meta({ description: 'How map coordinates follow from world units, in words and formula.' }),
  lastParseAt: Timestamp.nullable().meta({ description: 'The parse the bases come from.' }),
  capturedAt: Timestamp.nullable().meta({ description: 'The poll the player positions come from; null while the game is not read.' }),
  tileUrl: z.string().nullable().meta({
    description:
      'The map tile URL template ({z}/{x}/{y}, a 256-pixel pyramid of the main layer): `/map-tiles/{z}/{x}/{y}.png` (or .webp, .jpg) when the host set SERVICE_MAP_TILES_DIR (palpanel serves that folder), else SERVICE_MAP_TILE_URL; null: none (palpanel ships no tiles).',
  }),
  layers: z.strictObject({
    bases: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string().nullable().meta({ description: "The base's own name; null when never renamed." }),
        displayName: z.string().meta({ description: 'The own name, else "<guild> base <n>" (the guild list\'s numbering).' }),
        level: NonNegInt,
        guildId: z.string(),
        guildName: z.string().meta({ description: 'The guild\'s display name ("<leader>\'s guild" when the save has none).' }),
        ...Placed,
      }),
    ),
    players: z.array(
      z.strictObject({
        playerId: z.string(),
        name: z.string(),
        level: NonNegInt,
        guildId: z.string().nullable(),
        guildName: z.string().nullable(),
        ...Placed,
      }),
    ),
  }),
});
export const PanelMapDatasetEnvelopeSchema = dataOf(PanelMapDatasetSchema);

const Named = { guildId: z.string().nullable(), guildName: z.string().nullable() };
export const WorldSnapshotSchema = z.strictObject({
  gameData: z
    .enum(GAME_DATA_STATES)
    .meta({ description: "The game-data poller's state (`disabled` without it: then players come from the REST poller)." }),
  capturedAt: Timestamp.nullable(),
  playersFrom: z.enum(['game-data', 'rest']),
  players: z.array(z.strictObject({ name: z.string(), level: NonNegInt, ...Named, ...Placed })),
  pals: z.array(
    z.strictObject({
      kind: z.enum(['partyPal', 'basePal']),
      characterId: z.string(),
      name: z.string(),
      level: NonNegInt,
      hp: z.number().min(0),
      maxHp: z.number().min(0),
      activity: z.enum(ACTIVITIES),
      trainerName: z.string().nullable(),
      ...Named,
      ...Placed,
    }),
  ),
  npcs: z.array(z.strictObject({ name: z.string(), level: NonNegInt, ...Placed })),
  palBoxes: z.array(z.strictObject({ name: z.string(), ...Named, ...Placed })),
  wildPals: NonNegInt.meta({ description: 'Wild pals are counted, not listed.' }),
});
export const WorldSnapshotEnvelopeSchema = dataOf(WorldSnapshotSchema);

/** The world summary and the base workers as a key holder gets them (spec: World summary, Base
 * workers), for a viewer (interface.md: a viewer sees every value a key holder sees). */
export const PanelWorldSummaryEnvelopeSchema = dataOf(WorldSummarySchema);
export const PanelWorldWorkersEnvelopeSchema = dataOf(WorldWorkersSchema);

export type ParseRun = z.output<typeof ParseRunSchema>;
/** The world folder followed, without its path (viewers read it). */
export type FollowedWorld = NonNullable<z.output<typeof FollowedWorldSchema>>;
/** How old the served world is against the newest save on disk, with its words. */
export type FreshnessState = NonNullable<z.output<typeof FreshnessSchema>>;
/** The same, before it is put in words. */
export type Freshness = Omit<FreshnessState, 'words'>;
