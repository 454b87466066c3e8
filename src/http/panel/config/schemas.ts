// The shapes of the panel's config routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { WorldOptionSchema } from '../world-option-schema.js';

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
  description: z.string().nullable(),
  secret: z.boolean(),
  isSet: z.boolean().nullable(),
  worldOption: z.enum(['overrides', 'may_override']).nullable().meta({
    description:
      "`overrides`: the world's WorldOption.sav holds this setting, so the game takes it from there, not from this file; `may_override`: that file cannot be read; null: this file's value applies.",
  }),
});

export const ConfigSchema = z.strictObject({
  format: z.enum(['ini', 'env']),
  file: z.string(),
  worldOption: WorldOptionSchema,
  settings: z.array(Setting),
});

export const UpdateRequest = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,80}$/), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
  .meta({
    description: 'Setting names as the file spells them, to their new values; only those that change.',
    examples: [{ ExpRate: 2, bIsPvP: false }],
  });
