// The pal explorer in headless Chromium, over the real 1.0 save (2,150 pals, 1,045 of them in
// containers of players whose file is missing) parsed into a real store, behind the panel's real
// handler and this checkout's web UI: the filters give the store's counts, an empty filter offers
// to clear itself, a bad filter is said in words, the card opens with Enter and closes with
// Escape, and the phone shows cards instead of the table. Desktop and phone, dark and light,
// axe-core clean; screenshots in artifacts/web-ui/pals-*.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import type { WorldSnapshot } from '../../src/domain/world.js';
import { parseWorld } from '../../src/save/index.js';
import { tempStore, type TempStore } from '../helpers/fixture.js';
import { VIEWER } from '../http/panel-harness.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { loadWorld } from '../save/fixtures.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { buildWebUi, servePanel, signedInPage } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let ts: TempStore;
let server: RunningHttpServer;
let world: WorldSnapshot;
let url: string;
const pageErrors: string[] = [];

async function signedIn(viewport: { width: number; height: number }, scheme: 'dark' | 'light', path = '/pals'): Promise<Page> {
  return signedInPage(browser, url, VIEWER, { viewport, scheme, path, errors: pageErrors });
}

const count = (page: Page) => page.locator('.pal-count').textContent();
const expectCount = async (page: Page, n: number) => {
  await page.locator('.pal-count', { hasText: new RegExp(`^${n.toLocaleString('en')} pals?\\b`) }).waitFor();
};

