// The panel's world routes (issue 11) with the real parse worker on a copy of a real save, the
// real store on a temp dir and the save watcher as `serve` wires it: the world's state, a parse
// on request (one at a time: a second request while one runs is 409), its audit rows, and a
// broken save that leaves the last good world served.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { createPanelPorts } from '../../src/app/panel-ports.js';
import { parseForStoreInWorker } from '../../src/ingest/parse-worker-host.js';
import type { StoreParseResult } from '../../src/ingest/parse-job.js';
import { SaveWatcher } from '../../src/ingest/save-watcher.js';
import { applyParse } from '../../src/ingest/world-apply.js';
import { createWorldJobs } from '../../src/ingest/world-jobs.js';
import { createHandler } from '../../src/http/index.js';
import { toMapCoords } from '../../src/lib/map-coords.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { P } from './conformance-table.js';
import { makeWorld, ManualClock, onlinePlayer, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../helpers/fixture.js';
import { ADMIN, VIEWER } from './panel-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function rig(opts: { saveDir?: boolean } = {}) {
  const clock = new ManualClock();
  const ts: TempStore = await tempStore(clock.now);
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const controller = new AbortController();
  cleanups.push(() => {
    controller.abort();
    ts.cleanup();
  });
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
  const log = createLogger('text', () => undefined);
  const watcher =
    opts.saveDir === false
      ? null
      : new SaveWatcher({
          world: saveDir,
          intervalMs: 3_600_000,
          parse: (dir) => parseForStoreInWorker({ target: dir, dataDir: ts.dir }, controller.signal),
          apply: (out: StoreParseResult) => applyParse(ts.store, out, log),
          log,
          now: clock.now,
        });
  const server = createPanelPorts({
    dataDir: ts.dir,
    clock: clock.now,
    rest: null,
    gameData: null,
    game: null,
    world: createWorldJobs(watcher, 3_600_000, ts.store),
  });
  const live = new TestLive();
  const handler = createHandler({
    store: ts.store,
    live,
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
    server,
  });
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await handler(
      toHttpRequest({ method, path: `${P}${path}`, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    const text = res.body === undefined ? '' : res.body.toString();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  };
  const as = async (who: typeof ADMIN, method: string, path: string, body?: unknown) => {
    let cookie = cookies.get(who.username);
    if (!cookie) {
      cookie = (await send('POST', '/auth/login', {}, who)).headers['set-cookie'].split(';')[0];
      cookies.set(who.username, cookie);
    }
    return send(method, path, { cookie }, body);
  };
  return { ts, clock, saveDir, watcher, controller, as, live };
}

describe('panel world routes', () => {
  it('GET /world before and after a parse on request: when, how long, sizes, format, drift in words', async () => {
    const r = await rig();
    const before = (await r.as(VIEWER, 'GET', '/world')).json.data;
    expect(before).toMatchObject({
      saveWatcher: { enabled: true, running: false, checkIntervalSec: 3600, nextCheckAt: null },
      lastParseAt: null,
      counts: { players: 0, pals: 0, guilds: 0 },
      format: null,
      formatDrift: false,
      driftSummary: 'No save has been parsed yet.',
      warningCount: 0,
      warnings: [],
      lastAttempt: null,
    });

    const parsed = await r.as(ADMIN, 'POST', '/world/parse');
    expect(parsed.status).toBe(200);
    expect(parsed.json.data).toEqual({
      finishedAt: r.clock.now().toISOString(),
      ok: true,
      error: null,
      durationMs: expect.any(Number),
      levelSavBytes: expect.any(Number),
      trigger: 'manual',
    });
    expect(parsed.json.data.levelSavBytes).toBeGreaterThan(1000);

    const after = (await r.as(VIEWER, 'GET', '/world')).json.data;
    expect(after.lastParseAt).toEqual(expect.any(String));
    expect(after.counts.players).toBeGreaterThan(0);
    expect(after.counts.pals).toBeGreaterThan(0);
    expect(after.format).toEqual({ container: expect.any(String), gameVersion: expect.any(String) });
    expect(after.driftSummary).toBe(
      after.formatDrift ? expect.stringContaining('does not know') : 'The save matched every layout the parser knows.',
    );
    expect(after.lastAttempt).toEqual(parsed.json.data);
    expect(r.ts.store.audit.list({ limit: 10, action: 'world.parse' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', outcome: 'ok', detail: 'parsed' }),
    ]);

    // Watching: the next check is announced.
    r.watcher!.start(r.controller.signal);
    await r.watcher!.idle();
    const watching = (await r.as(VIEWER, 'GET', '/world')).json.data;
    expect(watching.saveWatcher.nextCheckAt).toBe(new Date(r.clock.ms + 3_600_000).toISOString());
  });

  it('one parse at a time: a second request while one runs answers 409 conflict and is audited as refused', async () => {
    const r = await rig();
    await r.as(ADMIN, 'GET', '/world'); // signed in before the race, so both requests reach the route at once
    const first = r.as(ADMIN, 'POST', '/world/parse');
    await waitFor('the first parse to start', () => (r.watcher!.busy ? true : undefined));
    const refused = await r.as(ADMIN, 'POST', '/world/parse');
    const a = await first;
    expect(a.status).toBe(200);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({ code: 'conflict', message: expect.stringContaining('running already') });
    const rows = r.ts.store.audit.list({ limit: 10, action: 'world.parse' }).data;
    expect(rows.map((x) => [x.outcome, x.reason]).sort()).toEqual([
      ['ok', null],
      ['refused', 'parse_running'],
    ]);
    // Once it finished, the next request parses again.
    expect((await r.as(ADMIN, 'POST', '/world/parse')).status).toBe(200);
  });

  it('a broken save answers ok: false in words and the last good world stays served', async () => {
    const r = await rig();
    expect((await r.as(ADMIN, 'POST', '/world/parse')).json.data.ok).toBe(true);
    const good = r.ts.store.world.parseInfo();
    writeFileSync(join(r.saveDir, 'Level.sav'), Buffer.from('this is not a world save at all, just some bytes'));
    const res = await r.as(ADMIN, 'POST', '/world/parse');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ ok: false, trigger: 'manual' });
    expect(res.json.data.error).toEqual(expect.any(String));
    expect(res.json.data.error).not.toContain(r.saveDir);
    expect(r.ts.store.world.parseInfo()).toEqual(good);
    const health = (await r.as(VIEWER, 'GET', '/server/health')).json.data;
    expect(health.status).toBe('degraded');
    expect(health.lastParse).toMatchObject({ ok: false });
  });

  it('without a save folder: 409 conflict in words; a viewer may not parse', async () => {
    const r = await rig({ saveDir: false });
    const res = await r.as(ADMIN, 'POST', '/world/parse');
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain('no save folder configured');
    expect((await r.as(VIEWER, 'POST', '/world/parse')).status).toBe(403);
    expect((await r.as(VIEWER, 'GET', '/world')).json.data.saveWatcher.enabled).toBe(false);
  });
});

describe('panel map dataset', () => {
  it('map coordinates follow the documented formula (PalDefender example)', () => {
    expect(toMapCoords({ x: -321654.02, y: 214182.56 })).toEqual({ x: 122.4, y: -430.86 });
  });

  it('GET /map/dataset: the texture layers, bases from the save and live players, in map coordinates', async () => {
    const r = await rig({ saveDir: false });
    const world = makeWorld({ players: 4, pals: 4 });
    r.ts.store.world.replace(world, '2026-07-14T09:00:00.000Z');
    const empty = (await r.as(VIEWER, 'GET', '/map/dataset')).json.data;
    expect(empty.map.layers.map((l: { id: string }) => l.id)).toEqual(['palpagos', 'world-tree']);
    expect(empty.coordinates).toContain('/ 459');
    expect(empty.capturedAt).toBeNull();
    expect(empty.layers.players).toEqual([]);
    // Only the base with a location is drawn.
    expect(empty.layers.bases).toEqual([
      {
        id: 'base-a',
        name: 'Home',
        displayName: 'Home',
        level: 12,
        guildId: 'guild-0',
        guildName: 'Guild 0',
        world: { x: -321654.02, y: 214182.56 },
        map: { x: 122.4, y: -430.86 },
        area: 'palpagos',
      },
    ]);

    const host = world.players[0];
    const inTree = { ...onlinePlayer(world.players[1].uid, 'Treehugger'), location: { x: 500_000, y: -600_000 } };
    const lost = { ...onlinePlayer(world.players[2].uid, 'Lost'), location: { x: 9e6, y: 9e6 } };
    const loading = { ...onlinePlayer(world.players[3].uid, 'Loading'), location: null };
    r.live.setRunning([{ ...onlinePlayer(host.uid, 'Host'), location: { x: -321654.02, y: 214182.56 } }, inTree, lost, loading]);
    const d = (await r.as(VIEWER, 'GET', '/map/dataset')).json.data;
    expect(d.capturedAt).toBe('2026-07-14T09:30:00.000Z');
    expect(d.layers.players.map((p: { name: string; area: string | null }) => [p.name, p.area])).toEqual([
      ['Host', 'palpagos'],
      ['Treehugger', 'world-tree'],
      ['Lost', null],
    ]);
    expect(d.layers.players[0]).toMatchObject({ map: { x: 122.4, y: -430.86 }, guildId: host.guildId });
  });
});
