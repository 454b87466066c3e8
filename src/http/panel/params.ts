// Path parameters of the panel routes. A segment that fails its grammar is a 404, like an
// unknown id, without a lookup.
import { z } from 'zod';
import { KEY_ID_PATTERN } from '../schemas.js';

export const KeyPath = z.object({ id: z.string().regex(new RegExp(KEY_ID_PATTERN)).meta({ description: 'The key id (8 lowercase hex digits).' }) });
