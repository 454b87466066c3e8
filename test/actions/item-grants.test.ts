// Item grants through PalDefender, against the simulated game server with and without the mod:
// over its REST API when a token is configured (the supported way: a grant through the split
// `/give/items` route, a token without the permission refused in words), over its RCON command
// as the fallback when no token is; the capability probe in each state, the catalog, a grant to
// an online player with its record and audit, the bounds, and an offline player refused.
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/actions/console.js';
import { createItemGranter } from '../../src/actions/item-granter.js';
import { PalDefenderClient } from '../../src/game/paldefender-client.js';
import { parseHostPort } from '../../src/config/settings.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { createHandler } from '../../src/http/index.js';
import { playerIdOfSaveUid } from '../../src/domain/player-id.js';
import { ITEM_CATALOG } from '../../src/domain/items.js';
import { makeWorld, ManualClock, silentLog, tempStore, TestLive } from '../helpers/fixture.js';
import { ADMIN, VIEWER, panelCalls } from '../http/panel-harness.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';
const ALICE_ID = 'steam_76561190000000001';

const TOKENS = { 'pd-full': ['REST.Items.Give', 'REST.Players.Read'], 'pd-read-only': ['REST.Players.Read'] };

async function rig(
  opts: { palDefender?: boolean; rcon?: boolean; password?: string; rconAddr?: string; token?: string; pdUrl?: string } = {},
) {
  const sim = await startSimGameServer({
    churnPeriodMs: 0,
    palDefender: opts.palDefender ?? true,
    // With the mod, its REST API answers too; palpanel uses it only when given a token.
    palDefenderRest: (opts.palDefender ?? true) ? { tokens: TOKENS } : undefined,
    rcon: opts.rcon !== false,
    players: [{ uid: ALICE, name: 'Alice', level: 3, userId: ALICE_ID }],
  });
  cleanup.push(() => sim.close());
  sim.control.setOnline([ALICE]);
  const clock = new ManualClock();
  const ts = await tempStore(clock.now);
  cleanup.push(() => ts.cleanup());
  ts.store.world.replace(makeWorld({ players: 2, pals: 2 }), '2026-07-14T10:00:00.000Z');
  const live = new TestLive();
  live.setRunning([
    {
      name: 'Alice',
      accountName: 'alice',
      playerId: playerIdOfSaveUid(ALICE),
      userId: ALICE_ID,
      ip: '',
      ping: 20,
      level: 3,
      location: null,
      buildingCount: 0,
    },
  ]);
  const consolePort =
    opts.rcon === false
      ? undefined
      : createConsole(ts.store, {
          addr: parseHostPort(opts.rconAddr ?? sim.rconAddr)!,
          password: opts.password ?? sim.password,
          timeoutMs: 2_000,
        });
  if (consolePort) cleanup.push(() => consolePort.close());
  const palDefender = opts.token
    ? new PalDefenderClient({ baseUrl: opts.pdUrl ?? sim.palDefenderUrl, token: opts.token, timeoutMs: 2_000 })
    : null;
  if (palDefender) cleanup.push(() => palDefender.close());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const handler = createHandler({
    store: ts.store,
    live,
    console: consolePort,
    items: createItemGranter({ store: ts.store, palDefender, console: consolePort }),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
  });
  const { send, login } = panelCalls(handler);
  return { sim, ts, send, admin: await login(ADMIN), viewer: await login(VIEWER) };
}

