// The web UI in headless Chromium against `dist/palpanel demo` (issue 14): sign in, the
// dashboard moving with the event stream, a kick, a key made and revoked, a config value
// edited, every screen checked by axe-core at desktop and phone widths (screenshots kept in
// artifacts/web-ui/), a dry-run restore then a confirmed one, and a viewer who sees no
// control it cannot use. The tests run in this order on one demo, as a host would go.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { layoutProblems } from './layout-check.js';
import { noteSkip } from '../helpers/skipped.js';
import { call, settled, signIn } from '../helpers/browser-page.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
/** Without rclone the demo's copies fail, which the backups screen draws too. */
const rcloneHere = spawnSync('rclone', ['version']).status === 0;
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

let demo: ChildProcess;
let url = '';
let password = '';
let browser: Browser;
let admin: Page;
/** CSP violations and page errors seen in any page: none is allowed. */
const pageProblems: string[] = [];

// The host's own map tiles (SERVICE_MAP_TILE_URL): a 1x1 PNG for every tile, counted.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const tileRequests: string[] = [];
let tiles: Server;

function startTileServer(): Promise<number> {
  tiles = createServer((req, res) => {
    tileRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  return new Promise((resolve) => tiles.listen(0, '127.0.0.1', () => resolve((tiles.address() as AddressInfo).port)));
}

async function startDemo(tilePort: number): Promise<void> {
  demo = spawn(BIN, ['demo', '--listen', '127.0.0.1:0', '--data-dir', tempDir(), '--players', '12', '--pals', '400'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SERVICE_MAP_TILE_URL: `http://127.0.0.1:${tilePort}/palpagos/{z}/{x}/{y}.png`,
      // Each backup copied off-site by the shipped rclone script to a folder (rclone's local remote).
      SERVICE_BACKUP_COPY_COMMAND: join(ROOT, 'deploy', 'backup-copy', 'rclone.sh'),
      PALPANEL_RCLONE_REMOTE: tempDir('palpanel-offsite-'),
    },
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo printed no login: ${out}`)), 60_000);
    demo.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const u = /panel URL\s+(http:\/\/\S+)/.exec(out);
      const p = /admin login\s+admin \/ (\S+)/.exec(out);
      if (u && p) {
        clearTimeout(timer);
        url = u[1];
        password = p[1];
        resolve();
      }
    });
    demo.once('exit', (code) => reject(new Error(`the demo exited (${code}): ${out}`)));
  });
}

async function newPage(viewport = DESKTOP, colorScheme: 'dark' | 'light' = 'dark'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) pageProblems.push(m.text());
  });
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  return { context, page };
}

/** Opens the first online player's page, kicks or bans them with a reason; returns their name. */
async function moderateFirstOnline(act: 'Kick' | 'Ban', reason: string): Promise<string> {
  await admin.goto(url + '/players?online=true');
  await settled(admin);
  const first = admin.locator('tbody tr').first().getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await admin.getByRole('heading', { name }).waitFor();
  await admin.getByRole('button', { name: act, exact: true }).click();
  await admin.getByLabel(/Reason/).fill(reason);
  await admin.locator('dialog').getByRole('button', { name: act }).click();
  return name;
}

if (!CHROMIUM)
  noteSkip(
    "web UI: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); the browser tests are skipped",
  );

describe.skipIf(!CHROMIUM)('the web UI in Chromium (dist/palpanel demo)', () => {
  beforeAll(async () => {
    // Only this file's screenshots: other browser tests keep theirs in folders below (palette/).
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const f of readdirSync(ARTIFACTS)) if (f.endsWith('.png')) rmSync(join(ARTIFACTS, f));
    await startDemo(await startTileServer());
    browser = await launchChromium();
    ({ page: admin } = await newPage());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    tiles?.close();
    if (demo && demo.exitCode === null) {
      await new Promise<void>((resolve) => {
        demo.once('exit', () => resolve());
        demo.kill('SIGTERM');
      });
    }
  });

  it('signs in, saying a wrong password in words first', async () => {
    await admin.goto(url + '/players');
    await admin.getByLabel('Username').fill('admin');
    await admin.getByLabel('Password').fill('not-the-password');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => admin.getByRole('alert').textContent()).toContain('The username or password is incorrect.');
    await admin.getByLabel('Password').fill(password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    // The screen asked for before signing in is the one shown after.
    await admin.getByRole('heading', { name: 'Players' }).waitFor();
    await admin.goto(url + '/');
    await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('updates the dashboard from the event stream, without a reload', async () => {
    await admin.locator('.live-mode.stream').waitFor({ timeout: 15_000 });
    const probe = `stream-probe-${Date.now()}`;
    const made = await call(admin, 'POST', '/integration-keys', { label: probe });
    expect(made.status).toBe(201);
    await admin.locator('.events').getByText(probe).waitFor({ timeout: 10_000 });
    // The server card shows live figures from the poller.
    await expect.poll(() => admin.locator('.server-card').textContent(), { timeout: 10_000 }).toMatch(/Running[\s\S]*\d+ \/ \d+/);
    await call(admin, 'DELETE', `/integration-keys/${made.json.id}`);
  });

  it('falls back to polling every 5 s when the event stream is refused, and says so', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage();
    // The stream answers as it does at its cap: 503 `unavailable`.
    await context.route('**/api/v1/events/stream', (r) =>
      r.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Too many event streams are open.' } }),
      }),
    );
    await signIn(page, url, 'admin', password);
    await page.getByText('Live (polling every 5 s)').waitFor({ timeout: 15_000 });
    const probe = `poll-probe-${Date.now()}`;
    const made = await call(page, 'POST', '/integration-keys', { label: probe });
    expect(made.status).toBe(201);
    await page.locator('.events').getByText(probe).waitFor({ timeout: 12_000 });
    await call(page, 'DELETE', `/integration-keys/${made.json.id}`);
    await context.close();
  });

  it('kicks an online player with a reason', async () => {
    const name = await moderateFirstOnline('Kick', 'browser test');
    await admin.getByText(`${name} was kicked.`).waitFor({ timeout: 10_000 });
    const audit = await call(admin, 'GET', '/audit?limit=20');
    expect(audit.json.data.find((a: { action: string }) => a.action === 'player.kick')).toMatchObject({
      outcome: 'ok',
      actor: 'user:admin',
    });
  });

  it(
    'bans a player with a reason, lists the ban on Moderation, unbans there, and keeps a whitelist entry',
    { timeout: 60_000 },
    async () => {
      const name = await moderateFirstOnline('Ban', 'browser ban');
      await admin.getByText(`${name} is banned.`).waitFor({ timeout: 10_000 });

      await admin.goto(url + '/moderation');
      const ban = admin.getByRole('row').filter({ hasText: 'browser ban' });
      await ban.getByRole('link', { name }).waitFor();
      await ban.getByRole('button', { name: 'Unban' }).click();
      await admin.locator('dialog').getByRole('button', { name: 'Unban' }).click();
      await admin.getByText('Nobody is banned through palpanel.').waitFor({ timeout: 10_000 });

      await admin.getByLabel('Platform id or save uid to add').fill('steam_76561190000000001');
      await admin.getByLabel('Note', { exact: true }).fill('browser friend');
      await admin.getByRole('button', { name: 'Add', exact: true }).click();
      await admin.getByRole('button', { name: 'Save whitelist' }).click();
      await expect
        .poll(async () => (await call(admin, 'GET', '/whitelist')).json.data.entries.map((e: { id: string }) => e.id))
        .toContain('steam_76561190000000001');
      const audit = (await call(admin, 'GET', '/audit?limit=20')).json.data.map((a: { action: string }) => a.action);
      expect(audit).toEqual(expect.arrayContaining(['player.ban', 'player.unban', 'whitelist.update']));
    },
  );

  it('creates a key, shows it once with a copy button, and revokes it', async () => {
    await admin.goto(url + '/settings');
    await admin.getByLabel('Label of the new key').fill('browser test key');
    await admin.getByRole('button', { name: 'Create key' }).click();
    const shown = admin.getByTestId('new-key');
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => admin.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    const integration = () =>
      fetch(`${url}/api/integration/v1/server`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
    expect(await integration()).toBe(200);
    await admin.getByRole('button', { name: 'Done' }).click();
    expect(await admin.getByTestId('new-key').count()).toBe(0);
    const row = admin.getByRole('row').filter({ hasText: 'browser test key' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin.locator('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText(/revoked/).waitFor();
    expect(await integration()).toBe(401);
  });

  it('edits a configuration value within its range and writes the file', async () => {
    await admin.goto(url + '/config');
    // The settings are folded into groups: the search finds one by its key.
    await admin.getByLabel('Search settings').fill('ExpRate');
    const exp = admin.getByLabel(/^Experience\s+ExpRate/);
    await exp.waitFor();
    await exp.fill('2.5');
    await admin.getByText(/Changing 1: ExpRate/).waitFor();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Saved: ExpRate').waitFor();
    const raw = await call(admin, 'GET', '/config/raw');
    expect(raw.json.data.text).toMatch(/ExpRate=2\.5/);
    const cfg = await call(admin, 'GET', '/config');
    expect(cfg.json.data.settings.find((s: { key: string }) => s.key === 'ExpRate').value).toBe(2.5);
    // A list setting goes to the API as a list.
    await admin.getByLabel('Search settings').fill('CrossplayPlatforms');
    await admin.getByLabel(/^Platforms that may join\s+CrossplayPlatforms/).fill('Steam, Xbox');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Saved: CrossplayPlatforms').waitFor();
    expect((await call(admin, 'GET', '/config/raw')).json.data.text).toMatch(/CrossplayPlatforms=\(Steam,Xbox\)/);
  });

  it('runs a console command, saves one with a placeholder, edits it under its name, and gives an item', { timeout: 60_000 }, async () => {
    await admin.goto(url + '/console');
    const cmd = admin.getByLabel('Command', { exact: true });
    await cmd.fill('ShowPlayers');
    await admin.getByRole('button', { name: 'Run', exact: true }).click();
    await admin
      .locator('pre.reply')
      .first()
      .getByText(/name,playeruid,steamid/)
      .waitFor();
    await cmd.fill('Broadcast hello_{name}');
    await admin.getByLabel('Name to save this command under').fill('greet');
    await admin.getByRole('button', { name: 'Save command' }).click();
    const saved = admin.locator('ul.saved li');
    await saved.filter({ hasText: 'Broadcast hello_{name}' }).waitFor();
    // Edit loads the command and its name; saving again replaces it rather than adding a second.
    await saved.getByRole('button', { name: 'Edit' }).click();
    await cmd.fill('Broadcast bye_{name}');
    await admin.getByRole('button', { name: 'Replace “greet”' }).click();
    await saved.filter({ hasText: 'Broadcast bye_{name}' }).waitFor();
    expect(await saved.count()).toBe(1);
    await admin.getByLabel('Player', { exact: true }).selectOption({ index: 1 });
    const name = (await admin.getByLabel('Player', { exact: true }).locator('option').nth(1).textContent())!
      .replace(/\s*\(.*\)$/, '')
      .trim();
    await admin.getByRole('button', { name: 'Run “greet”' }).click();
    await admin
      .locator('pre.reply')
      .first()
      .getByText(`Broadcasted: bye_${name.replace(/\s+/g, '_')}`)
      .waitFor();
    // Removing it (a 204 answer) closes the dialog and empties the list.
    await saved.getByRole('button', { name: 'Remove' }).click();
    await admin.locator('dialog').getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('No saved commands. Type one above and save it under a name.').waitFor();
    expect(await admin.locator('dialog[open]').count()).toBe(0);

    await admin.goto(url + '/items');
    await admin.getByLabel('Online player', { exact: true }).selectOption({ index: 1 });
    // The grant screen's suggestions are the grant catalog, GET /items without `q` (an admin's).
    const [answered] = await Promise.all([
      admin.waitForResponse((r) => {
        const u = new URL(r.url());
        return u.pathname === '/api/v1/items' && u.searchParams.get('search') === 'PalSphere' && !u.searchParams.has('q');
      }),
      admin.getByLabel('Item id').fill('PalSphere'),
    ]);
    expect(answered.status()).toBe(200);
    expect(((await answered.json()) as { data: { id: string }[] }).data.map((i) => i.id)).toContain('PalSphere');
    await expect.poll(() => admin.locator('datalist option[value="PalSphere"]').count()).toBe(1);
    await admin.getByRole('button', { name: 'Add' }).click();
    await admin.getByRole('button', { name: 'Give 1 item' }).click();
    await admin.getByText('Given: 1 × PalSphere.').waitFor();
    // The grants' table names the item (its id on hover).
    await admin.getByRole('row').filter({ hasText: 'Pal Sphere' }).getByText('granted').waitFor();
  });

  it(
    'passes axe-core and the layout check on every screen at desktop and phone widths, dark and light (screenshots in artifacts/web-ui)',
    { timeout: 240_000 },
    async () => {
      const players = await call(admin, 'GET', '/players?limit=1');
      const uid = players.json.data[0].uid as string;
      const screens: [string, string][] = [
        ['dashboard', '/'],
        ['players', '/players'],
        ['player', `/players/${uid}`],
        ['events', '/events'],
        ['moderation', '/moderation'],
        ['guilds', '/guilds'],
        ['pals', '/pals'],
        ['map', '/map'],
        ['backups', '/backups'],
        ['console', '/console'],
        ['config', '/config'],
        ['items', '/items'],
        ['tasks', '/tasks'],
        ['crashes', '/crashes'],
        ['settings', '/settings'],
      ];
      const problems: Record<string, AxeFinding[]> = {};
      const layout: string[] = [];
      for (const [tag, viewport, scheme] of [
        ['desktop', DESKTOP, 'dark'],
        ['phone', PHONE, 'light'],
      ] as const) {
        const { context, page } = await newPage(viewport, scheme);
        await page.goto(url + '/');
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        problems[`${tag} sign-in`] = await seriousViolations(page);
        await page.screenshot({ path: join(ARTIFACTS, `${tag}-sign-in.png`) });
        await signIn(page, url, 'admin', password);
        for (const [name, path] of screens) {
          await page.goto(url + path);
          await page.locator('main h1').first().waitFor();
          await settled(page);
          await page.waitForTimeout(300);
          problems[`${tag} ${name}`] = await seriousViolations(page);
          // With the game running (issue 38): no sideways scroll, no clipped control.
          for (const p of await layoutProblems(page)) layout.push(`${tag} ${path}: ${p.what}: ${p.detail}`);
          await page.screenshot({ path: join(ARTIFACTS, `${tag}-${name}.png`), fullPage: tag === 'desktop' });
        }
        await context.close();
      }
      const found = Object.entries(problems).filter(([, v]) => v.length > 0);
      expect(found, JSON.stringify(found, null, 1)).toEqual([]);
      expect(layout).toEqual([]);
    },
  );

  it("draws the host's map tiles under the grid, their origin allowed by the CSP, and moves by keyboard", async () => {
    await admin.goto(url + '/map');
    const map = admin.locator('svg.map');
    await map.waitFor();
    await expect.poll(() => map.locator('image').count()).toBeGreaterThan(0);
    await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((u) => /^\/palpagos\/\d\/\d+\/\d+\.png$/.test(u))).toBe(true);
    // Bases from the save and live players are drawn.
    // (Dots that overlap are drawn as one bubble with a count: a base may be in a bubble.)
    expect(await map.locator('circle.pt-bases, circle.pt-group-bases').count()).toBeGreaterThan(0);
    await expect.poll(() => map.locator('circle.pt-players, circle.pt-group-players').count()).toBeGreaterThan(0);
    // The whole-map view shows every base of the save, the ones far north included.
    const box = (await map.boundingBox())!;
    // Runs in the page (the test's types have no DOM).
    type Boxed = { getBoundingClientRect(): { x: number; y: number; width: number; height: number } };
    const bases = await map
      .locator('[data-mk] circle')
      .evaluateAll((cs) =>
        (cs as unknown as Boxed[]).map((c) => c.getBoundingClientRect()).map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })),
      );
    expect(bases.filter((p) => p.x < box.x || p.x > box.x + box.width || p.y < box.y || p.y > box.y + box.height)).toEqual([]);
    const before = await map.getAttribute('viewBox');
    await map.focus();
    await admin.keyboard.press('ArrowRight');
    await admin.keyboard.press('+');
    expect(await map.getAttribute('viewBox')).not.toBe(before);
  });

  it('runs a dry-run restore, then the confirmed one only once RESTORE is typed', { timeout: 150_000 }, async () => {
    await admin.goto(url + '/backups');
    await admin.getByRole('button', { name: 'Back up now' }).click();
    await admin.getByText('The backup is made and verified.').waitFor({ timeout: 60_000 });
    // Its off-site copy: the badge opens on the last attempt (the list refreshes every 30 s).
    const copy = admin.locator('tbody tr').first().locator('details.copy-detail');
    await copy.locator('.badge', { hasText: rcloneHere ? 'copied' : 'failed' }).waitFor({ timeout: 60_000 });
    await copy.locator('summary').click();
    await copy.getByText(rcloneHere ? /: exit status 0, / : /: exit status \d+, /).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.screenshot({ path: join(ARTIFACTS, 'desktop-backups-offsite.png') });
    await admin.getByRole('button', { name: 'Restore…' }).first().click();
    const dialog = admin.locator('dialog');
    // The dry run's diff is shown before anything can be confirmed.
    await dialog.locator('.diff, .diff-none').waitFor({ timeout: 30_000 });
    const restore = dialog.getByRole('button', { name: 'Restore' });
    expect(await restore.isDisabled()).toBe(true);
    await dialog.getByLabel('Type RESTORE to confirm').fill('restore');
    expect(await restore.isDisabled()).toBe(true);
    await dialog.getByLabel('Type RESTORE to confirm').fill('RESTORE');
    await dialog.getByLabel(/Shut the game server down first/).check();
    expect(await restore.isDisabled()).toBe(false);
    await restore.click();
    await admin.getByText(/Restored the backup of/).waitFor({ timeout: 120_000 });
    const list = await call(admin, 'GET', '/backups');
    expect(list.json.data.map((b: { trigger: string }) => b.trigger)).toContain('pre-restore');
    const audit = await call(admin, 'GET', '/audit?limit=50');
    expect(audit.json.data.find((a: { action: string }) => a.action === 'backup.restore')).toMatchObject({ outcome: 'ok' });
  });

  it('downloads a backup, uploads it back, and deletes the uploaded copy', { timeout: 90_000 }, async () => {
    await admin.goto(url + '/backups');
    const rows = admin.locator('tbody tr');
    await rows.first().waitFor();
    const before = await rows.count();
    const [download] = await Promise.all([admin.waitForEvent('download'), rows.first().getByRole('link', { name: 'Download' }).click()]);
    const archive = readFileSync(await download.path());
    expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]); // gzip
    const fileName = download.suggestedFilename();
    expect(fileName).toMatch(/\.tar\.gz$/);

    await admin.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/gzip', buffer: archive });
    await admin.getByText(`Uploaded ${fileName}: it is listed as “uploaded”.`).waitFor({ timeout: 60_000 });
    await expect.poll(() => rows.count()).toBe(before + 1);
    // One status line, the latest action's; the storage card says when the newest and oldest were made.
    expect(await admin.locator('.status-line').textContent()).toBe(`Uploaded ${fileName}: it is listed as “uploaded”.`);
    const storageCard = admin.locator('section.card').filter({ has: admin.getByRole('heading', { name: 'Storage' }) });
    await expect.poll(() => storageCard.textContent()).toMatch(/Newest\s*(just now|\d+ (seconds?|minutes?) ago)\s*oldest \w{3} \d+, \d{4}/);

    const uploaded = rows.filter({ hasText: 'uploaded' });
    await uploaded.getByRole('button', { name: 'Delete' }).click();
    await admin.locator('dialog').getByRole('button', { name: 'Delete' }).click();
    await admin.getByText(/^Deleted the backup of /).waitFor();
    await expect.poll(() => rows.count()).toBe(before);
  });

  it('shows a viewer no control it cannot use', { timeout: 120_000 }, async () => {
    expect((await call(admin, 'POST', '/users', { username: 'vera', role: 'viewer', password: 'quiet-harbor-viewer-91' })).status).toBe(
      201,
    );
    const { context, page } = await newPage(PHONE, 'light');
    await signIn(page, url, 'vera', 'quiet-harbor-viewer-91');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const hidden of ['Console', 'Item grants', 'Tasks', 'Settings'])
      expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    for (const shown of ['Dashboard', 'Players', 'Map', 'Backups'])
      expect(await nav.getByRole('link', { name: shown, exact: true }).count(), shown).toBe(1);
    const players = await call(page, 'GET', '/players?limit=1');
    const adminControls =
      /^(Kick|Ban|Unban|Announce|Save world|Shut down|Back up now|Upload a backup|Restore…|Delete|Download|Save whitelist|Save schedule|Save|Save settings|How to apply|Add|Remove|Create key|Revoke|Run|Add task)$/;
    for (const path of [
      '/',
      '/players',
      `/players/${players.json.data[0].uid}`,
      '/moderation',
      '/guilds',
      '/pals',
      '/map',
      '/backups',
      '/config',
    ]) {
      await page.goto(url + path);
      await page.locator('main h1').first().waitFor();
      await settled(page);
      const names = await page.locator('main button, main a[download], main label.button').allTextContents();
      expect(
        names.map((n) => n.trim()).filter((n) => adminControls.test(n)),
        path,
      ).toEqual([]);
      // Settings a viewer cannot change are read-only (the map's layer choice is only a view).
      for (const input of await page.locator('main .card input[type=checkbox]').all()) expect(await input.isDisabled(), path).toBe(true);
    }
    await page.goto(url + '/settings');
    await page.getByRole('heading', { name: 'Admins only' }).waitFor();
    // Signing out ends the session: the sign-in screen, and the API refuses the old cookie.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await call(page, 'GET', '/auth/me')).status).toBe(401);
    await context.close();
  });

  // Last of the sign-ins: it leaves this address throttled for a while.
  it('says the login throttle in words, with the wait', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(PHONE, 'light');
    await page.goto(url + '/');
    const alert = page.getByRole('alert');
    let said = '';
    for (let i = 0; i < 10 && !said.includes('Too many'); i++) {
      await page.getByLabel('Username').fill('nobody');
      await page.getByLabel('Password').fill(`wrong-guess-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await expect.poll(() => alert.textContent()).toMatch(/incorrect|Too many/);
      said = (await alert.textContent()) ?? '';
    }
    expect(said).toMatch(/^Too many failed sign-ins from this address\. Try again in \d+ sec\.$/);
    await context.close();
  });

  // After the tests that need the game: the simulated server stays away for 20 s.
  it('shuts the game down from the dashboard, then draws the server card offline in words', { timeout: 90_000 }, async () => {
    await admin.goto(url + '/');
    // The restore before may have stopped the game; the simulated server comes back in 20 s.
    // The badge, exactly: the offline card's words hold "is it running" too.
    await admin.locator('.server-card .badge').getByText('Running', { exact: true }).waitFor({ timeout: 40_000 });
    await admin.getByRole('button', { name: 'Shut down' }).click();
    const dialog = admin.locator('dialog');
    await dialog.getByLabel(/In \(minutes/).fill('0');
    await dialog.getByLabel(/Reason told to players/).fill('Back in a minute');
    await dialog.getByRole('button', { name: 'Shut down' }).click();
    await admin.getByText('The game is shutting down.').waitFor();
    await admin.locator('.server-card .badge').getByText('Unreachable', { exact: true }).waitFor({ timeout: 20_000 });
    await admin.getByText(/palpanel cannot reach the game’s REST API\. Last try: the game server refused the connection/).waitFor();
    const audit = await call(admin, 'GET', '/audit?limit=20');
    expect(audit.json.data.find((a: { action: string }) => a.action === 'server.shutdown')).toMatchObject({
      outcome: 'ok',
      actor: 'user:admin',
    });
  });

  it('serves a production build from the executable: small, hashed, no development React', async () => {
    const page = await fetch(url + '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1];
    const res = await fetch(url + script);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const js = await res.text();
    expect(js).not.toContain('is deprecated in plain JavaScript React classes');
    // What the browser downloads for the first screen stays small (gzipped).
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(js).length).toBeLessThan(150 * 1024);
  });

  it('saw no CSP violation and no page error on any screen', () => {
    expect(pageProblems).toEqual([]);
  });
});
