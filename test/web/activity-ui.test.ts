// The Activity screen in headless Chromium behind the panel's real handler and this checkout's
// web UI, over a real store seeded with a month of players online (with the game down for a
// stretch) and sessions: the empty state, the ranges, a point read by pointer and by arrow keys,
// the gap read as no sample, the UTC heatmap, and the player's sessions timeline. Desktop and
// phone, axe-core clean; screenshots in artifacts/web-ui/activity/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import { HOST_UID, makeWorld, tempStore, type TempStore } from '../helpers/fixture.js';
import { VIEWER } from '../http/panel-harness.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium, seriousViolations } from './browser.js';
import { buildWebUi, servePanel, signedInPage } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui', 'activity');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const KEY = HOST_UID.replace(/-/g, '').toUpperCase();

let browser: Browser;
let ts: TempStore;
let server: RunningHttpServer;
let url: string;
const pageErrors: string[] = [];

async function signedIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
  return signedInPage(browser, url, VIEWER, { viewport, scheme: 'dark', path, errors: pageErrors });
}

/** A month of polls every ten minutes (the last day every minute), the game down 3..5 hours ago. */
function seed(now: number): void {
  const down = (t: number) => t >= now - 5 * HOUR && t < now - 3 * HOUR;
  for (let t = now - 30 * DAY; t <= now; t += t < now - DAY ? 10 * MIN : MIN) {
    if (down(t)) continue;
    const hour = new Date(t).getUTCHours();
    const players = hour >= 18 && hour < 23 ? 4 + (hour % 3) : hour >= 8 && hour < 18 ? 1 + (hour % 2) : 0;
    ts.store.metrics.record({ players, fps: 60, frameTimeMs: 16, uptimeSec: 1 }, new Date(t));
  }
  for (let d = 28; d >= 1; d -= 2) {
    const start = Math.floor((now - d * DAY) / DAY) * DAY + 19 * HOUR;
    ts.store.history.observe([{ playerId: KEY }], new Date(start));
    ts.store.history.left(KEY, new Date(start + 2 * HOUR + (d % 5) * 10 * MIN));
  }
}

if (!CHROMIUM)
  noteSkip("activity screen: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the Activity screen in Chromium', () => {
  beforeAll(async () => {
    const web = buildWebUi(tempDir('palpanel-web-'));
    ts = await tempStore();
    ts.store.world.replace(makeWorld({ players: 3, pals: 3 }), new Date().toISOString());
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    ({ url, server } = await servePanel(ts.store, web));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close(1000);
    ts?.cleanup();
  });

  it('says there is no history yet on a fresh store', { timeout: 60_000 }, async () => {
    const page = await signedIn(DESKTOP, '/activity');
    await page.getByText('No history yet: palpanel records players online while it runs.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'activity-empty-desktop.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it(
    'draws the month with its gap, switches ranges, reads points by pointer and keys; desktop and phone',
    { timeout: 120_000 },
    async () => {
      seed(Date.now());
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await signedIn(viewport, '/activity');
        const plot = page.locator('.activity-plot');
        await plot.waitFor();
        await page.locator('.activity-heatmap').waitFor();
        expect(await page.locator('.activity-heatmap').textContent()).toContain('UTC');
        // The line breaks at the downtime: more than one segment.
        expect((await page.locator('.activity-chart path.line').getAttribute('d'))!.match(/M/g)!.length).toBeGreaterThan(1);
        // Pointer: a point in the chart's middle names its time and players.
        const box = (await plot.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
        await page
          .getByTestId('readout')
          .filter({ hasText: /players? online|no sample/ })
          .waitFor();
        // Keys: End is the newest step, then back into the downtime (3..5 h ago, 5-min steps).
        await plot.focus();
        await page.keyboard.press('End');
        await page
          .getByTestId('readout')
          .filter({ hasText: /players? online|no sample/ })
          .waitFor();
        for (let i = 0; i < 48; i++) await page.keyboard.press('ArrowLeft');
        await page.getByTestId('readout').filter({ hasText: 'no sample (the game was down or palpanel was not running)' }).waitFor();
        await page.screenshot({ path: join(ARTIFACTS, `activity-24h-${name}.png`), fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole('button', { name: '30 days' }).click();
        await page.getByRole('heading', { name: 'Players online, last 30 days' }).waitFor();
        await page.getByRole('heading', { name: 'When people play, last 30 days (UTC)' }).waitFor();
        await plot.focus();
        await page.keyboard.press('Home');
        await page
          .getByTestId('readout')
          .filter({ hasText: /players? online|no sample/ })
          .waitFor();
        expect(await page.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
        await page.screenshot({ path: join(ARTIFACTS, `activity-30d-${name}.png`), fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole('button', { name: '7 days' }).click();
        await page.getByRole('heading', { name: 'Players online, last 7 days' }).waitFor();
        // The chart fits the width: no sideways scrolling on a phone.
        expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
        await page.context().close();
      }
    },
  );

  it("the player's page shows the month's sessions as a timeline", { timeout: 60_000 }, async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await signedIn(viewport, `/players/${HOST_UID}`);
      // The sessions are a folded section of the player's page (issue 38): unfolded, they draw.
      await page.locator('summary', { hasText: 'Sessions' }).click();
      const timeline = page.locator('.activity-timeline');
      await timeline.waitFor();
      expect(await timeline.locator('rect.bar').count()).toBe(14);
      expect(await timeline.textContent()).toMatch(/14 sessions, .+ played in the last 30 days/);
      await page.screenshot({ path: join(ARTIFACTS, `player-sessions-${name}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
    expect(pageErrors).toEqual([]);
  });
});
