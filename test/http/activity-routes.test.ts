// The activity routes over the HTTP core with a real store on a temp dir and a manual clock:
// a viewer reads them, every step present with gaps as null, the heatmap's shape, one player's
// sessions bounded to the days asked, bad input refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { P } from './conformance-table.js';
import { HOST_UID, makeWorld } from '../helpers/fixture.js';
import { panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const KEY = HOST_UID.replace(/-/g, '').toUpperCase();

describe('panel activity routes', () => {
  let h: PanelHarness;
  let get: (path: string) => ReturnType<PanelHarness['send']>;

  beforeEach(async () => {
    h = await panelHarness();
    h.ts.store.world.replace(makeWorld({ players: 2, pals: 2 }), h.clock.now().toISOString());
    const cookie = await h.login(VIEWER);
    get = (path) => h.send({ method: 'GET', path: `${P}${path}`, headers: { cookie } });
  });
  afterEach(() => h.ts.cleanup());

  it('online: 24 h by default, a step for each five minutes, null where nothing was recorded', async () => {
    const now = h.clock.now().getTime();
    for (let i = 1; i <= 3; i++)
      h.ts.store.metrics.record({ players: 2, fps: 60, frameTimeMs: 16, uptimeSec: i }, new Date(now - i * HOUR));
    const r = await get('/activity/online');
    expect(r.status).toBe(200);
    expect(r.json.data.stepSec).toBe(300);
    expect(r.json.data.points).toHaveLength(288);
    expect(r.json.data.points.filter((p: { players: number | null }) => p.players !== null)).toHaveLength(3);
    expect((await get('/activity/online?range=30d')).json.data.points).toHaveLength(240);
    expect((await get('/activity/online?range=1y')).status).toBe(400);
    expect((await get('/activity/online?range=24h&x=1')).status).toBe(400);
  });

  it('heatmap: seven weekdays of 24 hours', async () => {
    h.ts.store.history.observe([{ playerId: KEY }], new Date(h.clock.now().getTime() - 2 * HOUR));
    h.ts.store.history.left(KEY, new Date(h.clock.now().getTime() - HOUR));
    const r = await get('/activity/heatmap?range=30d');
    expect(r.status).toBe(200);
    expect(r.json.data.hours).toHaveLength(7);
    expect(r.json.data.hours.flat().reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect((await get('/activity/heatmap?range=24h')).status).toBe(400);
  });

  it("one player's sessions: within the days asked, oldest first; an unknown uid is 404", async () => {
    const now = h.clock.now().getTime();
    for (const d of [40, 10, 2]) {
      h.ts.store.history.observe([{ playerId: KEY }], new Date(now - d * DAY));
      h.ts.store.history.left(KEY, new Date(now - d * DAY + HOUR));
    }
    h.ts.store.history.observe([{ playerId: KEY }], new Date(now - HOUR));
    const r = await get(`/players/${HOST_UID}/sessions`);
    expect(r.status).toBe(200);
    expect(r.json.data.sessions).toEqual([
      { startedAt: new Date(now - 10 * DAY).toISOString(), endedAt: new Date(now - 10 * DAY + HOUR).toISOString(), open: false },
      { startedAt: new Date(now - 2 * DAY).toISOString(), endedAt: new Date(now - 2 * DAY + HOUR).toISOString(), open: false },
      { startedAt: new Date(now - HOUR).toISOString(), endedAt: new Date(now).toISOString(), open: true },
    ]);
    expect((await get(`/players/${HOST_UID}/sessions?days=3`)).json.data.sessions).toHaveLength(2);
    expect((await get(`/players/${HOST_UID}/sessions?days=31`)).status).toBe(400);
    expect((await get('/players/00000000-0000-0000-0000-00000000beef/sessions')).status).toBe(404);
  });
});
