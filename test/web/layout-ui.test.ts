// Every screen of the web UI at a phone's width (390 px) and a desktop's (1440 px), in light and
// dark (issue 38), in Debian's chromium over the real 1.0 world (test/web/layout-panel.ts): no
// page scrolls sideways and no control clips its words or sticks out of its box
// (test/web/layout-check.ts; its own case below shows it sees a planted too-wide element, a
// clipped button, a clipped select and a version broken across lines). The busiest player of
// the world (363 pals, a 192-species Paldeck) has a page under four screen heights on a phone
// until something is unfolded; the unfolded pals are paged by the server, the Paldeck a grid with "missing only". Events have a
// menu entry and a screen, where the dashboard's "All events" leads. Screenshots in
// artifacts/web-ui/layout-*.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../helpers/browser-page.js';
import { tempStore, type TempStore } from '../helpers/fixture.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium } from './browser.js';
import { layoutProblems, pageHeight } from './layout-check.js';
import { LAYOUT_ADMIN, serveLayoutPanel, type LayoutPanel } from './layout-panel.js';
import { signedInPage } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
let ts: TempStore;
let panel: LayoutPanel;
const pageErrors: string[] = [];

/** Every route of the web UI an admin reaches, with a player's and a guild's page. */
function routes(): string[] {
  const guild = [...panel.world.guilds].sort((a, b) => b.members.length - a.members.length)[0];
  return [
    '/',
    '/players',
    `/players/${panel.busiest.uid}`,
    '/activity',
    '/events',
    '/moderation',
    '/guilds',
    `/guilds/${guild.id}`,
    '/pals',
    '/map',
    '/backups',
    '/console',
    '/game-log',
    '/config',
    '/items',
    '/tasks',
    '/crashes',
    '/diagnostics',
    '/settings',
    '/account',
  ];
}

async function open(viewport: { width: number; height: number }, scheme: 'dark' | 'light', path = '/'): Promise<Page> {
  return signedInPage(browser, panel.url, LAYOUT_ADMIN, { viewport, scheme, path, errors: pageErrors });
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(panel.url + path);
  await page.locator('main h1').first().waitFor();
  await settled(page);
}

