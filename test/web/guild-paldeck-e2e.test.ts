// The guild page, the player's Paldeck and the whitelist from the player, in headless Chromium
// against `dist/palpanel demo` (simulated game with the game-data poller on): the guild page at
// phone and desktop widths, dark and light, reached from the players list and the Guilds screen;
// the Paldeck grid and its "missing only"; "Add to whitelist" for an admin, the state as text
// for a viewer; and turning the whitelist on asks first, naming who it would kick, and sends nothing on Cancel. Each state
// is checked by axe-core; screenshots in artifacts/web-ui/guild-paldeck/.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { call, DESKTOP, newPage, PHONE, signIn, startDemo, type Demo } from './panel-demo.js';

const ACTIVITY = /working|transporting|eating|sleeping|idle|inactive|combat|incapacitated|moving|unknown/;
const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui', 'guild-paldeck');
const VIEWER = { username: 'gina', password: 'green-lantern-viewer-77' };

let demo: Demo;
let browser: Browser;
let admin: Page;
const pageProblems: string[] = [];
const axeProblems: Record<string, AxeFinding[]> = {};

async function check(page: Page, name: string, fullPage = true): Promise<void> {
  axeProblems[name] = await seriousViolations(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

interface GuildRow {
  id: string;
  name: string;
  displayName: string;
  memberCount: number;
  members: { uid: string; name: string }[];
  bases: { id: string }[];
}

if (!CHROMIUM) noteSkip("guild-paldeck: Debian's chromium is not on this machine; the browser tests are skipped");

describe.skipIf(!CHROMIUM)('guild page, Paldeck and whitelist from the player in Chromium (dist/palpanel demo)', () => {
  let guild: GuildRow;

  beforeAll(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    demo = await startDemo(['--players', '12', '--pals', '300']);
    browser = await launchChromium();
    ({ page: admin } = await newPage(browser, pageProblems));
    await signIn(admin, demo.url, 'admin', demo.password);
    expect((await call(admin, 'POST', '/users', { username: VIEWER.username, role: 'viewer', password: VIEWER.password })).status).toBe(
      201,
    );
    const guilds = (await call(admin, 'GET', '/guilds')).json.data as GuildRow[];
    guild = guilds.filter((g) => g.bases.length > 0).sort((a, b) => b.memberCount - a.memberCount)[0];
    expect(guild).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  it('shows the guild: members with level and online state, bases with workers and their live activity, the pals', async () => {
    // The game-data poller links live workers to the save's base pals: wait for one at this guild.
    await expect
      .poll(async () => {
        const d = (await call(admin, 'GET', `/guilds/${guild.id}`)).json.data;
        return d.bases.some((b: { workers: { live: unknown }[] }) => b.workers.some((w) => w.live !== null));
      })
      .toBe(true);
    const d = (await call(admin, 'GET', `/guilds/${guild.id}`)).json.data;
    const worker = d.bases.flatMap((b: { workers: unknown[] }) => b.workers).find((w: { live: unknown }) => w.live !== null);

    for (const [viewport, scheme, tag] of [
      [DESKTOP, 'dark', 'desktop-dark'],
      [PHONE, 'light', 'phone-light'],
    ] as const) {
      const { context, page } = await newPage(browser, pageProblems, viewport, scheme);
      await signIn(page, demo.url, 'admin', demo.password);
      await page.goto(`${demo.url}/guilds/${guild.id}`);
      await page.getByRole('heading', { name: guild.displayName, level: 1 }).waitFor();
      await page.getByRole('heading', { name: `Members (${guild.members.length})` }).waitFor();
      const members = page.getByRole('table', { name: 'Members of this guild' });
      for (const m of guild.members) await members.getByRole('link', { name: m.name }).waitFor();
      expect(await page.getByRole('table', { name: /^Workers at / }).count()).toBe(guild.bases.length);
      // A linked worker's row says what it does now (which changes from poll to poll: any activity).
      const row = page
        .getByRole('table', { name: /^Workers at / })
        .locator('tbody tr')
        .filter({ hasText: worker.displayName })
        .first();
      await expect.poll(() => row.textContent()).toMatch(ACTIVITY);
      await page
        .getByText(/map -?\d+, -?\d+/)
        .first()
        .waitFor();
      await page.getByRole('heading', { name: `Pals of the guild (${d.pals.length})` }).waitFor();
      await check(page, `${tag}-guild`);
      await context.close();
    }
  }, 90_000);

  it('links to the guild from the players list and from the Guilds screen', async () => {
    const { context, page } = await newPage(browser, pageProblems, DESKTOP, 'dark');
    await signIn(page, demo.url, 'admin', demo.password);
    await page.goto(`${demo.url}/players`);
    const member = guild.members[0];
    await page.getByRole('row').filter({ hasText: member.name }).getByRole('link', { name: guild.displayName }).first().click();
    await page.waitForURL(`**/guilds/${guild.id}`);
    await page.getByRole('heading', { name: `Members (${guild.members.length})` }).waitFor();
    await page.goto(`${demo.url}/guilds`);
    await page.getByRole('table', { name: 'Guilds' }).getByRole('link', { name: guild.displayName }).first().click();
    await page.waitForURL(/\/guilds\/[0-9A-F-]+$/);
    await page.getByRole('heading', { name: /^Members \(/ }).waitFor();
    await context.close();
  }, 90_000);

  it("shows a player's Paldeck as a grid of species, 'missing only' leaving the locked ones", async () => {
    const uid = guild.members[0].uid;
    const deck = (await call(admin, 'GET', `/players/${uid}/paldeck`)).json.data;
    for (const [viewport, scheme, tag] of [
      [DESKTOP, 'light', 'desktop-light'],
      [PHONE, 'dark', 'phone-dark'],
    ] as const) {
      const { context, page } = await newPage(browser, pageProblems, viewport, scheme);
      await signIn(page, demo.url, 'admin', demo.password);
      await page.goto(`${demo.url}/players/${uid}`);
      // Folded with its count until unfolded.
      await page.locator('summary', { hasText: 'Paldeck' }).click();
      const grid = page.getByRole('list', { name: 'Paldeck species' });
      await grid.waitFor();
      const tiles = () => grid.locator('li').count();
      expect(await tiles()).toBe(deck.species.length);
      await page.getByLabel(/Missing only/).check();
      const missing = deck.species.length - deck.totals.unlocked;
      if (missing === 0) await page.getByText('Nothing missing: every species is unlocked.').waitFor();
      else await expect.poll(tiles).toBe(missing);
      await page.getByLabel(/Missing only/).uncheck();
      await expect.poll(tiles).toBe(deck.species.length);
      await grid.scrollIntoViewIfNeeded();
      await check(page, `${tag}-paldeck`, false);
      await context.close();
    }
  }, 90_000);

  it('adds a player to the whitelist from their page; a viewer sees the state as text', async () => {
    const online = (await call(admin, 'GET', '/players?online=true')).json.data as { uid: string; name: string }[];
    expect(online.length).toBeGreaterThan(1);
    const p = online[0];
    await admin.goto(`${demo.url}/players/${p.uid}`);
    await admin.getByRole('button', { name: 'Add to whitelist' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `${p.name} is on the whitelist.` })
      .waitFor();
    await admin.getByRole('button', { name: 'Remove from whitelist' }).waitFor();
    expect((await call(admin, 'GET', `/players/${p.uid}`)).json.data.whitelisted).toBe(true);

    const { context, page } = await newPage(browser, pageProblems, PHONE, 'light');
    await signIn(page, demo.url, VIEWER.username, VIEWER.password);
    await page.goto(`${demo.url}/players/${p.uid}`);
    await page.locator('.page-actions').getByText('whitelisted', { exact: true }).waitFor();
    expect(await page.getByText('Not on the whitelist').count()).toBe(0);
    expect(await page.getByRole('button', { name: /whitelist/ }).count()).toBe(0);
    await check(page, 'phone-light-viewer-player', false);
    await page.goto(`${demo.url}/players/${online[1].uid}`);
    await page.getByText('Not on the whitelist', { exact: true }).waitFor();
    await context.close();
  }, 90_000);

  it('turning the whitelist on names who it would kick and sends nothing on Cancel', async () => {
    const before = (await call(admin, 'GET', '/whitelist')).json.data;
    expect(before.enabled).toBe(false);
    const { context, page } = await newPage(browser, pageProblems, PHONE, 'dark');
    await signIn(page, demo.url, 'admin', demo.password);
    await page.goto(`${demo.url}/moderation`);
    await page.getByLabel('Whitelist on').check();
    await page.getByRole('button', { name: 'Save whitelist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn the whitelist on?' });
    await dialog.waitFor();
    // The names the server gives for the same list, in the dialog's words.
    const impact = (await call(page, 'POST', '/whitelist/impact', { ...before, known: undefined, enabled: true })).json.data;
    expect(impact.kicks.length).toBeGreaterThan(0);
    const n = impact.kicks.length === 1 ? '1 player' : `${impact.kicks.length} players`;
    const names = impact.kicks.map((k: { name: string }) => k.name).join(', ');
    await dialog.getByText(`Turning the whitelist on kicks ${n} online now: ${names}. Turn it on?`).waitFor();
    await check(page, 'phone-dark-whitelist-confirm', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await call(admin, 'GET', '/whitelist')).json.data).toEqual(before);

    // Yes: the list is saved on.
    await page.getByRole('button', { name: 'Save whitelist' }).click();
    await dialog.getByRole('button', { name: 'Turn it on' }).click();
    await expect.poll(async () => (await call(admin, 'GET', '/whitelist')).json.data.enabled).toBe(true);
    await context.close();
  }, 90_000);

  it('found no serious axe-core problem in any state, and no CSP violation or page error', () => {
    const found = Object.entries(axeProblems).filter(([, v]) => v.length > 0);
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
    expect(Object.keys(axeProblems).length).toBeGreaterThanOrEqual(6);
    expect(pageProblems).toEqual([]);
  });
});
