// The command palette and the wording and state fixes of "Operating with confidence", in headless
// Chromium against `dist/palpanel demo`: the palette by keyboard alone (screens, players, guilds,
// bases, saved commands, actions; kick and ban ask first), a viewer's palette without a single
// action, a viewer's empty backups and read-only configuration, the apply step as an instruction,
// the audit log refreshing by itself, phone tables that keep their key columns on screen, the
// theme in the phone menu, a long version that stays in its card; each state checked by axe-core
// at desktop and phone widths, dark and light (screenshots in artifacts/web-ui/palette/).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { call, DESKTOP, newPage, PHONE, settled, signIn, startDemo, type Demo } from './panel-demo.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui', 'palette');
const VIEWER = { username: 'vera', password: 'quiet-harbor-viewer-91' };

let demo: Demo;
let browser: Browser;
let admin: Page;
const pageProblems: string[] = [];
const axeProblems: Record<string, AxeFinding[]> = {};

// Runs in the page (the test's types have no DOM).
type El = { tagName: string; id: string; closest(s: string): El | null; getAttribute(n: string): string | null };
const activeInfo = (page: Page) =>
  page.evaluate(() => {
    const a = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
    return { tag: a?.tagName ?? '', id: a?.id ?? '', role: a?.getAttribute('role') ?? '', inPalette: !!a?.closest('dialog.palette') };
  });

const palette = (page: Page) => page.locator('dialog.palette');
const isOpen = (d: Locator) => d.evaluate((x) => (x as unknown as { open: boolean }).open);
const selected = (page: Page) => palette(page).locator('[role=option][aria-selected=true]');
const options = (page: Page) => palette(page).getByRole('option');