describe('item grants', () => {
  it('the capability in each state: PalDefender there, a vanilla server, RCON not configured, a refused password', async () => {
    const pd = await rig();
    expect((await pd.send('GET', '/items/capability', pd.viewer)).status).toBe(403);
    expect((await pd.send('GET', '/items/capability', pd.admin)).json.data).toMatchObject({ capable: true, via: 'rcon' });
    const vanilla = await rig({ palDefender: false });
    expect((await vanilla.send('GET', '/items/capability', vanilla.admin)).json.data).toEqual({
      capable: false,
      via: null,
      reason: expect.stringContaining('does not have PalDefender'),
    });
    const none = await rig({ rcon: false });
    expect((await none.send('GET', '/items/capability', none.admin)).json.data).toEqual({
      capable: false,
      via: null,
      reason: expect.stringContaining('set SERVICE_PALDEFENDER_URL and SERVICE_PALDEFENDER_TOKEN'),
    });
    const refused = await rig({ password: 'wrong' });
    expect((await refused.send('GET', '/items/capability', refused.admin)).json.data.reason).toBe(
      'The game refused the RCON password (SERVICE_RCON_PASSWORD).',
    );
    // Nothing listens at the RCON address (port 1 on loopback).
    const unreachable = await rig({ rconAddr: '127.0.0.1:1' });
    expect((await unreachable.send('GET', '/items/capability', unreachable.admin)).json.data).toEqual({
      capable: false,
      via: null,
      reason: expect.stringContaining('RCON is not reachable'),
    });
  });

  it('a grant to an online player by platform id, recorded and audited; bounds and an offline player refused', async () => {
    const { sim, ts, send, admin, viewer } = await rig();
    const items = await send('GET', '/items?search=sphere', admin);
    expect(items.json.total).toBe(ITEM_CATALOG.length);
    expect(items.json.data.map((i: { id: string }) => i.id)).toContain('PalSphere_Mega');
    expect((await send('POST', `/players/${ALICE}/item-grants`, viewer, { items: [{ itemId: 'Money', count: 100 }] })).status).toBe(403);
    const given = await send('POST', `/players/${ALICE}/item-grants`, admin, {
      items: [
        { itemId: 'Money', count: 1000 },
        { itemId: 'PalSphere', count: 5 },
      ],
    });
    expect(given.status).toBe(201);
    expect(given.json.data).toMatchObject({ uid: ALICE, userId: ALICE_ID, playerName: 'Alice', outcome: 'granted', actor: 'user:admin' });
    expect(sim.control.adminActions().filter((a) => a.action === 'giveitems')).toEqual([
      { via: 'rcon', action: 'giveitems', args: { userid: ALICE_ID, items: 'Money:1000 PalSphere:5' } },
    ]);
    expect(ts.store.audit.list({ limit: 5, action: 'items.grant' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', detail: '1000 Money, 5 PalSphere' }),
    ]);
    const list = await send('GET', '/item-grants', admin);
    expect(list.json.data).toHaveLength(1);
    // Issue 28, finding 10: the answer carried the audit row's id, not the grant's.
    expect(given.json.data.id).toBe(list.json.data[0].id);
    for (const body of [
      { items: [] },
      { items: [{ itemId: 'Money', count: 0 }] },
      { items: [{ itemId: 'Money', count: 10_000 }] },
      { items: [{ itemId: 'bad id!', count: 1 }] },
      { items: Array.from({ length: 21 }, () => ({ itemId: 'Wood', count: 1 })) },
    ]) {
      expect((await send('POST', `/players/${ALICE}/item-grants`, admin, body)).status, JSON.stringify(body)).toBe(400);
    }
    // The game says Alice is gone: refused by the game, recorded as failed.
    sim.control.setOnline([]);
    const gone = await send('POST', `/players/${ALICE}/item-grants`, admin, { items: [{ itemId: 'Wood', count: 1 }] });
    expect(gone.status).toBe(409);
    expect(gone.json.error.message).toContain('not online');
    expect(ts.store.itemGrants.page(5, null)[0]).toMatchObject({ outcome: 'failed' });
    const unknown = ts.store.world.allPlayers()[0];
    expect((await send('POST', `/players/${unknown.uid}/item-grants`, admin, { items: [{ itemId: 'Wood', count: 1 }] })).status).toBe(409);
  });
});

describe("item grants through PalDefender's REST API", () => {
  it('with a token: the probe finds PalDefender, a grant goes through /give/items with RCON off, recorded and audited', async () => {
    const { sim, ts, send, admin } = await rig({ token: 'pd-full', rcon: false });
    expect((await send('GET', '/items/capability', admin)).json.data).toEqual({
      capable: true,
      via: 'rest',
      reason: 'PalDefender 1.5.2 answers on its REST API: items can be given to online players.',
    });
    const given = await send('POST', `/players/${ALICE}/item-grants`, admin, {
      items: [
        { itemId: 'Money', count: 1000 },
        { itemId: 'PalSphere', count: 5 },
      ],
    });
    expect(given.status, JSON.stringify(given.json)).toBe(201);
    expect(given.json.data).toMatchObject({
      userId: ALICE_ID,
      outcome: 'granted',
      detail: "Given through PalDefender's REST API (2 of 2).",
    });
    expect(sim.control.adminActions()).toEqual([
      { via: 'paldefender', action: 'giveitems', args: { userid: ALICE_ID, items: 'Money:1000 PalSphere:5' } },
    ]);
    expect(ts.store.audit.list({ limit: 5, action: 'items.grant' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', detail: '1000 Money, 5 PalSphere' }),
    ]);
    // PalDefender's own refusals come back in words, recorded as failed.
    const unknown = await send('POST', `/players/${ALICE}/item-grants`, admin, { items: [{ itemId: 'UnknownThing', count: 1 }] });
    expect(unknown.status).toBe(409);
    expect(unknown.json.error.message).toBe(
      'PalDefender refused: an item id it does not know, a count too large, or a full inventory (“Invalid item id: UnknownThing”).',
    );
    sim.control.setOnline([]);
    const gone = await send('POST', `/players/${ALICE}/item-grants`, admin, { items: [{ itemId: 'Wood', count: 1 }] });
    expect(gone.status).toBe(409);
    expect(gone.json.error.message).toContain('PalDefender refused: the player is not online');
    expect(ts.store.itemGrants.page(5, null).map((g) => g.outcome)).toEqual(['failed', 'failed', 'granted']);
  });

  it("a token without the permission: PalDefender's 403 said in words, nothing given, the refusal recorded", async () => {
    const { sim, ts, send, admin } = await rig({ token: 'pd-read-only', rcon: false });
    // The probe needs no permission: PalDefender is there.
    expect((await send('GET', '/items/capability', admin)).json.data).toMatchObject({ capable: true, via: 'rest' });
    const refused = await send('POST', `/players/${ALICE}/item-grants`, admin, { items: [{ itemId: 'Money', count: 10 }] });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({
      code: 'conflict',
      message:
        "PalDefender refused: its token lacks the permission REST.Items.Give. Add it to the token's file in PalDefender's RESTAPI/Tokens folder and restart the game server.",
    });
    expect(sim.control.adminActions()).toEqual([]);
    expect(ts.store.itemGrants.page(5, null)[0]).toMatchObject({ outcome: 'failed', detail: refused.json.error.message });
  });

  it('no token: RCON giveitems is the fallback; a token PalDefender refuses falls back to RCON and says why', async () => {
    const rconOnly = await rig();
    expect((await rconOnly.send('GET', '/items/capability', rconOnly.admin)).json.data).toMatchObject({ capable: true, via: 'rcon' });
    expect(
      (await rconOnly.send('POST', `/players/${ALICE}/item-grants`, rconOnly.admin, { items: [{ itemId: 'Wood', count: 3 }] })).status,
    ).toBe(201);
    expect(rconOnly.sim.control.adminActions()).toEqual([
      { via: 'rcon', action: 'giveitems', args: { userid: ALICE_ID, items: 'Wood:3' } },
    ]);

    const wrong = await rig({ token: 'not-a-token' });
    const cap = (await wrong.send('GET', '/items/capability', wrong.admin)).json.data;
    expect(cap).toEqual({
      capable: true,
      via: 'rcon',
      reason:
        "PalDefender refused the token (SERVICE_PALDEFENDER_TOKEN): is it a file in PalDefender's RESTAPI/Tokens folder, and was the game restarted since? Items go through PalDefender's RCON command instead.",
    });
    // Nothing answers at the URL and RCON is off: said in words, not capable.
    const nowhere = await rig({ token: 'pd-full', rcon: false, pdUrl: 'http://127.0.0.1:1' });
    expect((await nowhere.send('GET', '/items/capability', nowhere.admin)).json.data).toEqual({
      capable: false,
      via: null,
      reason:
        "PalDefender's REST API is not reachable at SERVICE_PALDEFENDER_URL (is it Enabled in its RESTAPI/RESTConfig.json, and the port right?).",
    });
  });
});
