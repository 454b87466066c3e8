// The game operated in headless Chromium (issue 40): the dashboard's resources card and the
// Crashes screen over a real store holding an hour of resources (five minutes with the game's
// process unseen), a crash still open and one that came back with its log tail, and two versions;
// drawn at desktop and phone widths, dark and light, axe-core clean (screenshots in
// artifacts/web-ui/crashes-*), with the down banner, the log tail and the versions on screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import type { ResourceSample } from '../../src/domain/resources.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { buildWebUi, servePanel, signedInPage } from './in-process-panel.js';
import { GameStarter } from '../../src/actions/game-start.js';
import { runCommand } from '../../src/backups/copy-process.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const ADMIN = { username: 'admin', password: 'crashes-admin-1' };
const LOOKS = [
  ['desktop', { width: 1280, height: 860 }, 'dark'],
  ['phone', { width: 390, height: 844 }, 'light'],
  ['phone', { width: 390, height: 844 }, 'dark'],
] as const;

function seed(store: Store, now: number): ResourceSample {
  let last!: ResourceSample;
  for (let t = now - 3_600_000; t <= now; t += 30_000) {
    const unseen = t > now - 40 * 60_000 && t < now - 35 * 60_000;
    last = {
      at: new Date(t).toISOString(),
      host: {
        cpuPercent: 35,
        cores: 4,
        memTotalBytes: 16e9,
        memAvailableBytes: 9e9,
        swapTotalBytes: 0,
        swapFreeBytes: 0,
        load1: 1.2,
        load5: 1,
        load15: 1,
        saveDiskFreeBytes: 1e11,
        saveDiskTotalBytes: 2e11,
        backupDiskFreeBytes: 1e11,
        backupDiskTotalBytes: 2e11,
      },
      game: unseen ? null : { pid: 4242, cpuSeconds: 100, cpuPercent: 140, rssBytes: 5e9, threads: 64, startedAtMs: now - 3_600_000 },
      gameHidden: unseen ? 'not visible: no process named PalServer-Linux-Shipping that palpanel can read' : null,
    };
    store.resources.record(last);
  }
  const tail = ['[2026.11.28-03.15.07:771][741]LogCore: Error: appError called: Fatal error: <b>not markup</b>'];
  store.gameRecord.addCrash(
    { at: new Date(now - 2 * 86_400_000).toISOString(), cause: 'process_gone', uptimeSec: 19_850, rssBytes: 6.3e9, logTail: tail },
    'crashed',
  );
  store.gameRecord.returned(new Date(now - 2 * 86_400_000 + 95_000).toISOString(), () => 'back');
  store.gameRecord.addCrash(
    { at: new Date(now - 10 * 60_000).toISOString(), cause: 'unreachable', uptimeSec: 600, rssBytes: null, logTail: [] },
    'crashed',
  );
  store.gameRecord.versionSeen('v0.6.8.86212', new Date(now - 12 * 86_400_000).toISOString());
  store.gameRecord.versionSeen('v1.0.3.101283', new Date(now - 2 * 86_400_000).toISOString());
  return last;
}

if (!CHROMIUM)
  noteSkip("crashes screen: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the resources card and the crashes screen in Chromium', () => {
  let browser: Browser;
  let url = '';
  const closers: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    const web = buildWebUi(tempDir('palpanel-web-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    const now = Date.now();
    const store = await openStore(tempDir(), () => new Date(now));
    closers.push(() => store.close());
    store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const latest = seed(store, now);
    // Start runs a real command through the copy command's runner; the game (TestLive) is down.
    const starter = new GameStarter({
      command: ['/bin/echo', 'palworld.service started'],
      run: (argv) => runCommand(argv, { env: {}, timeoutMs: 10_000, killGraceMs: 0, redact: (l) => l }).done,
      running: () => Promise.resolve(null),
      store,
      clock: () => new Date(),
    });
    const served = await servePanel(store, web, 600, {
      operate: { resources: { latest: () => latest }, starter, downBoundMs: 5 * 60_000 },
    });
    closers.push(() => served.server.close(0));
    url = served.url;
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    for (const c of closers.reverse()) await c();
  });

  it('draws both in every look, axe-core clean', { timeout: 180_000 }, async () => {
    const problems: Record<string, AxeFinding[]> = {};
    for (const [tag, viewport, scheme] of LOOKS) {
      const errors: string[] = [];
      const page = await signedInPage(browser, url, ADMIN, { viewport, scheme, path: '/', errors });
      await page.getByRole('heading', { name: 'Machine and game process' }).waitFor();
      await page.getByText('Game memory (GB)').waitFor();
      // The process line comes with its own sample, which may land after the chart's (a loaded
      // machine drew the chart first): waited for, then counted.
      await page.getByText('pid 4242 · 64 threads').first().waitFor();
      expect(await page.getByText('pid 4242 · 64 threads').count()).toBe(1);
      problems[`dashboard ${tag} ${scheme}`] = await seriousViolations(page);
      await page.goto(url + '/crashes');
      await page.getByRole('heading', { name: 'Crashes', level: 1 }).waitFor();
      await page.locator('.crash-list li').nth(1).waitFor();
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('has not come back');
      expect(main).toContain('v1.0.3.101283');
      expect(main).toContain('still down');
      await page.locator('.crash-list summary').nth(1).click();
      // The log tail is text: its markup is shown, never interpreted.
      expect(await page.locator('.crash-log').first().textContent()).toContain('<b>not markup</b>');
      problems[`crashes ${tag} ${scheme}`] = await seriousViolations(page);
      await page.screenshot({ path: join(ARTIFACTS, `crashes-${tag}-${scheme}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const found = Object.entries(problems).filter(([, v]) => v.length > 0);
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
  });

  it('starts the stopped game from the dashboard, and the Crashes screen shows the run', { timeout: 120_000 }, async () => {
    const errors: string[] = [];
    const page = await signedInPage(browser, url, ADMIN, { viewport: LOOKS[1][1], scheme: 'light', path: '/', errors });
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.goto(url + '/crashes');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('exit 0').waitFor();
    expect(await dialog.locator('.crash-log').textContent()).toContain('palworld.service started');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