if (!CHROMIUM) noteSkip("pal explorer: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the pal explorer in Chromium', () => {
  beforeAll(async () => {
    const web = buildWebUi(tempDir('palpanel-web-'));
    ts = await tempStore();
    world = await parseWorld(loadWorld('v1.0-relics'));
    ts.store.world.replace(world, new Date().toISOString());
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    ({ url, server } = await servePanel(ts.store, web, 60));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close(1000);
    ts?.cleanup();
  });

  it(
    'filters by alpha, lucky, stars and placement to the counts of the save, and offers to clear an empty result',
    { timeout: 120_000 },
    async () => {
      const page = await signedIn(DESKTOP, 'dark');
      await expectCount(page, world.pals.length);
      await page.getByLabel('Alpha').selectOption('true');
      await expectCount(page, world.pals.filter((p) => p.isAlpha).length);
      // Lucky pals are never alpha (save/world-pals.ts): together they match nothing.
      await page.getByLabel('Lucky').selectOption('true');
      await page.getByText('No pal matches these filters.').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'pals-empty-desktop-dark.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('.card').getByRole('button', { name: 'Clear filters' }).click();
      await expectCount(page, world.pals.length);

      await page.getByLabel('Stars').selectOption('1');
      const starred = world.pals.filter((p) => p.rank !== null && p.rank >= 2).length;
      expect(starred).toBeGreaterThan(0);
      await expectCount(page, starred);
      await page.getByRole('button', { name: /Remove filter: ★ ≥ 1/ }).click();

      await page.getByLabel('Where').selectOption('unknown');
      await expectCount(page, 1045);
      expect(await page.locator('.pal-table-view tbody tr').count()).toBe(100);
      expect(await page.locator('.pal-table-view tbody').textContent()).toContain('owner file missing');
      await page.getByText('Why are some pals “Unknown”?').click();
      expect(await page.locator('.pal-unknown-note').textContent()).toContain('Players/<uid>.sav');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('.pal-count', { hasText: 'showing 101–200' }).waitFor();
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.locator('.pal-count', { hasText: 'showing 1–100' }).waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'pals-unknown-desktop-dark.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
  );

  it('sorts on the server by a column header', { timeout: 60_000 }, async () => {
    const page = await signedIn(DESKTOP, 'light');
    await expectCount(page, world.pals.length);
    await page.getByRole('button', { name: /^Talents/ }).click();
    await page.waitForURL(/sort=talents/);
    const best = Math.max(...world.pals.map((p) => p.talents.hp + p.talents.shot + p.talents.defense));
    // Ascending first: the first row is the weakest; the header again: the strongest.
    await page.getByRole('button', { name: /^Talents/ }).click();
    await page.waitForURL((u) => !u.search.includes('order=asc'));
    const first = page.locator('.pal-table-view tbody tr').first();
    await first.getByRole('button').first().click();
    const card = page.getByRole('dialog');
    const words = (await card.locator('.pal-talent-words').textContent()) ?? '';
    const [hp, atk, def] = [...words.matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(hp + atk + def).toBe(best);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('a bad filter in the address is said in words', async () => {
    const page = await signedIn(DESKTOP, 'dark', '/pals?minLevel=30&maxLevel=20');
    await page.getByRole('alert').getByText('The lowest level is above the highest').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'pals-error-desktop-dark.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  const LOOKS = [
    ['desktop', DESKTOP, 'dark'],
    ['desktop', DESKTOP, 'light'],
    ['phone', PHONE, 'dark'],
    ['phone', PHONE, 'light'],
  ] as const;

  it('opens the card with Enter and closes it with Escape, in every look', { timeout: 180_000 }, async () => {
    const problems: Record<string, AxeFinding[]> = {};
    for (const [tag, viewport, scheme] of LOOKS) {
      const page = await signedIn(viewport, scheme, '/pals?placement=unknown');
      await expectCount(page, 1045);
      // The phone lists cards, the desktop a table: only one of them is shown.
      expect(await page.locator('.pal-table-view').isVisible()).toBe(tag === 'desktop');
      expect(await page.locator('.pal-cards-view').isVisible()).toBe(tag === 'phone');
      problems[`${tag} ${scheme} list`] = await seriousViolations(page);
      await page.screenshot({ path: join(ARTIFACTS, `pals-list-${tag}-${scheme}.png`), fullPage: false });

      const opener = page
        .locator(tag === 'desktop' ? '.pal-table-view' : '.pal-cards-view')
        .locator('button.pal-open')
        .first();
      const name = (await opener.textContent()) ?? '';
      await opener.focus();
      await page.keyboard.press('Enter');
      const card = page.getByRole('dialog', { name: new RegExp(name) });
      await card.waitFor();
      expect(await card.textContent()).toContain("Its owner's player file (Players/<uid>.sav) is not in the save folder");
      problems[`${tag} ${scheme} card`] = await seriousViolations(page);
      await page.screenshot({ path: join(ARTIFACTS, `pals-card-${tag}-${scheme}.png`) });
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'hidden' });
      // Focus is back on the row's button, so the keyboard goes on from where it was.
      expect(
        await opener.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
      ).toBe(true);
      await page.context().close();
    }
    const found = Object.entries(problems).filter(([, v]) => v.length > 0);
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
  });

  it('says how many pals there are before any filter', async () => {
    const page = await signedIn(PHONE, 'dark');
    await page.locator('.pal-count').waitFor();
    expect(await count(page)).toMatch(/^2,150 pals · showing 1–100$/);
    await page.context().close();
  });

  it("a player's page shows their pals with stars and talents, axe-clean", { timeout: 60_000 }, async () => {
    const owner = world.players.find((p) => world.pals.some((x) => x.ownerUid === p.uid && x.placement === 'box'))!;
    const page = await signedIn(DESKTOP, 'light', `/players/${owner.uid}`);
    // The pals are folded, with their count, until unfolded; then the explorer's table, paged.
    await page.locator('summary', { hasText: 'Pals' }).click();
    const table = page.getByRole('region', { name: 'Pals' });
    await table.waitFor();
    expect(await table.locator('.pal-stars').count()).toBeGreaterThan(0);
    expect(await table.locator('.pal-talents').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'pals-player-desktop-light.png') });
    await page.context().close();
  });

  it('saw no page error on any screen', () => {
    expect(pageErrors).toEqual([]);
  });
});
