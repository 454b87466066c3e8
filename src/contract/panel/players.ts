// Shapes of the panel's players and moderation routes (issue 11): the viewer's full player
// fields (the Integration API's redaction table removes platform id, accountName, ping, live
// location, banned, whitelisted and sessions), bans, guilds and the whitelist.
import { z } from 'zod';
import { dataOf, pageOf } from '../envelopes.js';
import { cursorParam, limitParam } from '../page-params.js';
import { LabelledGuildSchema, NamedPalSchema, NamedPalWithOwnerSchema } from '../named-rows.js';
import { ActivitySchema, GameDataStateSchema, PlayerSchema, Timestamp, UID_PATTERN } from '../integration-rows.js';

export const PanelPlayerPath = z.object({
  uid: z
    .string()
    .regex(new RegExp(UID_PATTERN))
    .meta({ description: 'The save uid of the player (dashed).', examples: ['00000000-0000-0000-0000-000000000001'] }),
});

export const PanelPlayersQuery = z.strictObject({
  limit: limitParam(100, 500, 'Page size'),
  cursor: cursorParam,
  online: z.enum(['true', 'false']).optional().meta({ description: '`true`: online players only; `false`: offline only; absent: all.' }),
  search: z.string().max(64).optional().meta({ description: 'Case-insensitive part of the player name.' }),
});

const Location = z.strictObject({ x: z.number(), y: z.number() }).nullable();

const panelPlayerFields = {
  ...PlayerSchema.shape,
  userId: z.string().nullable().meta({
    description:
      'Platform user id (`steam_…`, `gdk_…`, `ps5_…`) as the game last listed it; null when the panel never saw the player online.',
  }),
  accountName: z.string().nullable(),
  ping: z.number().nullable().meta({ description: 'While online, else null.' }),
  location: Location.meta({ description: 'Live position while online, else null.' }),
  banned: z.boolean().meta({ description: 'Banned through the panel.' }),
  whitelisted: z.boolean().meta({ description: 'On the whitelist (by platform id or save uid), whether or not it is switched on.' }),
};
export const PanelPlayerSchema = z.strictObject(panelPlayerFields);
export const PanelPlayersPageSchema = pageOf(PanelPlayerSchema);

const SessionSpan = z.strictObject({ startedAt: Timestamp, endedAt: Timestamp.nullable(), lastSeenAt: Timestamp });
export const PanelPlayerDetailSchema = dataOf(
  z.strictObject({
    ...panelPlayerFields,
    sessions: z.array(SessionSpan).meta({ description: 'Online sessions the poller saw, newest first (at most 100).' }),
    pals: z.array(NamedPalSchema),
    guild: LabelledGuildSchema.nullable(),
  }),
);

/** Kick, ban and unban: `reason` is optional, so the body may be left out whole (no body, or an
 * empty one) as well as be `{}`. */
export const ModerationRequestSchema = z
  .strictObject({
    reason: z.string().max(200).optional().meta({ description: 'Shown to the player by the game (kick, ban) and kept in the audit log.' }),
  })
  .optional();

/** A ban: as a kick, and `replace` to replace a ban already there (else 409 says since when and why). */
export const BanRequestSchema = z
  .strictObject({
    reason: z.string().max(200).optional().meta({ description: 'Shown to the player by the game and kept in the audit log.' }),
    replace: z.boolean().optional().meta({
      description:
        'A player already banned keeps the first ban (its reason and time) and the answer is 409 `conflict` saying since when and why; `true` replaces it with this one.',
    }),
  })
  .optional();

export const BanSchema = z.strictObject({
  userId: z.string(),
  uid: z.string().nullable().meta({ description: 'Save uid key (no dashes) when known.' }),
  name: z.string(),
  reason: z.string().nullable(),
  bannedAt: Timestamp,
  bannedBy: z.string(),
});
export const BanEnvelopeSchema = dataOf(BanSchema);
export const BanListSchema = dataOf(z.array(BanSchema));
export const PanelGuildsSchema = dataOf(z.array(LabelledGuildSchema));

export const WhitelistEntrySchema = z.strictObject({
  id: z.string().max(128).meta({ description: 'A platform user id (`steam_…`, `gdk_…`, `ps5_…`) or a save uid.' }),
  note: z.string().max(200),
});
export const WhitelistSchema = z.strictObject({ enabled: z.boolean(), entries: z.array(WhitelistEntrySchema).max(5000) });
export const AnnouncementsSchema = z.strictObject({
  enabled: z.boolean().meta({ description: 'Off by default.' }),
  joinTemplate: z
    .string()
    .max(200)
    .meta({ description: '`{name}` is replaced by the player name.', examples: ['{name} joined the server'] }),
  leaveTemplate: z
    .string()
    .max(200)
    .meta({ examples: ['{name} left the server'] }),
});
export const AnnouncementsEnvelopeSchema = dataOf(AnnouncementsSchema);
/** The whitelist as read: its entries, and the players they name where palpanel knows them
 * (issue 38: a row reads with a name beside the platform id). `known` is never sent back. */
