// The path parameter of the panel's Integration key routes. A segment that fails its grammar is a
// 404, like an unknown id, without a lookup. It carries an example (documentation, and the
// route-table test builds its requests from it).
import { z } from 'zod';
import { KEY_ID_PATTERN } from '../integration-rows.js';

export const KeyPath = z.object({
  id: z
    .string()
    .regex(new RegExp(KEY_ID_PATTERN))
    .meta({ description: 'The key id (8 lowercase hex digits).', examples: ['0a1b2c3d'] }),
});