if (!CHROMIUM)
  noteSkip("layout at 390 and 1440 px: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the layout of every screen in Chromium', () => {
  beforeAll(async () => {
    ts = await tempStore();
    panel = await serveLayoutPanel(ts.store, tempDir('palpanel-layout-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await panel?.server.close(1000);
    ts?.cleanup();
  });

  it('sees a planted too-wide element, a clipped button, a clipped select and a word broken in a tile', { timeout: 60_000 }, async () => {
    const page = await open(PHONE, 'light', '/tasks');
    expect(await layoutProblems(page)).toEqual([]);
    // A string: the test's own types have no DOM.
    await page.evaluate(`(() => {
      const main = document.querySelector('main');
      const wide = document.createElement('div');
      wide.style.width = '600px';
      wide.textContent = 'wide';
      main.append(wide);
      const b = document.createElement('button');
      b.style.cssText = 'width: 60px; white-space: nowrap; overflow: hidden';
      b.textContent = 'A button with far too many words';
      main.append(b);
      const s = document.createElement('select');
      s.style.width = '70px';
      s.innerHTML = '<option>Pals and captured humans</option>';
      main.append(s);
      const tile = document.createElement('div');
      tile.className = 'stat-value';
      tile.style.cssText = 'width: 60px; overflow-wrap: anywhere';
      tile.textContent = 'v1.0.3.101283';
      main.append(tile);
    })()`);
    const found = (await layoutProblems(page)).map((p) => p.what);
    expect(found).toContain('horizontal scroll');
    expect(found).toContain('clipped control');
    expect(found).toContain('clipped select');
    expect(found).toContain('word broken in a tile');
    await page.context().close();
  });

  for (const [viewport, scheme] of [
    [PHONE, 'light'],
    [PHONE, 'dark'],
    [DESKTOP, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    it(`has no sideways scroll and no clipped control on any screen at ${viewport.width} px, ${scheme}`, { timeout: 240_000 }, async () => {
      const page = await open(viewport, scheme);
      const problems: string[] = [];
      for (const path of routes()) {
        await visit(page, path);
        for (const p of await layoutProblems(page)) problems.push(`${path}: ${p.what}: ${p.detail}`);
        const name = path.split('/')[1] || 'dashboard';
        if (!path.includes('/', 1)) await page.screenshot({ path: join(ARTIFACTS, `layout-${name}-${viewport.width}-${scheme}.png`) });
      }
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }

  it(
    'keeps the busiest player of the 1.0 world under four screen heights on a phone until a section is unfolded',
    { timeout: 120_000 },
    async () => {
      const owned = panel.world.pals.filter((p) => p.ownerUid === panel.busiest.uid).length;
      expect(owned).toBe(363);
      for (const scheme of ['light', 'dark'] as const) {
        const page = await open(PHONE, scheme, `/players/${panel.busiest.uid}`);
        await settled(page);
        const folded = await pageHeight(page);
        expect(folded).toBeLessThanOrEqual(4 * PHONE.height);
        // The counts are on the folded sections.
        await page.locator('summary', { hasText: 'Pals' }).filter({ hasText: '363' }).waitFor();
        await page
          .locator('summary', { hasText: 'Paldeck' })
          .filter({ hasText: `${panel.busiest.paldeckUnlocked} unlocked` })
          .waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        await page.context().close();
      }
    },
  );

  it('pages the unfolded pals on the server and draws the Paldeck as a grid with "missing only"', { timeout: 120_000 }, async () => {
    const page = await open(PHONE, 'dark', `/players/${panel.busiest.uid}`);
    await page.locator('summary', { hasText: 'Pals' }).click();
    await page.locator('.pal-count', { hasText: /^363 pals · showing 1–50$/ }).waitFor();
    expect(await page.locator('.pal-cards-view > li').count()).toBe(50);
    await page.getByRole('navigation', { name: 'Pages of pals' }).getByRole('button', { name: 'Next' }).click();
    await page.locator('.pal-count', { hasText: /showing 51–100$/ }).waitFor();

    await page.locator('summary', { hasText: 'Paldeck' }).click();
    const tiles = page.getByRole('list', { name: 'Paldeck species' }).locator('li');
    await tiles.first().waitFor();
    const all = await tiles.count();
    expect(all).toBe(192);
    const unlocked = panel.busiest.paldeckUnlocked ?? 0;
    await page.getByLabel(/Missing only \(\d+\)/).check();
    await expect.poll(() => tiles.count()).toBe(192 - unlocked);
    expect(await page.locator('.paldeck-grid li.got').count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'layout-player-unfolded-390-dark.png'), fullPage: true });
    await page.context().close();
  });

  it('shows a running countdown in the top bar on every screen, phone and desktop', { timeout: 120_000 }, async () => {
    // No game runs here, so the countdown is the one the server would answer while a shutdown
    // runs (the contract's shape), given to the page's own request for it.
    const endsAt = Date.now() + 272_000;
    const countdown = {
      kind: 'shutdown',
      reason: 'update',
      startedBy: 'user:admin',
      startedAt: new Date().toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      steps: [300, 60, 10],
      nextStepAt: new Date(endsAt - 60_000).toISOString(),
      nextWords: 'Shutdown in 1 minute: update',
      cancellable: true,
    };
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(viewport, 'dark');
      await page.route('**/api/v1/server/countdown', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: countdown }) }),
      );
      for (const path of ['/', '/players', '/config', '/events']) {
        await visit(page, path);
        const top = page.locator('header.topbar .top-countdown');
        await top.waitFor();
        // The time left as the clock has it now (the walk's own length varies with the machine's
        // load), within the second the page last drew and the time it took to read it.
        const shown = /^Shutdown in (\d+):(\d\d)$/.exec((await top.textContent()) ?? '');
        expect(shown).not.toBeNull();
        const left = (endsAt - Date.now()) / 1000;
        expect(Number(shown![1]) * 60 + Number(shown![2])).toBeGreaterThanOrEqual(Math.floor(left) - 2);
        expect(Number(shown![1]) * 60 + Number(shown![2])).toBeLessThanOrEqual(Math.ceil(left) + 2);
        expect(await layoutProblems(page)).toEqual([]);
      }
      await page.screenshot({ path: join(ARTIFACTS, `layout-countdown-${viewport.width}-dark.png`) });
      await page.locator('header.topbar .top-countdown').click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.context().close();
    }
  });

  it('has Events in the menu and a screen of its own, where "All events" leads', { timeout: 60_000 }, async () => {
    const page = await open(DESKTOP, 'light');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Events' }).waitFor();
    await page.getByRole('link', { name: 'All events' }).click();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/events');
    // The sign-ins of this test are in the log, newest first.
    await page.locator('ol.events li', { hasText: 'sign in' }).first().waitFor();
    await page.getByLabel('Kind of event').selectOption('join');
    await page.getByText('No events of this kind yet.').waitFor();
    await page.context().close();
  });
});
