// The panel's configuration routes (spec: Configuration; issues 13 and 27) over the deployment
// file (SERVICE_CONFIG_FILE). A viewer reads the settings; an admin reads the file and changes it,
// naming the version read (`If-Match`) so that two admins cannot overwrite each other (412).
// Applying a change means restarting (or re-creating) the game server, which palpanel does not do
// itself: the apply route answers 501 with the words for the file's kind (interface.md).
import { z } from 'zod';
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { get, raw, put, apply } from './handlers.js';
import { ConfigSchema, UpdateRequest } from '../../../contract/panel/config.js';

export function configRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/config',
        operationId: 'getConfig',
        needs: 'config',
        summary:
          "The game settings with type, default, range and description (passwords only as set or not), each beside the value the running game reports; the file's version as the ETag",
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: ConfigSchema }), headers: ['ETag'] } },
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
        headerParameters: [
          {
            name: 'If-Match',
            description:
              'The file\'s version as `GET /config` gave it in its `ETag` (`"<hash>"`, or `*`): the change is made only if the file is still that version (412 otherwise). Without it the change is made whatever the version.',
          },
        ],
        responses: {
          200: {
            description: "The settings now, and the names changed; the file's new version as the ETag.",
            schema: z.strictObject({ data: ConfigSchema.extend({ changed: z.array(z.string()) }) }),
            headers: ['ETag'],
          },
        },
        errors: {
          400: '`invalid_request`: a value out of its range or of the wrong type, or one that would write another setting (the message names the setting).',
          412: '`precondition_failed`: the file has changed since the version `If-Match` names (another admin saved, or it was edited by hand); nothing was written.',
        },
        handler: put,
      }),
      route({
        method: 'POST',
        path: '/config/apply',
        operationId: 'applyConfig',
        summary: 'Apply the settings: 501, with what to run in the message (the same words as `apply` in GET /config)',
        responses: {},
        errors: {
          501: '`not_implemented`: palpanel restarts nothing itself; the message says what makes the game use the file (for a compose file `docker compose up -d <service>`).',
        },
        handler: apply,
      }),
    ]),
  ];
}
