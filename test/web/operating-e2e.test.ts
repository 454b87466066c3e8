// Operating with confidence, in headless Chromium: the built web UI served by `serve` in-process,
// so the test sees what the simulated game server received. A shutdown countdown started on the
// dashboard and cancelled from the tasks screen (the game hears the cancel and no shutdown); a
// console DoExit that asks first, where Cancel sends nothing; and a backup's contents (files,
// players, pals, guilds, game version) on the backups screen before any dry-run or restore.
// axe-core on each of those states; screenshots in artifacts/web-ui/operating-*.png.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { liveSettings } from '../helpers/live-serve.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { waitFor } from '../helpers/wait.js';
import { call as callAs, settled } from '../helpers/browser-page.js';
import { CHROMIUM, launchChromium, seriousViolations } from './browser.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const ADMIN = { username: 'admin', password: 'a-long-admin-passphrase-7' };

const cleanup: (() => Promise<void> | void)[] = [];
let sim: SimGameServer;
let server: RunningServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

/** What the game heard, as `action: message`. */
const heard = () =>
  sim.control.adminActions().map((a) => `${a.via} ${a.action}${a.args.message === undefined ? '' : `: ${String(a.args.message)}`}`);

/** The panel API as the signed-in page calls it. */
const call = (method: string, path: string, body?: unknown) => callAs(page, method, path, body);

/** axe-core clean, and a screenshot to look at. */
async function look(name: string): Promise<void> {
  expect(await seriousViolations(page), name).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, `operating-${name}.png`) });
}

if (!CHROMIUM) noteSkip("operating web UI: Debian's chromium is not on this machine; the browser tests are skipped");