async function check(page: Page, name: string, fullPage = false): Promise<void> {
  axeProblems[name] = await seriousViolations(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/** Opens the palette by keyboard and types `query`; waits until the list has settled on it. */
async function find(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect.poll(() => isOpen(palette(page))).toBe(true);
  // It opens empty, whatever was typed the last time.
  expect(await palette(page).getByRole('combobox').inputValue()).toBe('');
  await page.keyboard.type(query);
  await expect.poll(() => palette(page).getByRole('combobox').inputValue()).toBe(query);
  await expect.poll(() => palette(page).locator('.palette-foot').textContent()).not.toMatch(/Reading/);
}

if (!CHROMIUM)
  noteSkip(
    "palette: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); the browser tests are skipped",
  );

describe.skipIf(!CHROMIUM)('the command palette and the wording fixes in Chromium (dist/palpanel demo)', () => {
  beforeAll(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    demo = await startDemo(['--players', '12', '--pals', '200']);
    browser = await launchChromium();
    ({ page: admin } = await newPage(browser, pageProblems));
    await signIn(admin, demo.url, 'admin', demo.password);
    expect((await call(admin, 'POST', '/users', { username: VIEWER.username, role: 'viewer', password: VIEWER.password })).status).toBe(
      201,
    );
    expect((await call(admin, 'POST', '/console/saved', { name: 'hello all', command: 'Broadcast palette_says_hi' })).status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  it('shows a viewer the empty backups in words for a viewer, and the configuration as text', async () => {
    expect((await call(admin, 'GET', '/backups')).json.data).toEqual([]);
    const { context, page } = await newPage(browser, pageProblems, PHONE, 'light');
    await signIn(page, demo.url, VIEWER.username, VIEWER.password);
    await page.goto(demo.url + '/backups');
    await page.getByText('No backups yet. An admin makes them, by hand or on the schedule.').waitFor();
    expect(await page.getByText(/Make one now/).count()).toBe(0);
    await check(page, 'phone-light-viewer-backups');

    await page.goto(demo.url + '/config');
    // The settings are folded into groups: the rates are read unfolded.
    await page.locator('summary', { hasText: 'Rates' }).click();
    await page.locator('.settings .setting').first().waitFor();
    // Values as text: not one editor, enabled or disabled, and nothing to save.
    expect(await page.locator('.settings input, .settings select, .settings textarea').count()).toBe(0);
    const exp = page.locator('.setting').filter({ has: page.locator('code', { hasText: /^ExpRate$/ }) });
    expect((await exp.locator('.setting-value').textContent())!.trim()).toMatch(/^\d+(\.\d+)?$/);
    expect(await page.getByRole('button', { name: /Save settings|How to apply/ }).count()).toBe(0);
    await check(page, 'phone-light-viewer-config');
    await context.close();
  });

  it('gives a viewer a palette of places only: no action, no saved command, on the phone button', async () => {
    const { context, page } = await newPage(browser, pageProblems, PHONE, 'light');
    await signIn(page, demo.url, VIEWER.username, VIEWER.password);
    await page.getByRole('button', { name: /Go to/ }).click();
    await expect.poll(() => isOpen(palette(page))).toBe(true);
    const kinds = async () => (await palette(page).locator('.palette-kind').allTextContents()).map((k) => k.trim());
    // Empty query: the screens a viewer may open, and nothing else.
    expect(new Set(await kinds())).toEqual(new Set(['Screen']));
    const screens = (await palette(page).locator('.palette-label').allTextContents()).map((l) => l.trim());
    expect(screens).toContain('Players');
    for (const hidden of ['Console', 'Item grants', 'Tasks', 'Settings']) expect(screens).not.toContain(hidden);
    const online = (await call(page, 'GET', '/players?online=true&limit=1')).json.data[0] as { name: string };
    for (const q of ['kick', 'ban', 'announce', 'back up', 'save the world', 'run', 'hello all', online.name]) {
      await palette(page).getByRole('combobox').fill(q);
      await expect.poll(() => palette(page).locator('.palette-foot').textContent()).not.toMatch(/Reading/);
      const found = await kinds();
      expect(
        found.filter((k) => k === 'Action' || k === 'Saved command'),
        q,
      ).toEqual([]);
    }
    // The player is found, as a place to go.
    expect(await kinds()).toContain('Player');
    await check(page, 'phone-light-viewer-palette');
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(palette(page))).toBe(false);
    await context.close();
  });

  it('chooses the theme from the phone menu, and keeps it', async () => {
    const { context, page } = await newPage(browser, pageProblems, PHONE, 'dark');
    await signIn(page, demo.url, 'admin', demo.password);
    // Not in the phone's header: there is no room.
    expect(await page.locator('.topbar').getByRole('combobox', { name: 'Theme' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    const pick = page.getByRole('navigation', { name: 'Screens' }).getByLabel('Theme', { exact: true });
    await pick.selectOption('light');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (globalThis as unknown as { document: { documentElement: El } }).document.documentElement.getAttribute('data-theme'),
        ),
      )
      .toBe('light');
    await check(page, 'phone-menu-theme-light');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { document: { documentElement: El } }).document.documentElement.getAttribute('data-theme'),
      ),
    ).toBe('light');
    // On a desktop the header has it, and the menu's copy is not shown.
    const desk = await newPage(browser, pageProblems, DESKTOP, 'dark');
    await signIn(desk.page, demo.url, 'admin', demo.password);
    expect(await desk.page.locator('.topbar').getByRole('combobox', { name: 'Theme' }).isVisible()).toBe(true);
    expect(await desk.page.locator('nav').getByRole('combobox', { name: 'Theme' }).isVisible()).toBe(false);
    await desk.context.close();
    await context.close();
  });

  it(
    'goes to screens, players, guilds and bases by keyboard alone; arrows move, Escape closes, Tab stays inside',
    { timeout: 90_000 },
    async () => {
      await admin.goto(demo.url + '/');
      await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();

      await find(admin, 'bkps');
      expect(await activeInfo(admin)).toMatchObject({ role: 'combobox', inPalette: true });
      expect((await selected(admin).textContent())!).toMatch(/^Backups/);
      await check(admin, 'desktop-dark-palette-screens');
      await admin.keyboard.press('Enter');
      await admin.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
      expect(await isOpen(palette(admin))).toBe(false);
      // The keyboard carries on from the screen it went to.
      expect(await activeInfo(admin)).toMatchObject({ id: 'main' });

      // Arrows: down moves on, up comes back, up from the first goes round to the last.
      await find(admin, 'o');
      const count = await options(admin).count();
      expect(count).toBeGreaterThan(2);
      const first = await selected(admin).textContent();
      await admin.keyboard.press('ArrowDown');
      const second = await selected(admin).textContent();
      expect(second).not.toBe(first);
      await admin.keyboard.press('ArrowUp');
      expect(await selected(admin).textContent()).toBe(first);
      await admin.keyboard.press('ArrowUp');
      expect(await selected(admin).textContent()).toBe(
        await options(admin)
          .nth(count - 1)
          .textContent(),
      );
      // Tab goes round the palette's own controls, never out of it.
      for (let i = 0; i < 4; i++) {
        await admin.keyboard.press('Tab');
        expect((await activeInfo(admin)).inPalette, `tab ${i}`).toBe(true);
      }
      await admin.keyboard.press('Shift+Tab');
      expect((await activeInfo(admin)).inPalette).toBe(true);
      await admin.keyboard.press('Escape');
      await expect.poll(() => isOpen(palette(admin))).toBe(false);
      await admin.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();

      // A player, by part of the name.
      const player = (await call(admin, 'GET', '/players?limit=1')).json.data[0] as { name: string; uid: string };
      await find(admin, player.name);
      await expect.poll(() => selected(admin).textContent()).toMatch(new RegExp(`^${player.name}`));
      expect(await selected(admin).locator('.palette-kind').textContent()).toBe('Player');
      await check(admin, 'desktop-dark-palette-player');
      await admin.keyboard.press('Enter');
      await admin.getByRole('heading', { name: player.name }).waitFor();
      expect(new URL(admin.url()).pathname).toBe(`/players/${player.uid}`);

      // A guild, and a base on the map.
      const guild = (
        (await call(admin, 'GET', '/guilds')).json.data as {
          id: string;
          name: string;
          displayName: string;
          bases: { id: string; displayName: string; location: unknown }[];
        }[]
      ).find((g) => g.name && g.bases.some((b) => b.location))!;
      await find(admin, guild.displayName);
      const guildOption = options(admin)
        .filter({ has: admin.locator('.palette-kind', { hasText: /^Guild$/ }) })
        .first();
      while ((await selected(admin).textContent()) !== (await guildOption.textContent())) await admin.keyboard.press('ArrowDown');
      await admin.keyboard.press('Enter');
      await admin.getByRole('heading', { name: 'Guilds and bases' }).waitFor();
      expect(new URL(admin.url()).hash).toBe(`#guild-${guild.id}`);
      await expect.poll(() => admin.locator(`#guild-${guild.id}`).isVisible()).toBe(true);

      const base = guild.bases.find((b) => b.location)!;
      const baseLabel = base.displayName;
      await find(admin, baseLabel);
      const baseOption = options(admin)
        .filter({ has: admin.locator('.palette-kind', { hasText: /^Base$/ }) })
        .filter({ has: admin.locator('.palette-label', { hasText: new RegExp(`^${baseLabel}$`) }) })
        .first();
      await baseOption.waitFor();
      while ((await selected(admin).textContent()) !== (await baseOption.textContent())) await admin.keyboard.press('ArrowDown');
      await admin.keyboard.press('Enter');
      await admin.locator('svg.map').waitFor();
      expect(new URL(admin.url()).searchParams.get('focus')).toBe(base.id);
    },
  );

  it('kicks by keyboard after asking for a reason; a ban asks and Escape leaves everyone unbanned', { timeout: 60_000 }, async () => {
    const online = (await call(admin, 'GET', '/players?online=true&limit=500')).json.data as { name: string; uid: string }[];
    const target = online[0];
    await find(admin, `kick ${target.name}`);
    expect(await selected(admin).textContent()).toMatch(new RegExp(`^Kick ${target.name}…`));
    await admin.keyboard.press('Enter');
    const ask = admin.locator('dialog[open]').filter({ hasText: `Kick ${target.name}?` });
    await ask.waitFor();
    // The question has the keyboard: the reason is typed at once, Enter confirms.
    expect(await activeInfo(admin)).toMatchObject({ tag: 'INPUT' });
    await check(admin, 'desktop-dark-palette-kick-asks');
    await admin.keyboard.type('palette test');
    await admin.keyboard.press('Enter');
    await admin.getByText(`${target.name} was kicked.`).waitFor({ timeout: 15_000 });
    const audit = (await call(admin, 'GET', '/audit?limit=20')).json.data as { action: string; detail: string | null; outcome: string }[];
    expect(audit.find((a) => a.action === 'player.kick')).toMatchObject({ detail: expect.stringContaining('palette test'), outcome: 'ok' });

    await find(admin, `ban ${online[1].name}`);
    await admin.keyboard.press('Enter');
    await admin
      .locator('dialog[open]')
      .filter({ hasText: `Ban ${online[1].name}?` })
      .waitFor();
    // Ctrl-K while a question is open does not stack the palette on it.
    await admin.keyboard.press('Control+k');
    expect(await isOpen(palette(admin))).toBe(false);
    await admin.keyboard.press('Escape');
    await expect.poll(() => admin.locator('dialog[open]').count()).toBe(0);
    expect((await call(admin, 'GET', '/bans')).json.data).toEqual([]);
  });

  it('runs a saved command after asking, saves the world and backs up, by keyboard', { timeout: 120_000 }, async () => {
    await find(admin, 'hello all');
    expect(await selected(admin).textContent()).toMatch(/^Run “hello all”Broadcast palette_says_hiSaved command$/);
    await admin.keyboard.press('Enter');
    const ask = admin.locator('dialog[open]').filter({ hasText: 'Run “hello all”?' });
    await ask.getByText('Broadcast palette_says_hi').waitFor();
    // A question with nothing to type starts on Cancel: Enter alone sends nothing.
    expect(await activeInfo(admin)).toMatchObject({ tag: 'BUTTON' });
    expect(
      await ask
        .getByRole('button', { name: 'Cancel' })
        .evaluate((b) => b === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
    ).toBe(true);
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Enter');
    await admin.getByText('Ran “hello all”. The console’s log has the reply.').waitFor({ timeout: 15_000 });
    const log = (await call(admin, 'GET', '/console/log?limit=5')).json.data as { command: string; outcome: string }[];
    expect(log[0]).toMatchObject({ command: 'Broadcast palette_says_hi', outcome: 'ok' });

    await find(admin, 'save the world');
    await admin.keyboard.press('Enter');
    await admin.getByText('The game saved the world.').waitFor({ timeout: 15_000 });

    await find(admin, 'back up now');
    expect(await selected(admin).textContent()).toMatch(/^Back up now/);
    await admin.keyboard.press('Enter');
    await admin.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await admin.getByText(/A backup is being made/).waitFor();
    await expect.poll(async () => (await call(admin, 'GET', '/backups')).json.data.length, { timeout: 60_000 }).toBe(1);
    const actions = ((await call(admin, 'GET', '/audit?limit=30')).json.data as { action: string }[]).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['console.exec', 'server.save', 'backup.create']));
  });

  it('draws the palette clean at desktop and phone widths, dark and light', { timeout: 90_000 }, async () => {
    for (const [tag, viewport, scheme] of [
      ['desktop-light', DESKTOP, 'light'],
      ['phone-dark', PHONE, 'dark'],
    ] as const) {
      const { context, page } = await newPage(browser, pageProblems, viewport, scheme);
      await signIn(page, demo.url, 'admin', demo.password);
      if (tag.startsWith('phone')) await page.getByRole('button', { name: /Go to/ }).click();
      else await page.keyboard.press('Meta+k');
      await expect.poll(() => isOpen(palette(page))).toBe(true);
      await check(page, `${tag}-palette-empty`);
      await palette(page).getByRole('combobox').fill('pa');
      await expect.poll(() => palette(page).locator('.palette-foot').textContent()).toMatch(/match/);
      await check(page, `${tag}-palette-typed`);
      // Each short name stays on one line, however long the hint beside it (a phone had
      // squeezed "Lena" to "Len / a").
      type Box = { textContent: string; getBoundingClientRect(): { height: number } };
      type Styles = { getComputedStyle(e: Box): { fontSize: string } };
      const lines = await palette(page)
        .locator('.palette-label')
        .evaluateAll((els) =>
          (els as unknown as Box[]).map((e) => ({
            text: e.textContent,
            // In font sizes: one line is about 1.2 to 1.5, two lines 2.4 or more.
            ems: e.getBoundingClientRect().height / parseFloat((globalThis as unknown as Styles).getComputedStyle(e).fontSize),
          })),
        );
      expect(lines.length).toBeGreaterThan(5);
      for (const l of lines.filter((x) => x.text.length <= 20)) expect(l.ems, `${tag} ${l.text}`).toBeLessThan(2);
      await palette(page).getByRole('combobox').fill('zzzzqqq');
      await palette(page).getByText('Nothing matches “zzzzqqq”.').waitFor();
      await check(page, `${tag}-palette-nothing`);
      await context.close();
    }
  });

  it('shows "How to apply" as the instruction it is, and never calls the 501 route', async () => {
    const asked: string[] = [];
    admin.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await admin.goto(demo.url + '/config');
    await admin.getByRole('button', { name: 'How to apply' }).click();
    const note = admin.getByRole('status').filter({ hasText: 'How to apply:' });
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^How to apply: \S/);
    expect(await note.getAttribute('class')).not.toMatch(/error/);
    expect(await admin.getByRole('alert').count()).toBe(0);
    expect(asked).not.toContain('/api/v1/config/apply');
    await check(admin, 'desktop-dark-config-apply', true);
  });

  it('refreshes the audit log by itself when a change is made elsewhere', { timeout: 60_000 }, async () => {
    await admin.goto(demo.url + '/settings');
    const audit = admin.locator('section.card').filter({ has: admin.getByRole('heading', { name: 'Audit log' }) });
    await audit.locator('tbody tr').first().waitFor();
    // Someone else (another session) adds a user: the row appears here with no click.
    const other = await newPage(browser, pageProblems);
    await signIn(other.page, demo.url, 'admin', demo.password);
    expect(
      (await call(other.page, 'POST', '/users', { username: 'live-probe', role: 'viewer', password: 'distant-lantern-probe-73' })).status,
    ).toBe(201);
    await audit.getByRole('row').filter({ hasText: 'create user' }).filter({ hasText: 'live-probe' }).waitFor({ timeout: 20_000 });
    await other.context.close();
  });

  it('keeps the key columns of wide tables on a phone screen, and a long version inside its card', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, pageProblems, PHONE, 'dark');
    // A game version as long as a build string gets (the demo's own is short).
    await context.route('**/api/v1/server', async (r) => {
      const res = await r.fetch();
      const body = (await res.json()) as { data: { version: string } };
      body.data.version = 'v0.6.1.79736.20261126.experimental.dedicated.server.build';
      await r.fulfill({ response: res, json: body });
    });
    await signIn(page, demo.url, 'admin', demo.password);
    const version = page.locator('.stat').filter({ hasText: /^Version/ });
    await version.getByText(/experimental/).waitFor();
    const fits = (l: Locator) =>
      l.evaluate((e) => {
        const x = e as unknown as { scrollWidth: number; clientWidth: number };
        return x.scrollWidth <= x.clientWidth;
      });
    expect(await fits(version)).toBe(true);
    expect(await fits(page.locator('.server-card'))).toBe(true);
    await check(page, 'phone-dark-dashboard-long-version');

    for (const [path, keys, name] of [
      ['/players', ['Name', 'Online', 'Level', 'Last seen'], 'players'],
      ['/settings', ['When', 'Who', 'What'], 'audit'],
    ] as const) {
      await page.goto(demo.url + path);
      await settled(page);
      const table = page.getByRole('region', { name: name === 'players' ? 'Players' : 'Audit log' });
      await table.locator('tbody tr').first().waitFor();
      // Nothing hides to the right: the table is no wider than its box, and the box no wider than the screen.
      expect(await fits(table), path).toBe(true);
      const box = (await table.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(PHONE.width);
      for (const k of keys) {
        const th = table.getByRole('columnheader', { name: k });
        expect(await th.isVisible(), `${path} ${k}`).toBe(true);
        const b = (await th.boundingBox())!;
        expect(b.x + b.width, `${path} ${k}`).toBeLessThanOrEqual(PHONE.width);
      }
      await check(page, `phone-dark-${name}-table`, true);
    }
    await context.close();
  });

  it('found no serious axe-core problem in any state, and no CSP violation or page error', () => {
    const found = Object.entries(axeProblems).filter(([, v]) => v.length > 0);
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
    expect(Object.keys(axeProblems).length).toBeGreaterThan(15);
    expect(pageProblems).toEqual([]);
  });
});
