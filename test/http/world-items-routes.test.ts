// The world-item routes on a served copy of the real 1.0 world: a player's inventory (in English
// and German), a base's containers with its food state, who holds an item with totals equal to
// the sum of the containers, the economy, a missing and an empty player save (their inventory
// omitted, never empty), viewers reading, and an Integration API key getting nothing new.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationRoutes } from '../../src/http/integration/routes.js';
import { parseWorld, type ParseResult } from '../../src/save/index.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { serveWorld, type ServedWorld } from '../helpers/serve-world.js';
import { waitFor } from '../helpers/wait.js';
import { loadWorld } from '../save/fixtures.js';
import { ADMIN, VIEWER } from './panel-harness.js';

let w: ServedWorld;
let viewer: string;
let admin: string;
let world: ParseResult;
const PLAYER = 'FF77F3E9-0000-0000-0000-000000000000';

const call = async (path: string, cookie: string, init: RequestInit = {}) => {
  const res = await fetch(`${w.url}/api/v1${path}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
  return { status: res.status, json: (await res.json()) as any };
};

async function parsedAfter(before: string | null): Promise<string> {
  return waitFor(
    'a parse',
    async () => {
      const at = (await call('/world', admin)).json.data.lastParseAt as string | null;
      return at !== null && at !== before ? at : undefined;
    },
    60_000,
  );
}

beforeAll(async () => {
  w = await serveWorld('v1.0-relics', [
    [ADMIN, 'admin'],
    [VIEWER, 'viewer'],
  ]);
  viewer = await w.signIn(VIEWER);
  admin = await w.signIn(ADMIN);
  await parsedAfter(null);
  world = await parseWorld(loadWorld('v1.0-relics'));
}, 90_000);
afterAll(async () => {
  await w?.server.stop();
});

describe('world items on the panel', () => {
  it("a viewer reads a player's inventory by container, with counts, rarity and names in two languages", async () => {
    const en = await call(`/players/${PLAYER}/inventory`, viewer);
    expect(en.status).toBe(200);
    expect(en.json.data.itemsRead).toBe(true);
    const kinds = en.json.data.containers.map((c: { kind: string }) => c.kind).sort();
    expect(kinds).toEqual(['armor', 'dropSlot', 'food', 'inventory', 'keyItems', 'weapons']);
    const weapons = en.json.data.containers.find((c: { kind: string }) => c.kind === 'weapons');
    expect(weapons.slots[0]).toMatchObject({ slot: 0, itemId: 'Pickaxe_Tier_00', count: 1, durability: 150, overStack: false });
    expect(weapons.owner).toEqual({ kind: 'player', id: PLAYER, name: expect.any(String) });
    const inv = en.json.data.containers.find((c: { kind: string }) => c.kind === 'inventory');
    const sphere = inv.slots.find((s: { itemId: string }) => s.itemId === 'PalSphere');
    expect(sphere).toMatchObject({ name: 'Pal Sphere', rarity: 0, group: 'Common', stackLimit: expect.any(Number) });
    const de = await call(`/players/${PLAYER}/inventory?lang=de`, viewer);
    const deSphere = de.json.data.containers
      .find((c: { kind: string }) => c.kind === 'inventory')
      .slots.find((s: { itemId: string }) => s.itemId === 'PalSphere');
    expect(deSphere.name).toBe('Pal-Sphäre');
    expect((await call('/players/00000000-0000-0000-0000-0000000000AB/inventory', viewer)).status).toBe(404);
  });

  it("a base's containers with what they hold; its food boxes low or empty flagged", async () => {
    const bases = world.guilds.flatMap((g) => g.bases.map((b) => b.id));
    const answers = await Promise.all(bases.map((id) => call(`/bases/${id}/containers`, viewer)));
    expect(answers.every((a) => a.status === 200 && a.json.data.itemsRead === true)).toBe(true);
    const all = answers.flatMap((a) => a.json.data.containers);
    const expected = world.items!.containers.filter((c) => c.owner.kind === 'base');
    expect(all.length).toBe(expected.length);
    const boxes = all.filter((c: { kind: string }) => c.kind === 'foodBox');
    expect(boxes.length).toBe(16);
    for (const b of boxes) expect(b.food).toBe(b.total === 0 ? 'empty' : b.total < 10 ? 'low' : 'ok');
    expect(boxes.some((b: { food: string }) => b.food === 'empty')).toBe(true);
    for (const a of answers) {
      const states = a.json.data.containers.filter((c: { food?: string }) => c.food).map((c: { food: string }) => c.food);
      const worst = states.length === 0 ? 'none' : states.includes('empty') ? 'empty' : states.includes('low') ? 'low' : 'ok';
      expect(a.json.data.food).toBe(worst);
    }
    expect((await call('/bases/00000000-0000-0000-0000-000000000000/containers', viewer)).status).toBe(404);
  });

  it("who has an item: the search's totals equal the sum of the containers", async () => {
    for (const q of ['PalSphere', 'Wood', 'Money']) {
      const r = await call(`/items?q=${q}`, viewer);
      expect(r.status).toBe(200);
      const item = r.json.data.items.find((i: { itemId: string }) => i.itemId.toLowerCase() === q.toLowerCase());
      const sum = world.items!.containers.flatMap((c) => c.slots).filter((s) => s.itemId.toLowerCase() === q.toLowerCase());
      expect(item.total).toBe(sum.reduce((n, s) => n + s.count, 0));
      expect(item.holders.reduce((n: number, h: { count: number }) => n + h.count, 0)).toBe(item.total);
      const k = item.byOwnerKind;
      expect(k.player + k.base + k.guild + k.unassigned).toBe(item.total);
      // A player's share is what their inventory route shows.
      const holder = item.holders.find((h: { owner: { kind: string } }) => h.owner.kind === 'player');
      const inv = await call(`/players/${holder.owner.id}/inventory`, viewer);
      const theirs = inv.json.data.containers
        .flatMap((c: { slots: { itemId: string; count: number }[] }) => c.slots)
        .filter((s: { itemId: string }) => s.itemId.toLowerCase() === q.toLowerCase());
      expect(holder.count).toBe(theirs.reduce((n: number, s: { count: number }) => n + s.count, 0));
      // Each holder's containers: how many of its containers hold the item, a container once
      // however many of its slots do.
      for (const h of item.holders as { owner: { kind: string; id: string | null }; containers: number }[]) {
        const held = world.items!.containers.filter(
          (c) =>
            c.owner.kind === h.owner.kind &&
            (c.owner.id ?? '').toUpperCase() === (h.owner.id ?? '').toUpperCase() &&
            c.slots.some((s) => s.itemId.toLowerCase() === q.toLowerCase()),
        );
        expect(h.containers).toBe(held.length);
      }
    }
    // By name, in English or in the asked language; the catalog without `q` as before.
    const byName = await call('/items?q=gold%20coin', viewer);
    expect(byName.json.data.items.map((i: { itemId: string }) => i.itemId)).toContain('Money');
    const deName = await call('/items?q=Goldm%C3%BCnze&lang=de', viewer);
    expect(deName.json.data.items[0]).toMatchObject({ itemId: 'Money', name: 'Goldmünze' });
    const none = await call('/items?q=no-such-thing', viewer);
    expect(none.json.data).toEqual({ query: 'no-such-thing', itemsRead: true, items: [], total: 0 });
    expect((await call('/items?search=sphere', viewer)).status).toBe(403); // the grant catalog: an admin's
    expect((await call('/items?search=sphere', admin)).json.total).toBeGreaterThan(0);
  });

  it('the economy: top items, rarity counts, flags said as unusual', async () => {
    const r = await call('/items/economy', viewer);
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.containers).toEqual({ total: 4873, assigned: 350, byOwnerKind: { player: 54, base: 286, guild: 10, unassigned: 4523 } });
    expect(d.topItems[0]).toMatchObject({ itemId: 'Money', name: 'Gold Coin' });
    const count = world.items!.containers.flatMap((c) => c.slots).reduce((n, s) => n + s.count, 0);
    expect(d.byRarity.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(count);
    for (const f of d.flags) expect(f.detail).not.toMatch(/cheat/i);
  });

  it('an Integration API key gets nothing new: the item routes refuse it and its API has no item route', async () => {
    const key = w.server.store.keys.create('items', 'cli').key;
    for (const path of ['/items?q=Wood', `/players/${PLAYER}/inventory`, '/items/economy']) {
      const r = await fetch(`${w.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(401);
    }
    expect((await fetch(`${w.url}/api/integration/v1/items`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(404);
    expect(integrationRoutes().filter((r) => /item|inventor|container/i.test(r.path))).toEqual([]);
  });

  it("a missing and an empty player save: that player's inventory is omitted, never shown empty", async () => {
    const before = (await call('/world', admin)).json.data.lastParseAt as string;
    rmSync(join(w.saveDir, 'Players', '5D160788000000000000000000000000.sav'));
    writeFileSync(join(w.saveDir, 'Players', '62B176F8000000000000000000000000.sav'), new Uint8Array(0));
    const started = await fetch(`${w.url}/api/v1/world/parse`, {
      method: 'POST',
      headers: { cookie: admin, ...fromPanelPage(w.url, false) },
    });
    expect(started.status).toBeLessThan(300);
    await parsedAfter(before);
    for (const uid of ['5D160788-0000-0000-0000-000000000000', '62B176F8-0000-0000-0000-000000000000']) {
      const r = await call(`/players/${uid}/inventory`, viewer);
      expect(r.status).toBe(200);
      expect(r.json.data).toEqual({ uid, itemsRead: false });
    }
    expect((await call(`/players/${PLAYER}/inventory`, viewer)).json.data.itemsRead).toBe(true);
  });
});
