// The handlers of the panel's config routes (the table is routes.ts).
import { userActor } from '../../../lib/actor.js';
import { ConflictError, NotImplementedError } from '../../../lib/errors.js';
import type { ConfigPort } from '../../../actions/config-port.js';
import type { HttpDeps } from '../../deps.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { UpdateRequest } from './schemas.js';

export function configOf(deps: HttpDeps): ConfigPort {
  if (!deps.config)
    throw new ConflictError(
      'conflict',
      "No deployment file is configured: set SERVICE_CONFIG_FILE to the game's PalWorldSettings.ini or palworld-server-docker's env file.",
    );
  return deps.config;
}

export const APPLY_COMMAND =
  'Restart the game server to apply the settings: for example `systemctl restart palworld` (a systemd service) or `docker compose restart palworld` (palworld-server-docker). The game reads its settings only when it starts.';

export const get: PanelHandler = ({ deps }) => json(200, { data: configOf(deps).view() });

export const raw: PanelHandler = ({ deps }) => json(200, { data: { text: configOf(deps).raw() } });

export const put: PanelHandler<{ body: typeof UpdateRequest }> = ({ deps, body, user }) => {
  const { view, changed } = configOf(deps).update(body, userActor(user.username));
  return json(200, { data: { ...view, changed } });
};

export const apply: PanelHandler = () => {
  throw new NotImplementedError(APPLY_COMMAND);
};
