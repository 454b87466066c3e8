// Issue 38 in headless Chromium (Debian's chromium through playwright-core), with the web UI
// built from this checkout:
// - a scripted week on `serve` beside the simulated game (a sign-in, a kick, a ban, a whitelist
//   entry, a task added and run): the audit card, the dashboard's events, the bans and the
//   whitelist read with names (the user's, the player's, the task's), never `user:…`, an action
//   code, a save uid or a platform id; the audit card filters by what was done; the audit card at
//   phone width is kept as a screenshot (artifacts/web-ui/names-audit-phone.png);
// - an install with nothing set up: the dashboard offers no game action and says which settings,
//   Diagnostics says "Not set up" (not "Working"), Backups says so with no "Try again" and no
//   "Back up now".
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebAssets } from '../../src/http/web/assets.js';
import { openStore } from '../../src/store/index.js';
import { ADMIN, startDiagnosticsRig } from '../helpers/diagnostics-rig.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { CHROMIUM, launchChromium } from './browser.js';
import { buildWebUi, servePanel, signedInPage } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MIN = 60_000;

let browser: Browser;
let web: WebAssets;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const key = (uid: string) => uid.replace(/-/g, '').toUpperCase();
const textOf = async (page: Page, selector: string) => (await page.locator(selector).first().textContent()) ?? '';

if (!CHROMIUM) noteSkip("names and unconfigured screens: Debian's chromium is not on this machine (apt-get install chromium); skipped");

