// The WorldOption.sav report as the config and health routes answer it (ingest/world-option.ts).
import { z } from 'zod';

export const WorldOptionSchema = z
  .strictObject({
    present: z.boolean().meta({ description: 'The followed world folder holds a WorldOption.sav.' }),
    settings: z
      .array(z.string())
      .nullable()
      .meta({ description: 'The settings it holds, which the game takes from it; null when it cannot be read (any may be).' }),
    words: z.string().meta({ description: 'What it means for the settings file, in words.' }),
  })
  .nullable()
  .meta({
    description:
      'WorldOption.sav overrides PalWorldSettings.ini for the settings it holds; null while no world folder is known (no save folder, or none yet).',
  });
