// Handlers of the panel's host routes (issue 40): the resources now and their history, the
// game's crashes and versions, and Start. They read the sampler's latest sample, the store's
// record and the starter (HttpDeps.operate); nothing here measures or runs anything itself.
import { userActor } from '../../../domain/actor.js';
import { NotConfiguredError } from '../../../domain/errors.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { historyData, historyWindow } from '../history-window.js';
import type { ResourceHistoryQuery } from '../../../contract/panel/resources.js';

export const getResources = (({ deps }) => {
  const s = deps.operate?.resources.latest() ?? null;
  return json(200, {
    data: {
      at: s?.at ?? null,
      host: s?.host ?? null,
      game: s?.game ?? null,
      gameHidden: s ? s.gameHidden : 'not visible: palpanel does not sample resources here',
    },
  });
}) satisfies PanelHandler;

export const resourceHistory = (({ deps, query, now }) => {
  const w = historyWindow(query, now);
  const points = deps.store.resources.range({ fromMs: w.fromMs, toMs: w.toMs, stepMs: w.stepSec * 1000, nowMs: now.getTime() });
  return json(200, { data: historyData(w, points) });
}) satisfies PanelHandler<{ query: typeof ResourceHistoryQuery }>;

export const listCrashes = (({ deps, now }) => {
  const r = deps.store.gameRecord;
  const open = r.openCrash();
  const bound = deps.operate?.downBoundMs ?? 5 * 60_000;
  return json(200, {
    data: {
      total: r.total(),
      perDay: r.perDay(now.toISOString()),
      recent: r.recent(10),
      down: open ? { since: open.at, failing: now.getTime() - Date.parse(open.at) > bound } : null,
    },
  });
}) satisfies PanelHandler;

export const listGameVersions = (({ deps }) => json(200, { data: deps.store.gameRecord.versions() })) satisfies PanelHandler;

export const getGameStart = (({ deps }) => {
  const starter = deps.operate?.starter ?? null;
  return json(200, { data: starter ? starter.state() : { configured: false, running: false, last: deps.store.gameRecord.lastStart() } });
}) satisfies PanelHandler;

export const startGame = (async ({ deps, user }) => {
  const starter = deps.operate?.starter;
  if (!starter) throw new NotConfiguredError('gameStart');
  return json(200, { data: await starter.start(userActor(user.username)) });
}) satisfies PanelHandler;