describe.skipIf(!CHROMIUM)('operating with confidence in Chromium (serve in-process, the built web UI)', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const saveDir = tempDir('palpanel-save-');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    sim = await startSimGameServer({ churnPeriodMs: 0 });
    cleanup.push(() => sim.close());
    const settings = liveSettings(saveDir, sim, { SERVICE_RCON_ADDR: sim.rconAddr, SERVICE_RCON_PASSWORD: sim.password });
    server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    cleanup.push(() => server.stop());
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    browser = await launchChromium();
    cleanup.push(() => browser.close());
    page = await (await browser.newContext({ viewport: DESKTOP, colorScheme: 'dark' })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
    });
    await page.goto(server.url + '/');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('a shutdown countdown from the dashboard, cancelled on the tasks screen: the game hears the cancel and no shutdown', async () => {
    await page.locator('.server-card .badge').getByText('Running', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Shut down' }).click();
    const dialog = page.locator('dialog');
    await dialog.getByLabel(/In \(minutes/).fill('10');
    expect(await dialog.getByLabel('Tell players at').inputValue()).toBe('10m 5m 1m 30s 10s');
    // Steps it cannot read keep the dialog from confirming, and say why.
    await dialog.getByLabel('Tell players at').fill('10m soon');
    await dialog.getByText('“soon” is not a step: write each as 10m or 30s.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Shut down' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Tell players at').fill('10m 5m 1m 30s 10s');
    await dialog.getByLabel(/Reason told to players/).fill('Testing the countdown');
    await dialog.getByRole('button', { name: 'Shut down' }).click();
    const bar = page.getByRole('region', { name: 'Shutdown countdown' });
    await bar.getByText(/^Shutdown in (10:00|9:[0-5]\d)$/).waitFor();
    await bar.getByText(/Next told in 4:[0-5]\d: “Server shutdown in 5 minutes: Testing the countdown”/).waitFor();
    expect(heard()).toEqual(['rest announce: Server shutdown in 10 minutes: Testing the countdown']);
    await look('dashboard-countdown');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(PHONE);
    await look('dashboard-countdown-phone-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(DESKTOP);

    // The tasks screen shows the same countdown, and cancels it.
    await page.getByRole('link', { name: 'Tasks', exact: true }).click();
    await page.getByRole('heading', { name: 'Scheduled tasks' }).waitFor();
    await settled(page);
    await bar.getByText(/^Shutdown in \d+:\d\d$/).waitFor();
    await look('tasks-countdown');
    await bar.getByRole('button', { name: 'Cancel shutdown' }).click();
    await page.getByText('The shutdown was cancelled; players were told.').waitFor();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await settled(page);
    // Nothing on the dashboard still says a shutdown is coming.
    expect(await page.getByText(/shuts down in|Shutdown in/).count()).toBe(0);
    expect(await bar.count()).toBe(0);
    await waitFor('the cancel told in game', () => (heard().length === 2 ? true : undefined));
    expect(heard()).toEqual([
      'rest announce: Server shutdown in 10 minutes: Testing the countdown',
      'rest announce: Server shutdown cancelled. Carry on playing.',
    ]);
    expect(sim.control.adminActions().filter((a) => a.action === 'shutdown' || a.action === 'stop')).toEqual([]);
    expect((await call('GET', '/server/countdown')).json.data).toBeNull();
    const audit = (await call('GET', '/audit?limit=10&action=server.cancel')).json.data;
    expect(audit).toEqual([expect.objectContaining({ actor: 'user:admin', outcome: 'ok' })]);
  });

  it("a backup's contents on the backups screen before any dry-run: files with sizes, players, pals, guilds, game version", async () => {
    await waitFor(
      'the world parsed',
      async () => ((await call('GET', '/server/health')).json.data.lastParse?.ok ? true : undefined),
      30_000,
    );
    const made = await call('POST', '/backups', { note: 'before the contents test' });
    expect(made.status).toBe(202);
    const done = await waitFor(
      'the backup made',
      async () => {
        const j = (await call('GET', `/backups/${made.json.data.id}`)).json.data;
        return j.state === 'done' ? j.backup : undefined;
      },
      30_000,
    );
    const contents = (await call('GET', `/backups/${done.id}/contents`)).json.data;
    expect(contents.world).not.toBeNull();

    const asked: string[] = [];
    page.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.getByRole('link', { name: 'Backups', exact: true }).click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await settled(page);
    await page
      .getByRole('button', { name: /^Contents of the backup of / })
      .first()
      .click();
    const card = page.locator('.backup-contents');
    await card.getByRole('table').waitFor();
    await settled(page);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(contents.gameVersion ?? 'not recorded');
    expect(text).toMatch(new RegExp(`${contents.world.players} players?`));
    expect(text).toMatch(new RegExp(`${contents.world.pals.toLocaleString('en-US')} pals?`));
    expect(text).toMatch(new RegExp(`${contents.world.guilds} guilds?`));
    for (const f of contents.files) await card.getByRole('cell', { name: f.path, exact: true }).waitFor();
    expect(await card.getByRole('row').count()).toBe(contents.files.length + 1);
    await look('backup-contents');
    // Nothing was dry-run or restored to show it.
    expect(asked.filter((a) => a.includes('/restore'))).toEqual([]);
    expect(asked).toContain(`GET /api/v1/backups/${done.id}/contents`);
    await page.setViewportSize(PHONE);
    await look('backup-contents-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('a console DoExit asks first with the dialog; Cancel sends nothing; confirmed, the game stops', async () => {
    await page.getByRole('link', { name: 'Console', exact: true }).click();
    await page.getByRole('heading', { name: 'Console' }).waitFor();
    await settled(page);
    const before = heard().length;
    await page.getByRole('textbox', { name: /^Command/ }).fill('DoExit');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Run this command?' });
    await dialog.getByText('DoExit stops the game server at once, without a countdown or a save.').waitFor();
    await look('console-doexit-asks');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(heard().length).toBe(before);
    expect((await call('GET', '/console/log')).json.data).toEqual([]);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await dialog.getByRole('button', { name: 'Run it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitFor('the game told to stop', () => (heard().includes('rcon stop') ? true : undefined));
    expect((await call('GET', '/console/log')).json.data).toEqual([expect.objectContaining({ command: 'DoExit', actor: 'user:admin' })]);
  });

  it('saw no CSP violation and no page error', () => {
    expect(problems).toEqual([]);
  });
});
