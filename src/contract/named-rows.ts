// The panel's readable forms of the save rows: pals with their skills named and captured humans
// flagged, guilds and bases with display names. Panel-only: the Integration API keeps the spec's
// rows (integration-rows.ts), where skills are ids and guild and base names are the save's own.
import { z } from 'zod';
import { BaseSchema, GuildSchema, PalSchema, PalWithOwnerSchema } from './integration-rows.js';

export const SkillNameSchema = z.strictObject({
  id: z.string().meta({ description: 'The id as the save gives it.' }),
  name: z.string().meta({ description: "The game's English name; the id itself when `known` is false." }),
  known: z.boolean().meta({ description: "False when the panel's name tables do not know the id (shown as-is)." }),
});

const namedPalFields = {
  isHuman: z.boolean().meta({ description: 'A captured human NPC, not a pal species; `displayName` then reads `Human: …`.' }),
  passiveSkills: z.array(SkillNameSchema).meta({ description: '`passiveSkillIds` with their names, in the same order.' }),
  equippedSkills: z.array(SkillNameSchema).meta({ description: '`equippedSkillIds` with their names, in the same order.' }),
};

/** A pal of a player's page in the panel. */
export const NamedPalSchema = PalSchema.extend(namedPalFields);
/** A row of the panel's pal browser. */
export const NamedPalWithOwnerSchema = PalWithOwnerSchema.extend(namedPalFields);

export const LabelledBaseSchema = BaseSchema.extend({
  displayName: z.string().meta({ description: 'The base\'s own name, else "<guild display name> base <n>" (n in id order).' }),
  map: z
    .strictObject({ x: z.number(), y: z.number() })
    .nullable()
    .meta({ description: 'In-game map coordinates of `location`; null when it is.' }),
});

export const LabelledGuildSchema = GuildSchema.extend({
  displayName: z
    .string()
    .meta({ description: 'The guild\'s own name, else "<leader>\'s guild" (with an id tag when two would read alike).' }),
  bases: z.array(LabelledBaseSchema),
});

export type NamedPalRow = z.infer<typeof NamedPalSchema>;
export type NamedPalWithOwnerRow = z.infer<typeof NamedPalWithOwnerSchema>;
export type LabelledGuildRow = z.infer<typeof LabelledGuildSchema>;
export type SkillName = z.infer<typeof SkillNameSchema>;