export const WhitelistViewSchema = WhitelistSchema.extend({
  known: z
    .array(
      z.strictObject({
        id: z.string().meta({ description: "The entry's id as listed." }),
        uid: z.string().nullable().meta({ description: 'The save uid key of the player it names, when known.' }),
        name: z.string().meta({ description: 'The player name the save, the game or a ban last gave.' }),
      }),
    )
    .meta({ description: 'Entries whose player palpanel knows: the name beside the id. Not part of PUT /whitelist.' }),
});
export const WhitelistEnvelopeSchema = dataOf(WhitelistViewSchema);

// ---- The Paldeck, the guild page and the whitelist from the player (issue: players, pals,
// guilds and the map as players talk about them) ----

export const PaldeckEnvelopeSchema = dataOf(
  z.strictObject({
    uid: z.string(),
    name: z.string(),
    recorded: z.boolean().meta({
      description:
        "False when the player's own save (Players/<uid>.sav) was missing or unreadable at the last parse: every row is then locked.",
    }),
    species: z.array(
      z.strictObject({
        key: z.string().meta({ description: "The save's key (`SheepBall`), or the species table's key for a species no save names." }),
        name: z.string(),
        unlocked: z.boolean(),
        captured: z.number().int().min(0),
        unlockedBy: z.number().int().min(0).meta({ description: 'How many players of the server have this species unlocked.' }),
      }),
    ),
    totals: z.strictObject({
      unlocked: z.number().int().min(0),
      capturedSpecies: z.number().int().min(0),
      captureTotal: z.number().int().min(0),
    }),
    server: z.strictObject({
      players: z.number().int().min(0),
      playersRecorded: z.number().int().min(0).meta({ description: 'Players whose own save was read.' }),
      speciesUnlocked: z.number().int().min(0).meta({ description: 'Species at least one player has unlocked.' }),
      captureTotal: z.number().int().min(0),
    }),
  }),
);

export const PanelGuildPath = z.object({
  id: z
    .string()
    .regex(/^[0-9A-Fa-f-]{32,36}$/)
    .meta({ description: 'The guild id as /guilds gives it.', examples: ['3A4F4CE7-4D7F-3070-5078-868109F7E02A'] }),
});

const XY = z.strictObject({ x: z.number(), y: z.number() });
export const GuildDetailEnvelopeSchema = dataOf(
  z.strictObject({
    id: z.string(),
    name: z.string().meta({ description: "The save's own name." }),
    displayName: z.string().meta({ description: 'As the Guilds list shows it (views/guild-labels.ts).' }),
    adminUid: z.string(),
    members: z.array(
      z.strictObject({
        uid: z.string(),
        name: z.string(),
        isAdmin: z.boolean(),
        inSave: z.boolean().meta({ description: 'False for a member record without a player in the save.' }),
        online: z.boolean(),
        level: z.number().int().nullable(),
        lastSeenAt: Timestamp.nullable(),
      }),
    ),
    bases: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string().nullable(),
        displayName: z.string(),
        level: z.number().int(),
        location: XY.nullable().meta({ description: 'World units (Unreal cm).' }),
        map: XY.nullable().meta({ description: 'In-game map coordinates.' }),
        workers: z.array(
          z.strictObject({
            instanceId: z.string(),
            characterId: z.string(),
            displayName: z.string(),
            level: z.number().int(),
            ownerUid: z.string(),
            ownerName: z.string(),
            live: z
              .strictObject({ active: z.boolean(), activity: ActivitySchema, hpPercent: z.number() })
              .nullable()
              .meta({ description: 'From the game-data poller; null when it is off or does not see this pal now.' }),
          }),
        ),
      }),
    ),
    pals: z.array(NamedPalWithOwnerSchema),
    gameData: GameDataStateSchema,
    liveAt: Timestamp.nullable(),
  }),
);

export const WhitelistImpactEnvelopeSchema = dataOf(
  z.strictObject({
    reachable: z.boolean().meta({ description: 'False when the game does not answer: nobody is known to be online.' }),
    kicks: z
      .array(
        z.strictObject({
          uid: z.string().meta({ description: 'The REST playerId (the save uid without dashes).' }),
          name: z.string(),
          userId: z.string().meta({ description: 'Empty while the game has not listed it yet (the kick follows once it does).' }),
        }),
      )
      .meta({ description: 'Players online now who are not on the given whitelist.' }),
  }),
);

export const PlayerWhitelistEnvelopeSchema = dataOf(
  z.strictObject({ uid: z.string(), whitelisted: z.boolean(), ids: z.array(z.string()), enabled: z.boolean() }),
);

/** What a kick or an unban answers: who, and what the game did. */
export const ActionResultSchema = dataOf(
  z.strictObject({ uid: z.string(), userId: z.string(), kicked: z.boolean().optional(), banned: z.boolean().optional() }),
);

export type WhitelistEntry = z.output<typeof WhitelistEntrySchema>;
export type Whitelist = z.output<typeof WhitelistSchema>;
export type WhitelistView = z.output<typeof WhitelistViewSchema>;
export type Announcements = z.output<typeof AnnouncementsSchema>;
