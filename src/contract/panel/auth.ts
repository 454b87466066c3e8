// What the open `GET /auth/setup` answers: whether any panel user exists, and nothing more.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';

export const SetupStateSchema = dataOf(
  z.strictObject({
    usersExist: z.boolean().meta({
      description:
        'Whether any panel user exists. false: make the first admin on the server with `palpanel users add <name> --role admin`.',
    }),
  }),
);
