// The handlers of the panel's config routes (the table is routes.ts).
import { withWorldOption } from '../../../actions/config-overrides.js';
import { userActor } from '../../../lib/actor.js';
import { NotImplementedError } from '../../../lib/errors.js';
import { required } from '../../services.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { UpdateRequest } from './schemas.js';

export const APPLY_COMMAND =
  'Restart the game server to apply the settings: for example `systemctl restart palworld` (a systemd service) or `docker compose restart palworld` (palworld-server-docker). The game reads its settings only when it starts.';

// The settings as the game applies them: marked where the world's WorldOption.sav overrides them.
export const get = (async ({ deps }) => {
  const view = required(deps, 'config').view();
  return json(200, { data: withWorldOption(view, (await deps.worldOption?.()) ?? null) });
}) satisfies PanelHandler;

export const raw = (({ deps }) => json(200, { data: { text: required(deps, 'config').raw() } })) satisfies PanelHandler;

export const put = (async ({ deps, body, user }) => {
  const { view, changed } = required(deps, 'config').update(body, userActor(user.username));
  return json(200, { data: { ...withWorldOption(view, (await deps.worldOption?.()) ?? null), changed } });
}) satisfies PanelHandler<{ body: typeof UpdateRequest }>;

export const apply = (() => {
  throw new NotImplementedError(APPLY_COMMAND);
}) satisfies PanelHandler;
