// The pal explorer's species search in a Japanese browser, in headless Chromium over the real 1.0
// save behind the panel's real handler and this checkout's web UI: the address's `species=アヌビス`
// goes to the server with the UI's language (`lang=ja`) and finds the pals `species=anubis` finds;
// the page's own call of the names route reads the Japanese tables. Screenshot in
// artifacts/web-ui/names-*.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import { parseWorld } from '../../src/save/index.js';
import { tempStore, type TempStore } from '../helpers/fixture.js';
import { VIEWER } from '../http/panel-harness.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { loadWorld } from '../save/fixtures.js';
import { call } from '../helpers/browser-page.js';
import { CHROMIUM, launchChromium } from './browser.js';
import { buildWebUi, servePanel } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
let browser: Browser;
let ts: TempStore;
let server: RunningHttpServer;
let url: string;

if (!CHROMIUM) noteSkip("game names: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('game names in a Japanese browser', () => {
  beforeAll(async () => {
    const web = buildWebUi(tempDir('palpanel-web-'));
    ts = await tempStore();
    ts.store.world.replace(await parseWorld(loadWorld('v1.0-relics')), new Date().toISOString());
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

  it('finds the pals of a Japanese species name, as the English name finds them', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
    // Signed in through the API (the sign-in form's words are the UI's language's).
    const login = await context.request.post(`${url}/api/v1/auth/login`, { headers: fromPanelPage(url), data: VIEWER });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/pals?')) asked.push(decodeURIComponent(r.url()));
    });
    await page.goto(`${url}/pals?species=${encodeURIComponent('アヌビス')}`);
    const english = (await call(page, 'GET', '/pals?species=anubis&limit=1')).json as { total: number };
    expect(english.total).toBeGreaterThan(0);
    // The count line shows the matches, whatever its words: the number the English name finds.
    await page.locator('.pal-count', { hasText: new RegExp(`\\b${english.total}\\b`) }).waitFor({ timeout: 15_000 });
    expect(asked.some((u) => u.includes('species=アヌビス') && u.includes('lang=ja'))).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'names-pals-ja-phone.png'), fullPage: true });
    // The names route as the page calls it: the Japanese tables.
    const names = await call(page, 'GET', '/names/ja');
    expect(names.status).toBe(200);
    expect(names.json.data.species.umihebi_fire).toBe('アグニドラ');
    await context.close();
  });
});
