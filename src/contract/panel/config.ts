// The shapes of the panel's config routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { WorldOptionSchema } from './world-option.js';
import { SETTING_GROUP_IDS } from '../setting-group-words.js';

export const Value = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const Setting = z.strictObject({
  key: z.string(),
  value: Value.meta({ description: 'null for a password (see isSet).' }),
  known: z.boolean(),
  type: z.enum(['float', 'int', 'bool', 'enum', 'string', 'list', 'text']),
  default: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  values: z.array(z.string()).nullable(),
  description: z
    .string()
    .nullable()
    .meta({ description: 'One line on what the setting does, in palpanel’s words; null for a key palpanel does not know.' }),
  name: z
    .string()
    .nullable()
    .meta({ description: 'The setting’s readable name (`Experience` for ExpRate); null for a key palpanel does not know.' }),
  group: z
    .enum(SETTING_GROUP_IDS)
    .nullable()
    .meta({ description: 'The group it belongs to (see `groups`); null for a key palpanel does not know.' }),
  secret: z.boolean(),
  isSet: z.boolean().nullable(),
  locked: z.string().nullable().meta({
    description:
      "Why palpanel does not rewrite this value, in words (a compose file's `${VAR}`, a YAML alias or block scalar, a variable without a value); null: it can be changed.",
  }),
  effective: Value.meta({
    description:
      "The value the running game reports for this setting (its REST `/v1/api/settings`, read at most once a minute): it differs from `value` until the game starts again with the file's. null when the game does not report it (a variable that writes no game setting, a secret) or does not answer (see `effectiveFrom`).",
  }),
  worldOption: z.enum(['overrides', 'may_override']).nullable().meta({
    description:
      "`overrides`: the world's WorldOption.sav holds this setting, so the game takes it from there, not from this file; `may_override`: that file cannot be read; null: this file's value applies.",
  }),
});

export const ApplySchema = z
  .strictObject({
    target: z.enum(['ini', 'env', 'compose']),
    command: z
      .string()
      .nullable()
      .meta({ description: 'The command to run where one does it; null for an ini (it depends on how the game runs).' }),
    words: z.string(),
  })
  .meta({
    description: "What makes the game use the file's values (palpanel restarts nothing itself); POST /config/apply answers the same words.",
  });

export const ConfigSchema = z.strictObject({
  format: z.enum(['ini', 'env', 'compose']).meta({
    description:
      "`ini`: the game's PalWorldSettings.ini; `env`: palworld-server-docker's env file; `compose`: the `environment:` block of one service of a docker compose file.",
  }),
  file: z.string(),
  service: z
    .string()
    .nullable()
    .meta({ description: 'A compose file: the service whose environment block is edited (SERVICE_CONFIG_COMPOSE_SERVICE).' }),
  version: z.string().meta({
    description: "The file's version (a hash of its bytes), as the `ETag` header carries it in quotes; send it back as `If-Match`.",
  }),
  apply: ApplySchema,
  effectiveFrom: z.enum(['game', 'unreachable', 'not_configured']).meta({
    description:
      'Where the `effective` values come from: `game`, its REST API; `unreachable`: the game did not answer (every `effective` is null); `not_configured`: palpanel has no game URL (SERVICE_GAME_REST_URL).',
  }),
  worldOption: WorldOptionSchema,
  groups: z
    .array(z.strictObject({ id: z.enum(SETTING_GROUP_IDS), title: z.string(), about: z.string() }))
    .meta({ description: 'The groups of the settings a host thinks in, in the order to show them, each with a line on what it decides.' }),
  settings: z.array(Setting),
});

export const UpdateRequest = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,80}$/), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
  .meta({
    description: 'Setting names as the file spells them, to their new values; only those that change.',
    examples: [{ ExpRate: 2, bIsPvP: false }],
  });
