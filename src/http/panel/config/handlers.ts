// The handlers of the panel's config routes (the table is routes.ts).
import { GENERIC_APPLY } from '../../../actions/config-apply.js';
import { withEffective } from '../../../actions/config-effective.js';
import { withWorldOption } from '../../../actions/config-overrides.js';
import type { ConfigView } from '../../../actions/config-port.js';
import { userActor } from '../../../domain/actor.js';
import { NotImplementedError } from '../../../domain/errors.js';
import type { HttpDeps } from '../../deps.js';
import { ifMatchAccepts, json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { UpdateRequest } from '../../../contract/panel/config.js';

/** The file's version as a strong ETag. */
const etagOf = (version: string) => `"${version}"`;

/** The settings as the game applies them: marked where the world's WorldOption.sav overrides
 * them, each with the value the running game reports (its settings read at most once a minute). */
async function shown(deps: HttpDeps, view: ConfigView) {
  const game = deps.server?.game ? await deps.server.game.settings() : undefined;
  return withEffective(withWorldOption(view, (await deps.worldOption?.()) ?? null), game);
}

export const get = (async ({ service, deps }) => {
  const view = service.view();
  return json(200, { data: await shown(deps, view) }, { etag: etagOf(view.version) });
}) satisfies PanelHandler<Record<never, never>, 'config'>;

export const raw = (({ service }) => json(200, { data: { text: service.raw() } })) satisfies PanelHandler<Record<never, never>, 'config'>;

// With If-Match, the write goes ahead only on the version named (412 otherwise); without it, as before.
export const put = (async ({ service, deps, body, user, req }) => {
  const ifMatch = req.headers['if-match'];
  const matches = ifMatch === undefined ? undefined : (version: string) => ifMatchAccepts(ifMatch, etagOf(version));
  const { view, changed } = service.update(body, userActor(user.username), { matches });
  return json(200, { data: { ...(await shown(deps, view)), changed } }, { etag: etagOf(view.version) });
}) satisfies PanelHandler<{ body: typeof UpdateRequest }, 'config'>;

// The words for the file palpanel edits (a compose file, an env file, an ini); the general ones
// when there is none or it cannot be read.
export const apply = (({ deps }) => {
  let words = GENERIC_APPLY;
  try {
    if (deps.config) words = deps.config.view().apply.words;
  } catch {
    /* unreadable: GET /config says why */
  }
  throw new NotImplementedError(words);
}) satisfies PanelHandler;
