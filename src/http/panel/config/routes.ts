// The panel's configuration routes (spec: Configuration; issue 13) over the deployment file
// (SERVICE_CONFIG_FILE). A viewer reads the settings; an admin reads the file and changes it.
// Applying a change means restarting the game server, which palpanel does not do itself: the
// apply route answers 501 with the command in its message (interface.md).
import { z } from 'zod';
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { get, raw, put, apply } from './handlers.js';
import { ConfigSchema, UpdateRequest } from './schemas.js';

export function configRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/config',
        operationId: 'getConfig',
        needs: 'config',
        summary: 'The game settings with type, default, range and description (passwords only as set or not)',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: ConfigSchema }) } },
        errors: { 409: '`conflict`: the file cannot be read.' },
        handler: get,
      }),
    ]),
    ...adminOnly([
      route({
        method: 'GET',
        path: '/config/raw',
        operationId: 'getConfigRaw',
        needs: 'config',
        summary: 'The deployment file as text, passwords masked',
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.strictObject({ text: z.string() }) }) } },
        handler: raw,
      }),
      route({
        method: 'PUT',
        path: '/config',
        operationId: 'updateConfig',
        needs: 'config',
        summary: 'Change settings; checked against their types and ranges, written atomically, the previous file kept',
        request: { body: UpdateRequest },
        responses: {
          200: {
            description: 'The settings now, and the names changed.',
            schema: z.strictObject({ data: ConfigSchema.extend({ changed: z.array(z.string()) }) }),
          },
        },
        errors: { 400: '`invalid_request`: a value out of its range or of the wrong type (the message names the setting).' },
        handler: put,
      }),
      route({
        method: 'POST',
        path: '/config/apply',
        operationId: 'applyConfig',
        summary: 'Apply the settings: 501, with the manual command in the message',
        responses: {},
        errors: { 501: '`not_implemented`: restart the game server; the message says how.' },
        handler: apply,
      }),
    ]),
  ];
}
