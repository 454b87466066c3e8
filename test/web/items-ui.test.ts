// The world's items in headless Chromium, over the real 1.0 save parsed into a real store, behind
// the panel's real handler and this checkout's web UI: a player's inventory by container, a player
// whose own save is missing (said so, never drawn empty), a base's containers with its food boxes
// flagged, and "who has it" with the totals the store gives. Phone and desktop, dark and light,
// axe-core clean.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import type { WorldSnapshot } from '../../src/domain/world.js';
import { parseWorld } from '../../src/save/index.js';
import { tempStore, type TempStore } from '../helpers/fixture.js';
import { VIEWER } from '../http/panel-harness.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { loadWorld } from '../save/fixtures.js';
import { CHROMIUM, launchChromium, seriousViolations } from './browser.js';
import { buildWebUi, servePanel, signedInPage } from './in-process-panel.js';

let browser: Browser;
let ts: TempStore;
let server: RunningHttpServer;
let world: WorldSnapshot;
let url: string;
const pageErrors: string[] = [];

const page = (path: string, phone: boolean, scheme: 'dark' | 'light'): Promise<Page> =>
  signedInPage(browser, url, VIEWER, {
    viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    scheme,
    path,
    errors: pageErrors,
  });

if (!CHROMIUM) noteSkip("items UI: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the world items in Chromium', () => {
  beforeAll(async () => {
    const web = buildWebUi(tempDir('palpanel-web-'));
    ts = await tempStore();
    world = await parseWorld(loadWorld('v1.0-relics'));
    ts.store.world.replace(world, new Date().toISOString());
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    ({ url, server } = await servePanel(ts.store, web, 60));
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close(1000);
    ts?.cleanup();
  });

  it("a player's inventory by container; a player without a save file is said to be unknown", async () => {
    const p = await page('/players/FF77F3E9-0000-0000-0000-000000000000', true, 'dark');
    const card = p.locator('.card', { has: p.getByRole('heading', { name: 'Inventory', exact: true }) });
    // A folded section: nothing is read until it is opened.
    expect(await card.locator('.container-block').count()).toBe(0);
    await card.locator('summary').click();
    for (const kind of ['Inventory', 'Weapons', 'Armour and accessories', 'Food slots', 'Key items', 'Drop slot']) {
      await card.getByRole('region', { name: kind, exact: true }).waitFor();
    }
    await card.getByRole('region', { name: 'Weapons' }).getByText('Pickaxe').first().waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    // A player of the save whose Players/<uid>.sav is not in the folder.
    const read = new Set(world.items!.playersRead);
    const missing = world.players.find((x) => !read.has(x.uid))!;
    const q = await page(`/players/${missing.uid}`, false, 'light');
    await q
      .locator('.card', { has: q.getByRole('heading', { name: 'Inventory', exact: true }) })
      .locator('summary')
      .click();
    await q.getByText('what they carry is unknown').waitFor();
    expect(await q.locator('.container-block').count()).toBe(0);
    await p.close();
    await q.close();
  });

  it("a base's containers, its empty food box flagged", async () => {
    const base = world.items!.containers.find((c) => c.kind === 'foodBox' && c.slots.length === 0)!.owner.id!;
    for (const [phone, scheme] of [
      [true, 'dark'],
      [false, 'light'],
    ] as const) {
      const p = await page(`/bases/${base}`, phone, scheme);
      await p.getByText('food empty').first().waitFor();
      const boxes = world.items!.containers.filter((c) => c.owner.id === base && c.kind === 'foodBox').length;
      expect(await p.getByRole('region', { name: 'Food box' }).count()).toBe(boxes);
      expect(await seriousViolations(p)).toEqual([]);
      await p.close();
    }
  });

  it('who has it: the totals the store gives, holders linked; the screen asks /items only with `q`', async () => {
    const p = await page('/world-items', false, 'dark');
    // Without `q`, /items is the grant catalog, an admin's: this viewer's screen must always send `q`.
    const asked: string[] = [];
    p.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/v1/items') asked.push(`${r.status()} ${u.searchParams.has('q') ? 'q' : 'no q'}`);
    });
    await p.reload();
    await p.locator('main h1').first().waitFor();
    await p.getByLabel('Item id or name').fill('PalSphere');
    await p.getByRole('button', { name: 'Search' }).click();
    const total = world
      .items!.containers.flatMap((c) => c.slots)
      .filter((s) => s.itemId === 'PalSphere')
      .reduce((n, s) => n + s.count, 0);
    const block = p.getByRole('region', { name: 'Pal Sphere', exact: true });
    await block.getByText(`${total.toLocaleString('en')} in all`).waitFor();
    expect(await block.getByRole('link').count()).toBeGreaterThan(3);
    await p.getByRole('heading', { name: 'Most held' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await p.close();
    expect(pageErrors).toEqual([]);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((a) => a !== '200 q')).toEqual([]);
  });
});
