// What a panel route may need of the parts a deployment can leave out (domain/errors.ts
// OPTIONAL_PARTS: a game server, a save folder, RCON, a deployment file). A route names its
// need on its entry (`needs`); the panel surface looks it up before the handler (serviceFor) and
// hands it to the handler present, so every such answer is the same NotConfiguredError (409
// `conflict`, the setting named), and the OpenAPI document says it for each route that has a need.
import { NotConfiguredError, type OptionalPart } from '../domain/errors.js';
import type { HttpDeps } from './deps.js';

interface Service<T> {
  part: OptionalPart;
  of(deps: HttpDeps): T | undefined;
}

const service = <T>(s: Service<T>) => s;

export const SERVICES = {
  /** The game's admin actions (announce, save, shutdown). */
  game: service({ part: 'game', of: (d) => d.server?.game ?? undefined }),
  /** The shutdown and restart countdown (actions/countdown.ts). */
  countdown: service({ part: 'game', of: (d) => d.server?.countdown ?? undefined }),
  /** Kicks, bans and unbans through the game. */
  moderation: service({ part: 'game', of: (d) => d.moderation }),
  /** Parsing the save folder on request. */
  world: service({ part: 'saveFolder', of: (d) => (d.server?.world?.state().enabled ? d.server.world : undefined) }),
  backups: service({ part: 'saveFolder', of: (d) => d.backups }),
  config: service({ part: 'configFile', of: (d) => d.config }),
  console: service({ part: 'rcon', of: (d) => d.console }),
};

export type ServiceName = keyof typeof SERVICES;
export type ServiceOf<K extends ServiceName> = NonNullable<ReturnType<(typeof SERVICES)[K]['of']>>;

/** The words every "not configured" answer of this service uses. */
export const notConfiguredWords = (name: ServiceName): string => new NotConfiguredError(SERVICES[name].part).message;

/** The service, or NotConfiguredError naming the setting that is missing (the surface asks,
 * once, for the route's `needs`). */
export function serviceFor<K extends ServiceName>(deps: HttpDeps, name: K): ServiceOf<K> {
  const s = SERVICES[name].of(deps) as ServiceOf<K> | undefined;
  if (s === undefined) throw new NotConfiguredError(SERVICES[name].part);
  return s;
}
