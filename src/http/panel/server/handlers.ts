// Handlers of the panel's server routes: status and health read the pollers' caches and the
// ports of HttpDeps.server; the admin actions go to the game through that port, which audits
// them with the signed-in user as the actor and raises GameUnavailableError (503) when the
// game does not answer. Without a game server configured, every action is that 503.
import { gameWords } from '../../../actions/game-words/format.js';
import { userActor } from '../../../domain/actor.js';
import { fsErrorReason, StorageError } from '../../../domain/errors.js';
import { serverStatus } from '../../../views/live-rows.js';
import { json } from '../../respond.js';
import { countdownPlan } from '../../../actions/countdown-words.js';
import type { PanelHandler } from '../context.js';
import type { WorldJobState } from '../../../ingest/world-jobs.js';
import type { AnnounceRequestSchema, ShutdownRequestSchema } from '../../../contract/panel/server.js';

/** The save watcher's part of the server card: why the save is not read, which world is
 * followed, how fresh the served world is. */
function saveState(w: WorldJobState | null) {
  return { saveProblem: w?.problem ?? null, saveWorld: w?.world ?? null, saveFreshness: w?.freshness ?? null };
}

export const getServer = (async ({ deps }) => {
  const live = deps.live.snapshot();
  const parse = deps.store.world.parseInfo();
  const status = serverStatus(live, parse);
  const running = status.state === 'running';
  const settings = deps.server?.game ? await deps.server.game.settings() : null;
  const poller = deps.server?.pollers().rest ?? null;
  return json(200, {
    data: {
      ...status,
      worldGuid: live.info?.worldGuid || parse.meta?.worldGuid || null,
      panelVersion: deps.version,
      playersOnline: running ? live.players.length : 0,
      maxPlayers: live.metrics ? live.metrics.maxPlayers : null,
      settings,
      poller,
      countdown: deps.server?.countdown?.current() ?? null,
      gameConfigured: poller !== null,
      ...saveState(deps.server?.world?.state() ?? null),
      rcon: deps.console !== undefined,
    },
  });
}) satisfies PanelHandler;

export const getHealth = (async ({ deps }) => {
  const problems: string[] = [];
  let storeError: string | null = null;
  try {
    deps.store.flush();
  } catch (err) {
    // The reason in words (storage errors carry safe messages), never a path or internal text.
    const reason = fsErrorReason(err);
    storeError =
      err instanceof StorageError ? err.message : reason ? `The store cannot be written: ${reason}.` : 'The store could not be written.';
    problems.push(`store: ${storeError}`);
  }
  const { rest, gameData } = deps.server?.pollers() ?? { rest: null, gameData: null };
  if (rest?.lastError) problems.push(`REST poller: ${rest.lastError}`);
  if (gameData?.lastError) problems.push(`game-data poller: ${gameData.lastError}`);
  const world = deps.server?.world?.state() ?? null;
  const last = world?.lastRun ?? null;
  if (world?.problem) problems.push(`save: ${world.problem}`);
  else if (last && !last.ok) problems.push(`last parse: ${last.error}`);
  if (world?.freshness?.stale) problems.push(`save: ${world.freshness.words}`);
  const disk = deps.server ? await deps.server.disk() : null;
  return json(200, {
    data: {
      status: problems.length ? 'degraded' : 'ok',
      problems,
      store: { ok: storeError === null, error: storeError },
      pollers: { rest, gameData },
      saveWatcher: {
        enabled: world?.enabled ?? false,
        running: world?.running ?? false,
        nextCheckAt: world?.nextCheckAt ?? null,
        problem: world?.problem ?? null,
        world: world?.world ?? null,
        freshness: world?.freshness ?? null,
      },
      lastParse: last && { finishedAt: last.finishedAt, ok: last.ok, error: last.error, durationMs: last.durationMs },
      worldParsedAt: deps.store.world.parseInfo().lastParseAt,
      disk,
      // A normal state, not a problem: said so the host knows which settings the game really uses.
      worldOption: (await deps.worldOption?.()) ?? null,
    },
  });
}) satisfies PanelHandler;

export const announce = (async ({ service, body, user, now }) => {
  await service.announce(body.message, userActor(user.username));
  return json(200, { data: { done: true, at: now.toISOString() } });
}) satisfies PanelHandler<{ body: typeof AnnounceRequestSchema }, 'game'>;

export const saveNow = (async ({ service, user, now }) => {
  await service.save(userActor(user.username));
  return json(200, { data: { done: true, at: now.toISOString() } });
}) satisfies PanelHandler<Record<never, never>, 'game'>;

/** A shutdown runs as palpanel's countdown (actions/countdown.ts): players are told at each step,
 * the last goes to the game; cancellable until then. */
export const shutdown = (async ({ deps, service, body, user, now }) => {
  const { state } = await service.start({
    kind: 'shutdown',
    endsAt: new Date(now.getTime() + body.delaySec * 1000),
    steps: body.steps,
    reason: body.message ?? null,
    actor: userActor(user.username),
  });
  const message = countdownPlan('shutdown', body.delaySec, body.steps, body.message, gameWords(deps.settings.gameLanguage ?? 'en'))[0]
    .words;
  return json(202, { data: { shutdownAt: state.endsAt, delaySec: body.delaySec, message, countdown: state } });
}) satisfies PanelHandler<{ body: typeof ShutdownRequestSchema }, 'countdown'>;

export const getCountdown = (({ deps }) => json(200, { data: deps.server?.countdown?.current() ?? null })) satisfies PanelHandler;

export const cancelCountdown = (async ({ service, user }) =>
  json(200, { data: await service.cancel(userActor(user.username)) })) satisfies PanelHandler<Record<never, never>, 'countdown'>;
