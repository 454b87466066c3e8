// Handlers of the panel's world routes: the state of the world now served (from the store,
// kept across restarts) and of the save watcher (this run), and a parse on request through
// HttpDeps.server.world, which runs one parse at a time and audits the request.
import { userActor } from '../../../domain/actor.js';
import { worldSummary, worldWorkers } from '../../../views/live-rows.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { WARNINGS_SHOWN } from '../../../contract/panel/world.js';

export const getWorld = (({ deps }) => {
  const info = deps.store.world.parseInfo();
  const jobs = deps.server?.world?.state() ?? null;
  const n = info.warnings.length;
  const driftSummary =
    info.lastParseAt === null
      ? 'No save has been parsed yet.'
      : info.formatDrift
        ? `The save holds ${n} layout${n === 1 ? '' : 's'} the parser does not know; what it could read is served, some fields may be missing.`
        : 'The save matched every layout the parser knows.';
  return json(200, {
    data: {
      saveWatcher: {
        enabled: jobs?.enabled ?? false,
        running: jobs?.running ?? false,
        checkIntervalSec: jobs?.intervalMs != null ? jobs.intervalMs / 1000 : null,
        nextCheckAt: jobs?.nextCheckAt ?? null,
        problem: jobs?.problem ?? null,
        world: jobs?.world ?? null,
        freshness: jobs?.freshness ?? null,
      },
      lastParseAt: info.lastParseAt,
      counts: { players: info.players, pals: info.pals, guilds: info.guilds },
      format: info.meta ? { container: info.meta.container, gameVersion: info.meta.gameVersion } : null,
      worldName: info.meta?.worldName ?? null,
      day: info.meta?.day ?? null,
      formatDrift: info.formatDrift,
      driftSummary,
      warningCount: n,
      warnings: info.warnings.slice(0, WARNINGS_SHOWN).map((w) => ({ message: w.message, path: w.path, file: w.file ?? null })),
      lastAttempt: jobs?.lastRun ?? null,
    },
  });
}) satisfies PanelHandler;

export const parseWorld = (async ({ service, user }) => {
  return json(200, { data: await service.parseNow(userActor(user.username)) });
}) satisfies PanelHandler<Record<never, never>, 'world'>;

/** The game-data poller's world summary, built by the Integration API's row builder: the panel
 * never shows a viewer less than a key (spec: Redaction rule 4). */
export const getWorldSummary = (({ deps }) => json(200, { data: worldSummary(deps.live.worldSummary()) })) satisfies PanelHandler;

/** The base workers, as the Integration API builds them. */
export const getWorldWorkers = (({ deps }) => json(200, { data: worldWorkers(deps.live.worldWorkers()) })) satisfies PanelHandler;
