// The account screen and two-factor sign-in in headless Chromium at phone width (390 px), with
// this checkout's web UI over the panel's real handler: the QR code the page draws is read back
// by Debian's zbarimg to the very otpauth:// URI the server gave, Debian's oathtool makes the code
// that turns it on from the key the page shows, the login then asks for a code in a second step
// (a wrong one refused, a recovery code accepted), and a moderator sees the console's log but not
// its commands, nor the admin's screens. Screenshots in artifacts/web-ui/account-*.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import type { WebAssets } from '../../src/http/web/assets.js';
import { tempStore, type TempStore } from '../helpers/fixture.js';
import { ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { noteSkip } from '../helpers/skipped.js';
import { CHROMIUM, launchChromium, seriousViolations } from './browser.js';
import { buildWebUi, servePanel } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const PHONE = { width: 390, height: 844 };
const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const MODERATOR = { username: 'mod', password: 'moderator-pass-phrase-7' };

const tools = { oathtool: ['--version'], zbarimg: ['--version'] };
const missing = Object.entries(tools)
  .filter(([t, args]) => spawnSync(t, args).status !== 0)
  .map(([t]) => t);
if (!CHROMIUM) missing.push('chromium');
if (missing.length > 0)
  noteSkip(
    `web: ${missing.join(', ')} not on this machine (apt-get install oathtool zbar-tools chromium); the account screen's browser tests are skipped`,
  );

let browser: Browser;
let ts: TempStore;
let server: RunningHttpServer;
let url: string;
let webUi: WebAssets;

beforeAll(async () => {
  if (missing.length > 0) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  const web = buildWebUi(tempDir());
  webUi = web;
  ts = await tempStore(() => new Date());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(MODERATOR.username, 'moderator', MODERATOR.password, 'cli');
  ({ url, server } = await servePanel(ts.store, web));
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close(5000);
  ts?.cleanup();
});

async function phonePage(errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'light' });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

async function signInWithPassword(page: Page, who: { username: string; password: string }) {
  await page.goto(url + '/');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(missing.length > 0)('account and two-factor sign-in in the browser (390 px)', () => {
  it('enrols from the QR code the page draws, and signs in with a code step', async () => {
    const errors: string[] = [];
    const page = await phonePage(errors);
    await signInWithPassword(page, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(url + '/account');
    await page.getByRole('heading', { name: 'Your sessions' }).waitFor();
    expect(await page.locator('.session-list li.current').textContent()).toMatch(/Chrome \d+ on Linux.*this session/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'account-card-phone.png'), fullPage: true });

    const started = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/totp') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const { data } = (await (await started).json()) as { data: { secret: string; uri: string } };
    const qr = page.locator('svg.qr');
    await qr.waitFor();
    const shown = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(shown).toBe(data.secret);
    // The drawn code, as pixels, read by a decoder that is not ours.
    const png = join(ARTIFACTS, 'account-qr.png');
    await qr.screenshot({ path: png });
    expect(execFileSync('zbarimg', ['--raw', '-q', png], { encoding: 'utf8' }).trim()).toBe(data.uri);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'account-enrol-phone.png'), fullPage: true });

    const code = execFileSync('oathtool', ['--totp', '-b', shown], { encoding: 'utf8' }).trim();
    await page.getByLabel('Code from the app').fill(code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = ((await codes.nth(0).textContent()) ?? '').trim();
    await page.screenshot({ path: join(ARTIFACTS, 'account-recovery-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText(/10 of 10 recovery codes left/).waitFor();

    // Signed out, the login asks for the code after the password.
    await page.context().clearCookies();
    await signInWithPassword(page, ADMIN);
    const codeField = page.getByLabel('Code');
    await codeField.waitFor();
    expect(await page.locator('main').textContent()).toContain('Signing in as admin');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'account-code-prompt-phone.png'), fullPage: true });
    await codeField.fill(code); // spent when it turned two-factor sign-in on
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/The code is incorrect/).waitFor();
    await page.getByLabel('Code').fill(recovery);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('a moderator sees the console’s log without its commands, and no admin screen', async () => {
    const errors: string[] = [];
    const page = await phonePage(errors);
    await signInWithPassword(page, MODERATOR);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = (await page.getByRole('navigation', { name: 'Screens' }).textContent()) ?? '';
    expect(nav).toContain('Console');
    expect(nav).toContain('Account');
    for (const hidden of ['Settings', 'Tasks', 'Item grants']) expect(nav).not.toContain(hidden);
    await page.goto(url + '/console');
    await page.getByRole('heading', { name: 'Console' }).waitFor();
    await page.getByText('running commands is an admin’s').waitFor();
    expect(await page.getByRole('button', { name: 'Run' }).count()).toBe(0);
    await page.goto(url + '/settings');
    await page.getByRole('heading', { name: 'Admins only' }).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  it('SERVICE_REQUIRE_2FA=admins: an admin without it sees only the setup after the password, then the panel', async () => {
    const own = await tempStore(() => new Date());
    own.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const panel = await servePanel(own.store, webUi, 600, {
      settings: { integrationRateLimit: 600, sessionTtlMs: 3_600_000, require2fa: 'admins' },
    });
    try {
      const errors: string[] = [];
      const page = await phonePage(errors);
      await page.goto(panel.url + '/');
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('requires two-factor sign-in for your role').waitFor();
      expect(await page.getByRole('navigation', { name: 'Screens' }).count()).toBe(0);
      await page.getByText('Your role requires it').waitFor();
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      await page.getByLabel('Code from the app').fill(execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim());
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await panel.server.close(5000);
      own.cleanup();
    }
  }, 60_000);
});
