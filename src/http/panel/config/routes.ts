import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { get, raw, put, apply } from './handlers.js';

export function configRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('getConfig', { 200: { description: 'OK', headers: ['ETag'] } }),
        needs: 'config',
        summary:
          "The game settings with type, default, range and description (passwords only as set or not), each beside the value the running game reports; the file's version as the ETag",
        errors: { 409: '`conflict`: the file cannot be read.' },
        handler: get,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('getConfigRaw', { 200: 'OK' }),
        needs: 'config',
        summary: 'The deployment file as text, passwords masked',
        handler: raw,
      }),
      route({
        ...operation('updateConfig', {
          200: { description: "The settings now, and the names changed; the file's new version as the ETag.", headers: ['ETag'] },
        }),
        needs: 'config',
        summary: 'Change settings; checked against their types and ranges, written atomically, the previous file kept',
        headerParameters: [
          {
            name: 'If-Match',
            description:
              'The file\'s version as `GET /config` gave it in its `ETag` (`"<hash>"`, or `*`): the change is made only if the file is still that version (412 otherwise). Without it the change is made whatever the version.',
          },
        ],
        errors: {
          400: '`invalid_request`: a value out of its range or of the wrong type, or one that would write another setting (the message names the setting).',
          412: '`precondition_failed`: the file has changed since the version `If-Match` names (another admin saved, or it was edited by hand); nothing was written.',
        },
        handler: put,
      }),
      route({
        ...operation('applyConfig', {}),
        summary: 'Apply the settings: 501, with what to run in the message (the same words as `apply` in GET /config)',
        errors: {
          501: '`not_implemented`: palpanel restarts nothing itself; the message says what makes the game use the file (for a compose file `docker compose up -d <service>`).',
        },
        handler: apply,
      }),
    ]),
  ];
}
