// The handlers of the panel's config routes (the table is routes.ts).
import { userActor } from '../../../lib/actor.js';
import { NotImplementedError } from '../../../lib/errors.js';
import { required } from '../../services.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { UpdateRequest } from './schemas.js';

export const APPLY_COMMAND =
  'Restart the game server to apply the settings: for example `systemctl restart palworld` (a systemd service) or `docker compose restart palworld` (palworld-server-docker). The game reads its settings only when it starts.';

export const get: PanelHandler = ({ deps }) => json(200, { data: required(deps, 'config').view() });

export const raw: PanelHandler = ({ deps }) => json(200, { data: { text: required(deps, 'config').raw() } });

export const put: PanelHandler<{ body: typeof UpdateRequest }> = ({ deps, body, user }) => {
  const { view, changed } = required(deps, 'config').update(body, userActor(user.username));
  return json(200, { data: { ...view, changed } });
};

export const apply: PanelHandler = () => {
  throw new NotImplementedError(APPLY_COMMAND);
};
