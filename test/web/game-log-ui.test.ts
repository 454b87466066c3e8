// The game log screen in headless Chromium (issue 40), the web UI built from this checkout and the
// panel's real handler following a real log file: lines drawn as text (markup in a line is shown,
// never interpreted), secrets masked, level filters and search, a new line followed, a viewer not
// offered it, axe-core clean at phone and desktop widths, dark and light (screenshots in
// artifacts/web-ui/game-log-*).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebAssets } from '../../src/http/web/assets.js';
import { createHandler } from '../../src/http/index.js';
import { startHttpServer } from '../../src/http/node-adapter.js';
import { createLogger } from '../../src/lib/logger.js';
import { GameLog } from '../../src/ingest/game-log/game-log.js';
import { FileFollower } from '../../src/ingest/game-log/file-follower.js';
import { masker } from '../../src/ingest/game-log/log-line.js';
import { tempStore, TestLive } from '../helpers/fixture.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium, seriousViolations } from './browser.js';
import { buildWebUi } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const ADMIN = { username: 'admin', password: 'game-log-admin-pass-1' };
const VIEWER = { username: 'viewer', password: 'game-log-viewer-pass-1' };
const SECRET = 'Sup3rAdminPw';
const LINES = [
  '[2026.11.28-03.59.58:120][  0]LogInit: Display: Running engine for game: Pal',
  '[2026.11.28-03.59.59:004][  0]LogNet: GameNetDriver IpNetDriver listening on port 8211',
  '[2026.11.28-04.00.00:500][ 12]LogPal: Warning: autosave took 2.4 s (world 37 MB)',
  `[2026.11.28-04.00.01:000][ 13]LogPal: Error: <img src=x onerror="window.__pwned=1"> rejected AdminPassword=${SECRET}`,
  '[04:00:02][info] PalDefender: steam_76561198000000002 (Lyra) joined from 203.0.113.7',
  '[04:00:03][warning] PalDefender: Lyra used /give with an item id that does not exist',
  '[04:00:04][debug] PalDefender: REST request GET /v1/pdapi/players 200',
  'Shutdown handler: initialize.',
];

let browser: Browser;
let web: WebAssets;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig() {
  const path = join(tempDir(), 'PalServer.log');
  writeFileSync(path, LINES.join('\n') + '\n');
  const g = new GameLog('file', path, masker([SECRET]), () => new Date());
  const ac = new AbortController();
  const follower = new FileFollower(path, g.events, 100);
  follower.start(ac.signal, () => undefined);
  cleanup.push(() => follower.close());
  cleanup.push(() => ac.abort());
  const ts = await tempStore();
  cleanup.push(() => ts.cleanup());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const log = createLogger('text', () => {});
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    settings: { integrationRateLimit: 600, sessionTtlMs: 3_600_000 },
    clock: () => new Date(),
    log,
    version: 'test',
    web,
    gameLog: g,
  });
  const server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log });
  cleanup.push(() => server.close(2_000));
  return { url: `http://127.0.0.1:${server.port}`, path };
}

async function signIn(page: Page, url: string, who: { username: string; password: string }) {
  await page.goto(url + '/');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

const shown = (page: Page) => page.locator('.gamelog-text').allTextContents();

if (!CHROMIUM)
  noteSkip("game log screen: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the game log screen in Chromium', () => {
  beforeAll(async () => {
    web = buildWebUi(tempDir('palpanel-web-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the lines as text, masked, filters them, follows new ones', { timeout: 120_000 }, async () => {
    const { url, path } = await rig();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, url, ADMIN);
    await page.goto(url + '/game-log');
    await page.getByRole('heading', { name: 'Game log', level: 1 }).waitFor();
    await page
      .locator('.gamelog-line')
      .nth(LINES.length - 1)
      .waitFor();
    const texts = await shown(page);
    expect(texts).toHaveLength(LINES.length);
    // Markup in a line is its text: no element made from it, no script run; the password masked.
    expect(texts[3]).toBe(
      '[2026.11.28-04.00.01:000][ 13]LogPal: Error: <img src=x onerror="window.__pwned=1"> rejected AdminPassword=****',
    );
    expect(await page.locator('.gamelog-lines img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect((await page.locator('main').textContent()) ?? '').not.toContain(SECRET);
    expect(await page.locator('.gamelog-line.lv-error').count()).toBe(1);
    expect(await page.locator('.gamelog-line.lv-warning').count()).toBe(2);
    // New lines come over the stream (server-sent events), not by asking again.
    await page.locator('.gamelog-mode', { hasText: 'live' }).waitFor();

    // Levels: only errors and warnings.
    for (const l of ['Info', 'Debug', 'No level']) await page.getByLabel(l, { exact: true }).uncheck();
    await expect.poll(() => shown(page)).toHaveLength(3);
    // Search within them.
    await page.getByLabel('Search the log').fill('paldefender');
    await expect.poll(() => shown(page)).toEqual(['[04:00:03][warning] PalDefender: Lyra used /give with an item id that does not exist']);
    await page.getByLabel('Search the log').fill('');
    for (const l of ['Info', 'Debug', 'No level']) await page.getByLabel(l, { exact: true }).check();
    await expect.poll(() => shown(page)).toHaveLength(LINES.length);

    // A line the game writes now appears within a few seconds.
    appendFileSync(path, '[2026.11.28-04.00.09:000][ 20]LogPal: Display: a player joined\n');
    await expect.poll(() => shown(page), { timeout: 10_000 }).toHaveLength(LINES.length + 1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'game-log-phone-dark.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is clean at desktop and phone widths, dark and light; a viewer has no game log', { timeout: 120_000 }, async () => {
    const { url } = await rig();
    for (const [tag, viewport, scheme] of [
      ['desktop', { width: 1280, height: 860 }, 'light'],
      ['phone', { width: 390, height: 844 }, 'light'],
    ] as const) {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      await signIn(page, url, ADMIN);
      await page.goto(url + '/game-log');
      await page
        .locator('.gamelog-line')
        .nth(LINES.length - 1)
        .waitFor();
      expect(await seriousViolations(page), `${tag} ${scheme}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `game-log-${tag}-${scheme}.png`) });
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await signIn(page, url, VIEWER);
    expect(await page.getByRole('link', { name: 'Game log' }).count()).toBe(0);
    await context.close();
  });
});
