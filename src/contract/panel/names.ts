// The shapes of the panel's game-names route: the game's own names (species, skills, elements,
// work suitability) in one of the web UI's languages, for the UI to show in place of the English
// names the other routes give. The tables are the project's (assets/names/README.md).
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { UI_LANGUAGES, type UiLanguage } from '../languages.js';

/** The languages the name tables come in: the web UI's (interface.md, "Language"), BCP 47 tags. */
export const NAME_LANGUAGES = UI_LANGUAGES;
export type NameLanguage = UiLanguage;

/** What a name table names; the item names join as `item` (assets/names/README.md). */
export const NAME_KINDS = ['species', 'passive', 'active', 'element', 'work'] as const;
export type NameTableKind = (typeof NAME_KINDS)[number];

const LANGUAGE_SET = new Set<string>(NAME_LANGUAGES);
export const isNameLanguage = (x: unknown): x is NameLanguage => typeof x === 'string' && LANGUAGE_SET.has(x);

export const NamesPath = z.strictObject({
  // Any tag-like word: a language the tables lack is answered 404 with the list of those they have.
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/)
    .meta({ description: `A language tag: ${NAME_LANGUAGES.map((l) => `\`${l}\``).join(', ')}.`, examples: ['ja'] }),
});

const Table = z
  .record(z.string(), z.string())
  .meta({ description: '`{ "<id, lower-case, without an enum prefix like EPalWazaID::>": "<the game\'s name>" }`.' });

export const GameNamesSchema = dataOf(
  z.strictObject({
    language: z.enum(NAME_LANGUAGES),
    species: Table.meta({ description: 'Pals and the humans a player can capture, by species id without `BOSS_`/`GYM_`/`PREDATOR_`.' }),
    passive: Table.meta({ description: 'Passive skills (`PAL_CorporateSlave` → `pal_corporateslave`).' }),
    active: Table.meta({ description: 'Active skills (`EPalWazaID::FireBall` → `fireball`).' }),
    element: Table.meta({ description: 'Elements (`Fire`, `Leaf`, `Earth`, …).' }),
    work: Table.meta({ description: 'Work suitability (`EmitFlame`, `Handcraft`, …).' }),
  }),
);
export type GameNames = z.infer<typeof GameNamesSchema>['data'];