describe.skipIf(!CHROMIUM)('names where a person reads, and an install not set up, in Chromium', () => {
  beforeAll(async () => {
    web = buildWebUi(tempDir('palpanel-web-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 5 * MIN);
  afterAll(async () => {
    await browser?.close();
  });

  it('a scripted week reads with names in the audit, the events, the bans and the whitelist', { timeout: 4 * MIN }, async () => {
    // The save (v0.1-coop) holds one player, its host: online, kicked, then banned, and on the
    // whitelist by the platform id the game gave.
    const host = { uid: '00000000-0000-0000-0000-000000000001', name: 'Deathsnacks' };
    const rig = await startDiagnosticsRig(cleanup, { players: [{ ...host, level: 31 }] }, {}, web);
    type Online = { uid: string; name: string; userId: string | null };
    const [p] = await waitFor('the host online', async () => {
      const r = await rig.call('admin', 'GET', '/players?online=true');
      const ps = ((r.json?.data ?? []) as Online[]).filter((x) => x.userId);
      return ps.length === 1 ? ps : undefined;
    });
    expect(p.name).toBe(host.name);
    expect((await rig.call('admin', 'POST', `/players/${p.uid}/kick`, { reason: 'AFK' })).status).toBe(200);
    expect((await rig.call('admin', 'POST', `/players/${p.uid}/ban`, { reason: 'griefing' })).status).toBe(200);
    expect((await rig.call('admin', 'PUT', '/whitelist', { enabled: false, entries: [{ id: p.userId, note: '' }] })).status).toBe(200);
    const task = await rig.call('admin', 'POST', '/tasks', {
      name: 'Evening save',
      enabled: true,
      schedule: { every: 'day', at: '20:00' },
      action: { kind: 'save' },
    });
    rig.server.store.tasks.recordRun(task.json.data.id, new Date().toISOString(), 'ok', 'the game saved the world');
    const ids = [p.uid, key(p.uid), p.userId!];

    const errors: string[] = [];
    // The audit card (Settings), at desktop width.
    const page = await signedInPage(browser, rig.url, ADMIN, { viewport: DESKTOP, scheme: 'dark', path: '/settings', errors });
    const audit = page.locator('table', { has: page.locator('caption', { hasText: 'Audit log' }) });
    await audit.locator('tbody tr', { hasText: 'run scheduled task' }).waitFor();
    const auditText = (await audit.textContent()) ?? '';
    for (const words of [
      `kick player ${p.name}`,
      `ban player ${p.name}`,
      'update the whitelist',
      'run scheduled task Evening save',
      'change scheduled task Evening save',
      'sign in, session',
    ])
      expect(auditText).toContain(words);
    expect(auditText).toContain(ADMIN.username);
    for (const raw of ['user:', 'player.kick', 'session.create', 'task.run', ...ids]) expect(auditText).not.toContain(raw);
    // The ids are one hover away.
    expect(
      await audit
        .locator(`span[title="${key(p.uid)}"]`)
        .first()
        .textContent(),
    ).toBe(p.name);
    // Filtered by what was done, as the API is.
    await page.getByLabel('What').selectOption({ label: 'kick player' });
    await waitFor('only kicks', async () => ((await audit.locator('tbody tr').count()) === 1 ? true : undefined));
    expect(await audit.locator('tbody tr').first().textContent()).toContain(p.name);

    // The dashboard's events.
    await page.goto(rig.url + '/');
    const events = page.locator('.card', { has: page.getByRole('heading', { name: 'Recent events' }) });
    await events.getByText(`${ADMIN.username}: kick player ${p.name} (AFK)`).waitFor();
    await events.getByText(`${ADMIN.username}: ban player ${p.name} (griefing)`).waitFor();
    const eventText = (await events.textContent()) ?? '';
    for (const raw of ['user:', ...ids]) expect(eventText).not.toContain(raw);

    // Bans and the whitelist (Moderation).
    await page.goto(rig.url + '/moderation');
    const bans = page.locator('table', { has: page.locator('caption', { hasText: 'Bans' }) });
    const ban = bans.locator('tbody tr', { hasText: p.name });
    await ban.waitFor();
    expect(await ban.textContent()).toContain(ADMIN.username);
    expect(await ban.textContent()).not.toContain('user:');
    const wl = page.locator('table', { has: page.locator('caption', { hasText: 'Whitelist entries' }) });
    const entry = wl.locator('tbody tr', { hasText: p.userId! });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(p.name);
    expect(errors).toEqual([]);
    await page.context().close();

    // The audit card on a phone: kept for a look (and for docs/screenshots/).
    const phone = await signedInPage(browser, rig.url, ADMIN, { viewport: PHONE, scheme: 'light', path: '/settings', errors });
    const card = phone.locator('.card', { has: phone.getByRole('heading', { name: 'Audit log' }) });
    await card.locator('tbody tr', { hasText: 'kick player' }).waitFor();
    expect(await phone.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    // The card from its heading, below the page's sticky top bar.
    await card.evaluate((el) => {
      const g = globalThis as unknown as { scrollTo(x: number, y: number): void; scrollY: number };
      g.scrollTo(0, (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top + g.scrollY - 64);
    });
    await phone.screenshot({ path: join(ARTIFACTS, 'names-audit-phone.png') });
    expect(errors).toEqual([]);
    await phone.context().close();
  });

  it(
    'an install with nothing set up says so on the dashboard, Diagnostics and Backups, offering nothing that cannot work',
    { timeout: 3 * MIN },
    async () => {
      const store = await openStore(tempDir('palpanel-bare-'), () => new Date());
      cleanup.push(() => store.close());
      const admin = { username: 'admin', password: 'a-long-admin-passphrase-9' };
      store.users.add(admin.username, 'admin', admin.password, 'cli');
      const { url, server } = await servePanel(store, web);
      cleanup.push(() => server.close(1000));
      const errors: string[] = [];
      for (const [viewport, scheme] of [
        [DESKTOP, 'dark'],
        [PHONE, 'light'],
      ] as const) {
        const page = await signedInPage(browser, url, admin, { viewport, scheme, path: '/', errors });
        await page.getByText('Not configured').first().waitFor();
        expect(await textOf(page, 'main')).toContain('SERVICE_GAME_REST_URL');
        for (const name of ['Announce', 'Save world', 'Shut down'])
          expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);

        await page.goto(url + '/diagnostics');
        const summary = page.locator('.diag-summary');
        await summary.waitFor();
        expect(await summary.textContent()).toMatch(/^Not set up No link is set up yet: .*Game REST API.* are off/);
        expect(await summary.textContent()).not.toContain('Working');

        await page.goto(url + '/backups');
        // The storage card says it (and the list, empty, why); the page then offers no backup to make.
        await page.locator('.not-set-up').first().waitFor();
        await page.getByText('No save folder is set (SERVICE_SAVE_DIR)').waitFor();
        expect(await textOf(page, '.not-set-up')).toContain('SERVICE_SAVE_DIR');
        expect(await page.getByRole('button', { name: 'Try again' }).count(), 'Try again').toBe(0);
        expect(await page.getByRole('button', { name: 'Back up now' }).count(), 'Back up now').toBe(0);
        await page.screenshot({ path: join(ARTIFACTS, `names-unconfigured-backups-${scheme}.png`), fullPage: true });
        await page.context().close();
      }
      expect(errors).toEqual([]);
    },
  );
});
