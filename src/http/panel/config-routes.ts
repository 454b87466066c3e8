// The panel's configuration routes (spec: Configuration; issue 13) over the deployment file
// (SERVICE_CONFIG_FILE). A viewer reads the settings; an admin reads the file and changes it.
// Applying a change means restarting the game server, which palpanel does not do itself: the
// apply route answers 501 with the command in its message (interface.md).
import { z } from 'zod';
import { userActor } from '../../lib/actor.js';
import { ConflictError, NotImplementedError } from '../../lib/errors.js';
import type { ConfigPort } from '../../actions/config-port.js';
import type { HttpDeps } from '../deps.js';
import { json } from '../respond.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';

function configOf(deps: HttpDeps): ConfigPort {
  if (!deps.config) throw new ConflictError('conflict', "No deployment file is configured: set SERVICE_CONFIG_FILE to the game's PalWorldSettings.ini or palworld-server-docker's env file.");
  return deps.config;
}

const Value = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
const Setting = z.strictObject({
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
});
const ConfigSchema = z.strictObject({ format: z.enum(['ini', 'env']), file: z.string(), settings: z.array(Setting) });
const UpdateRequest = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,80}$/), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).meta({
  description: 'Setting names as the file spells them, to their new values; only those that change.',
  examples: [{ ExpRate: 2, bIsPvP: false }],
});

export const APPLY_COMMAND =
  'Restart the game server to apply the settings: for example `systemctl restart palworld` (a systemd service) or `docker compose restart palworld` (palworld-server-docker). The game reads its settings only when it starts.';

const get: PanelHandler = ({ deps }) => json(200, { data: configOf(deps).view() });
const raw: PanelHandler = ({ deps }) => json(200, { data: { text: configOf(deps).raw() } });
const put: PanelHandler<{ body: typeof UpdateRequest }> = ({ deps, body, user }) => {
  const { view, changed } = configOf(deps).update(body, userActor(user.username));
  return json(200, { data: { ...view, changed } });
};
const apply: PanelHandler = () => {
  throw new NotImplementedError(APPLY_COMMAND);
};

export function configRoutes(): PanelRoute[] {
  return [
    route({ method: 'GET', path: '/config', auth: 'session', operationId: 'getConfig', summary: 'The game settings with type, default, range and description (passwords only as set or not)', responses: { 200: { description: 'OK', schema: z.strictObject({ data: ConfigSchema }) } }, errors: { 409: '`conflict`: no SERVICE_CONFIG_FILE, or it cannot be read.' }, handler: get }),
    route({ method: 'GET', path: '/config/raw', auth: 'session', role: 'admin', operationId: 'getConfigRaw', summary: 'The deployment file as text, passwords masked', responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.strictObject({ text: z.string() }) }) } }, handler: raw }),
    route({
      method: 'PUT',
      path: '/config',
      auth: 'session',
      role: 'admin',
      operationId: 'updateConfig',
      summary: 'Change settings; checked against their types and ranges, written atomically, the previous file kept',
      request: { body: UpdateRequest },
      responses: { 200: { description: 'The settings now, and the names changed.', schema: z.strictObject({ data: ConfigSchema.extend({ changed: z.array(z.string()) }) }) } },
      errors: { 400: '`invalid_request`: a value out of its range or of the wrong type (the message names the setting).' },
      handler: put,
    }),
    route({ method: 'POST', path: '/config/apply', auth: 'session', role: 'admin', operationId: 'applyConfig', summary: 'Apply the settings: 501, with the manual command in the message', responses: {}, errors: { 501: '`not_implemented`: restart the game server; the message says how.' }, handler: apply }),
  ];
}
