// The map as players talk about it, in headless Chromium against `dist/palpanel demo` with many
// players and the host's own tile folder (SERVICE_MAP_TILES_DIR): tiles served by palpanel under
// the grid, overlapping dots drawn as bubbles with a count that zoom in on a tap, names beside
// the dots that never overlap, search that centres a player and opens the card (map coordinates,
// world units small), hover on a desktop and a tap on a phone, Esc closing the card, and "Fit a
// guild" holding all of its bases; each state checked by axe-core, dark and light, desktop and
// phone (screenshots in artifacts/web-ui/map/).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worldToMap } from '../../src/lib/map-coords.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { call, DESKTOP, newPage, PHONE, signIn, startDemo, type Demo } from './panel-demo.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui', 'map');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let demo: Demo;
let browser: Browser;
const pageProblems: string[] = [];
const axeProblems: Record<string, AxeFinding[]> = {};

interface XY {
  x: number;
  y: number;
}
interface DatasetBase {
  id: string;
  name: string | null;
  displayName: string;
  guildId: string;
  guildName: string;
  map: XY;
}
interface DatasetPlayer {
  name: string;
  level: number;
  map: XY;
  world: XY;
}

async function check(page: Page, name: string): Promise<void> {
  axeProblems[name] = await seriousViolations(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** The view box [x, y, w, h] of the map (svg y is minus map north). */
const viewBox = async (page: Page) => (await page.locator('svg.map').getAttribute('viewBox'))!.split(' ').map(Number);
const card = (page: Page) => page.locator('section.map-card');

/** Screen boxes of the visible name labels. */
const labelBoxes = (page: Page) =>
  page
    .locator('text.map-name')
    .evaluateAll((ts) =>
      (ts as unknown as { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }[]).map((t) =>
        t.getBoundingClientRect(),
      ),
    )
    .then((rs) => rs.map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));

async function openMap(page: Page): Promise<void> {
  await page.goto(demo.url + '/map');
  await page.locator('svg.map').waitFor();
  await expect.poll(() => page.locator('circle.pt-players, circle.pt-group-players').count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** Markers whose centres are inside the map's box. */
async function markersInView(page: Page, selector: string): Promise<Locator[]> {
  const box = (await page.locator('svg.map').boundingBox())!;
  const out: Locator[] = [];
  for (const m of await page.locator(selector).all()) {
    const b = await m.boundingBox();
    if (b && b.x > box.x + 4 && b.x + b.width < box.x + box.width - 4 && b.y > box.y + 4 && b.y + b.height < box.y + box.height - 4)
      out.push(m);
  }
  return out;
}

if (!CHROMIUM)
  noteSkip("map: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); the browser tests are skipped");

describe.skipIf(!CHROMIUM)('the map in Chromium (dist/palpanel demo, many players)', () => {
  let admin: Page;
  let players: DatasetPlayer[];
  let bases: DatasetBase[];

  beforeAll(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    // The host's tile folder: a 1x1 PNG for each tile of zoom 0 to 3.
    const tiles = tempDir('palpanel-map-tiles-');
    for (let z = 0; z <= 3; z++)
      for (let x = 0; x < 2 ** z; x++) {
        mkdirSync(join(tiles, String(z), String(x)), { recursive: true });
        for (let y = 0; y < 2 ** z; y++) writeFileSync(join(tiles, String(z), String(x), `${y}.png`), PNG);
      }
    demo = await startDemo(['--players', '60', '--pals', '200'], { SERVICE_MAP_TILES_DIR: tiles });
    browser = await launchChromium();
    ({ page: admin } = await newPage(browser, pageProblems));
    await signIn(admin, demo.url, 'admin', demo.password);
    // The live poll has read the players' positions (asked in the page until it answers).
    await admin.waitForFunction(
      async () =>
        ((await (await fetch('/api/v1/map/dataset')).json()) as { data: { layers: { players: unknown[] } } }).data.layers.players.length >
        5,
      undefined,
      { polling: 250, timeout: 30_000 },
    );
    const ds = (await call(admin, 'GET', '/map/dataset')).json.data;
    players = ds.layers.players;
    bases = ds.layers.bases;
    expect(ds.tileUrl).toBe('/map-tiles/{z}/{x}/{y}.png');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  it('draws the tiles palpanel serves from the host folder, and groups overlapping dots into bubbles that zoom in on a click', async () => {
    await openMap(admin);
    const map = admin.locator('svg.map');
    await expect.poll(() => map.locator('image[href^="/map-tiles/"]').count()).toBeGreaterThan(0);
    const tile = await admin.evaluate(async () => {
      const r = await fetch('/map-tiles/0/0/0.png');
      return { status: r.status, type: r.headers.get('content-type') };
    });
    expect(tile).toEqual({ status: 200, type: 'image/png' });
    // Sixty players and their bases on the whole map: some dots overlap and are one bubble.
    const bubbles = map.locator('g.mk:has(circle.pt-group)');
    await expect.poll(() => bubbles.count()).toBeGreaterThan(0);
    const counts = (await map.locator('text.pt-count').allTextContents()).map(Number);
    expect(counts.every((n) => n >= 2)).toBe(true);
    // Every dot of a shown layer is in exactly one marker: singles plus bubble counts add up.
    const singles = await map.locator('g.mk:not(:has(circle.pt-group))').count();
    const shown = await map.getAttribute('aria-label');
    expect(singles + counts.reduce((a, b) => a + b, 0)).toBe(Number(/with (\d+) points/.exec(shown!)![1]));
    // Labels stand beside dots and never overlap one another.
    const labels = await labelBoxes(admin);
    expect(labels.length).toBeGreaterThan(0);
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) expect(a.x < b.x + b.w && a.x + a.w > b.x && a.y < b.y + b.h && a.y + a.h > b.y).toBe(false);
    await check(admin, 'desktop-dark-whole-map');
    const before = (await viewBox(admin))[2];
    const [bubble] = await markersInView(admin, 'g.mk:has(circle.pt-group)');
    await bubble.click();
    // Zoomed in (or, for dots that share one spot, a card listing them).
    await expect.poll(async () => (await viewBox(admin))[2] < before || (await card(admin).count()) > 0).toBe(true);
    await check(admin, 'desktop-dark-bubble-clicked');
  });

  it('finds a player by name, centres the map on them and opens their card in map coordinates; Esc closes it', async () => {
    await openMap(admin);
    const p = players[players.length - 1];
    const search = admin.getByRole('searchbox', { name: 'Find a player, base or guild' });
    await search.fill(p.name.slice(0, Math.max(3, p.name.length - 1)));
    await admin.locator('.map-found').getByRole('button', { name: p.name, exact: true }).waitFor();
    await check(admin, 'desktop-dark-search-results');
    await search.fill(p.name);
    await search.press('Enter');
    const c = card(admin);
    await c.getByRole('heading', { name: p.name }).waitFor();
    await expect.poll(() => c.textContent()).toContain(`${Math.round(p.map.x)}, ${Math.round(p.map.y)}`);
    expect(await c.textContent()).toContain(`world ${Math.round(p.world.x)}, ${Math.round(p.world.y)}`);
    expect(await c.textContent()).toContain(`level`);
    // Centred on the player.
    const [x, y, w, h] = await viewBox(admin);
    expect(Math.abs(x + w / 2 - p.map.x)).toBeLessThan(1);
    expect(Math.abs(-(y + h / 2) - p.map.y)).toBeLessThan(1);
    // Their name is drawn beside their dot (the selected point's label is placed first).
    await expect.poll(() => admin.locator('text.map-name.selected').textContent()).toBe(p.name);
    await check(admin, 'desktop-dark-search-card');
    await admin.keyboard.press('Escape');
    await expect.poll(() => c.count()).toBe(0);
  });

  it('opens a card on hover and on keyboard focus at desktop width, light', async () => {
    const { context, page } = await newPage(browser, pageProblems, DESKTOP, 'light');
    await signIn(page, demo.url, 'admin', demo.password);
    await openMap(page);
    const [dot] = await markersInView(page, 'g.mk:not(:has(circle.pt-group))');
    const name = (await dot.getAttribute('aria-label'))!.split(',')[0];
    await dot.hover();
    await card(page).getByRole('heading', { name, exact: true }).waitFor();
    await check(page, 'desktop-light-hover-card');
    await page.mouse.move(5, 5);
    await expect.poll(() => card(page).count()).toBe(0);
    await dot.focus();
    await card(page).getByRole('heading', { name, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => card(page).count()).toBe(0);
    await context.close();
  });

  it("fits a guild's bases into the view and links its guild page", async () => {
    await openMap(admin);
    const byGuild = new Map<string, DatasetBase[]>();
    for (const b of bases) byGuild.set(b.guildId, [...(byGuild.get(b.guildId) ?? []), b]);
    const [guildId, own] = [...byGuild].sort((a, b) => b[1].length - a[1].length)[0];
    await admin.getByRole('combobox', { name: 'Fit guild' }).selectOption(guildId);
    const c = card(admin);
    await c.getByRole('heading', { name: own[0].guildName }).waitFor();
    expect(await c.getByRole('link', { name: 'Guild page' }).getAttribute('href')).toBe(`/guilds/${encodeURIComponent(guildId)}`);
    const [x, y, w, h] = await viewBox(admin);
    for (const b of own) {
      expect(b.map.x, b.id).toBeGreaterThan(x);
      expect(b.map.x, b.id).toBeLessThan(x + w);
      expect(-b.map.y, b.id).toBeGreaterThan(y);
      expect(-b.map.y, b.id).toBeLessThan(y + h);
    }
    // Narrower than the whole map when the guild's bases lie together.
    await check(admin, 'desktop-dark-fit-guild');
  });

  it("shows an online player's position on their page in map coordinates (world units small) and opens their card on the map", async () => {
    const online = (await call(admin, 'GET', '/players?online=true&limit=500')).json.data as { name: string; uid: string }[];
    const p = players.find((x) => online.some((o) => o.name === x.name))!;
    const uid = online.find((o) => o.name === p.name)!.uid;
    await admin.goto(`${demo.url}/players/${uid}`);
    const loc = admin.locator('dt:text-is("Location") + dd');
    await loc.getByRole('link', { name: 'on the map' }).waitFor();
    const m = /^(-?\d+), (-?\d+) \(world (-?\d+), (-?\d+)\)/.exec((await loc.textContent())!)!;
    // The map coordinates are the world units through lib/map-coords.ts (the sim moves players:
    // the two numbers come from one reading).
    const want = worldToMap({ x: Number(m[3]), y: Number(m[4]) });
    expect(Math.abs(Number(m[1]) - want.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(m[2]) - want.y)).toBeLessThanOrEqual(1);
    await check(admin, 'desktop-dark-player-location');
    await loc.getByRole('link', { name: 'on the map' }).click();
    const c = card(admin);
    await c.getByRole('heading', { name: p.name, exact: true }).waitFor();
    await c.getByRole('link', { name: 'Player page' }).click();
    await admin.getByRole('heading', { name: p.name, exact: true }).waitFor();
  });

  for (const scheme of ['light', 'dark'] as const)
    it(`opens a card on a tap at phone width (${scheme}), under the map, and finds a base by search`, async () => {
      const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/.test(m.text())) pageProblems.push(m.text());
      });
      page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
      await signIn(page, demo.url, 'admin', demo.password);
      await openMap(page);
      await check(page, `phone-${scheme}-whole-map`);
      const b = bases[0];
      const label = b.displayName;
      const search = page.getByRole('searchbox', { name: 'Find a player, base or guild' });
      await search.fill(label);
      await page.locator('.map-found').getByRole('button', { name: label, exact: true }).tap();
      await card(page).getByRole('heading', { name: label, exact: true }).waitFor();
      expect(await card(page).textContent()).toContain(`${Math.round(b.map.x)}, ${Math.round(b.map.y)}`);
      // On a phone the card is under the map, covering none of it.
      const svgBox = (await page.locator('svg.map').boundingBox())!;
      const cardBox = (await card(page).boundingBox())!;
      expect(cardBox.y).toBeGreaterThanOrEqual(svgBox.y + svgBox.height - 1);
      await check(page, `phone-${scheme}-search-card`);
      await card(page).getByRole('button', { name: 'Close the card' }).tap();
      await expect.poll(() => card(page).count()).toBe(0);
      // A tap on a single dot opens its card.
      const [dot] = await markersInView(page, 'g.mk:not(:has(circle.pt-group))');
      const name = (await dot.getAttribute('aria-label'))!.split(',')[0];
      await dot.tap();
      await card(page).getByRole('heading', { name, exact: true }).waitFor();
      await check(page, `phone-${scheme}-tap-card`);
      await context.close();
    });

  it('saw no CSP violation, page error, or serious axe finding', () => {
    expect(pageProblems).toEqual([]);
    const found = Object.entries(axeProblems).filter(([, v]) => v.length > 0);
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
  });
});
