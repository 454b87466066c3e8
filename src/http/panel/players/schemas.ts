// Shapes of the panel's players and moderation routes (issue 11): the viewer's full player
// fields (the Integration API's redaction table removes platform id, accountName, ping, live
// location, banned, whitelisted and sessions), bans, guilds and the whitelist.
import { z } from 'zod';
import { cursorParam, limitParam } from '../../routes/page-params.js';
import { LabelledGuildSchema, NamedPalSchema } from '../../../rows/named-schemas.js';
import { PlayerSchema, Timestamp, UID_PATTERN } from '../../../rows/schemas.js';

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
export const PanelPlayersPageSchema = z.strictObject({ data: z.array(PanelPlayerSchema), nextCursor: z.string().nullable() });

const SessionSpan = z.strictObject({ startedAt: Timestamp, endedAt: Timestamp.nullable(), lastSeenAt: Timestamp });
export const PanelPlayerDetailSchema = z.strictObject({
  data: z.strictObject({
    ...panelPlayerFields,
    sessions: z.array(SessionSpan).meta({ description: 'Online sessions the poller saw, newest first (at most 100).' }),
    pals: z.array(NamedPalSchema),
    guild: LabelledGuildSchema.nullable(),
  }),
});

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
export const BanEnvelopeSchema = z.strictObject({ data: BanSchema });
export const BanListSchema = z.strictObject({ data: z.array(BanSchema) });
export const PanelGuildsSchema = z.strictObject({ data: z.array(LabelledGuildSchema) });

const WhitelistEntrySchema = z.strictObject({
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
export const AnnouncementsEnvelopeSchema = z.strictObject({ data: AnnouncementsSchema });
export const WhitelistEnvelopeSchema = z.strictObject({ data: WhitelistSchema });
