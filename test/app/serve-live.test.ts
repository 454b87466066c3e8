// `serve` end to end in-process against the project's simulated game server: the live half of
// the Integration API follows the game through joins, leaves, an outage and recovery.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/serve.js';
import type { SimGameServer } from '../../src/demo/sim/index.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';

async function setup(): Promise<{ sim: SimGameServer; server: RunningServer; get: (path: string) => Promise<{ status: number; body: any }> }> {
  const { sim, server, key } = await startLiveServe(cleanup, { players: [{ uid: ALICE, name: 'Alice\u0007\nSmith', level: 12 }] }, { SERVICE_INTEGRATION_RATE_LIMIT: '100000' });
  sim.control.setOnline([]);
  const get = async (path: string) => {
    const res = await fetch(`${server.url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, body: await res.json() };
  };
  return { sim, server, get };
}

describe('serve against the simulated game server', () => {
  it('join, leave, outage and recovery: events in order, /server always 200, online follows the game', async () => {
    const { sim, get } = await setup();
    await waitFor('first parse and reachable', async () => {
      const s = await get('/server');
      return s.body.data.state === 'running' && s.body.data.save.state === 'ok' ? s : undefined;
    });
    expect((await get('/players?online=true')).body).toMatchObject({ data: [], nextCursor: null });

    sim.control.setOnline([ALICE]);
    const online = await waitFor('Alice online', async () => {
      const r = await get('/players?online=true');
      return r.body.data.length === 1 ? r : undefined;
    });
    expect(online.body.data[0]).toMatchObject({ uid: ALICE, online: true });

    sim.control.setOnline([]);
    await waitFor('Alice offline', async () => ((await get('/players?online=true')).body.data.length === 0 ? true : undefined));

    await sim.control.setMode('unreachable');
    const down = await waitFor('unreachable', async () => {
      const r = await get('/server');
      return r.body.data.state === 'unreachable' ? r : undefined;
    });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ name: '', version: '', uptimeSec: 0, save: { state: 'ok', players: 1 } });

    await sim.control.setMode('ok');
    await waitFor('running again', async () => ((await get('/server')).body.data.state === 'running' ? true : undefined));

    const events = (await get('/events?limit=100')).body.data as { kind: string; message: string }[];
    const story = events.reverse().map((e) => `${e.kind}: ${e.message}`);
    expect(story).toEqual([
      'system: Palworld REST API is reachable',
      expect.stringMatching(/^join: Alice ?Smith/),
      expect.stringMatching(/^leave: Alice ?Smith/),
      'system: Palworld REST API is unreachable',
      'system: Palworld REST API is reachable',
    ]);
    for (const e of events) expect(e.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('world summary and workers are served from the game-data cache without any sensitive string', async () => {
    const { sim, get } = await setup();
    sim.control.setOnline([ALICE]);
    const summary = await waitFor('game data ready', async () => {
      const r = await get('/world/summary');
      return r.body.data.state === 'ready' && r.body.data.counts.players === 1 ? r : undefined;
    });
    expect(summary.status).toBe(200);
    const workers = await get('/world/workers');
    expect(workers.body.data.state).toBe('ready');
    const text = JSON.stringify(summary.body) + JSON.stringify(workers.body) + JSON.stringify((await get('/players')).body);
    for (const s of sim.control.sensitiveStrings()) expect(text).not.toContain(s);
  });
});
