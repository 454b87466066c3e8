// The diagnostics screen in headless Chromium, against `serve` in-process beside the simulated
// game, with the web UI built from this checkout: each channel state a host meets (the game's
// REST API down, RCON refusing the password, a save the game stopped writing, an old backup),
// drawn at desktop and phone widths, dark and light, axe-core clean (screenshots in
// artifacts/web-ui/diagnostics-*), read by a viewer; and the dashboard's status badge leads there.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebAssets } from '../../src/http/web/assets.js';
import { startDiagnosticsRig, VIEWER, type DiagnosticsRig } from '../helpers/diagnostics-rig.js';
import { ROOT } from '../helpers/paths.js';
import { noteSkip } from '../helpers/skipped.js';
import { tempDir } from '../helpers/temp.js';
import { CHROMIUM, launchChromium, seriousViolations, type AxeFinding } from './browser.js';
import { buildWebUi } from './in-process-panel.js';

const ARTIFACTS = join(ROOT, 'artifacts', 'web-ui');
const LOOKS = [
  ['desktop', { width: 1280, height: 860 }, 'dark'],
  ['desktop', { width: 1280, height: 860 }, 'light'],
  ['phone', { width: 390, height: 844 }, 'dark'],
  ['phone', { width: 390, height: 844 }, 'light'],
] as const;
const MIN = 60_000;

let browser: Browser;
let web: WebAssets;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function signIn(page: Page, rig: DiagnosticsRig): Promise<void> {
  await page.goto(rig.url + '/');
  await page.getByLabel('Username').fill(VIEWER.username);
  await page.getByLabel('Password').fill(VIEWER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** The screen in every look: the channel shows `label`, no serious axe finding, a screenshot each. */
async function drawn(rig: DiagnosticsRig, name: string, channel: string, label: string, words: RegExp): Promise<void> {
  const problems: Record<string, AxeFinding[]> = {};
  for (const [tag, viewport, scheme] of LOOKS) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, rig);
    await page.goto(rig.url + '/diagnostics');
    const row = page.locator(`[data-channel="${channel}"]`);
    await row.locator('.badge', { hasText: label }).waitFor();
    expect(await row.locator('.diag-words').textContent()).toMatch(words);
    // Every time is said relative to now, never as a raw timestamp or a path.
    const text = (await page.locator('main').textContent()) ?? '';
    for (const s of [rig.saveDir, rig.dataDir, rig.sim.restUrl, '127.0.0.1', rig.sim.password]) expect(text).not.toContain(s);
    problems[`${tag} ${scheme}`] = await seriousViolations(page);
    await page.screenshot({ path: join(ARTIFACTS, `diagnostics-${name}-${tag}-${scheme}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }
  const found = Object.entries(problems).filter(([, v]) => v.length > 0);
  expect(found, JSON.stringify(found, null, 1)).toEqual([]);
}

if (!CHROMIUM)
  noteSkip("diagnostics screen: Debian's chromium is not on this machine (apt-get install chromium, or PALPANEL_CHROMIUM); skipped");

describe.skipIf(!CHROMIUM)('the diagnostics screen in Chromium', () => {
  beforeAll(async () => {
    web = buildWebUi(tempDir('palpanel-web-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the status badge leads from the dashboard to the screen, which shows every link working', { timeout: 120_000 }, async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, {}, web);
    await rig.until('rest', 'the game answers', (c) => c.state === 'ok');
    await rig.until('save', 'the save read', (c) => c.state === 'ok');
    const context = await browser.newContext({ viewport: LOOKS[0][1], colorScheme: 'dark' });
    const page = await context.newPage();
    await signIn(page, rig);
    await page.getByRole('link', { name: /Running/ }).click();
    await page.getByRole('heading', { name: 'Diagnostics', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/diagnostics');
    await page.locator('[data-channel="rcon"] .badge', { hasText: 'Working' }).waitFor();
    expect(await page.locator('.diag-row').count()).toBe(8);
    await context.close();
    await drawn(rig, 'ok', 'rest', 'Working', /^The game has answered every poll for/);
  });

  it('REST down', { timeout: 120_000 }, async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, {}, web);
    await rig.until('rest', 'the game answers', (c) => c.state === 'ok');
    await rig.sim.control.setMode('unreachable');
    await rig.until('rest', 'the game down', (c) => c.state === 'failing');
    rig.advance(MIN + 1000);
    await rig.until('rcon', 'RCON gone', (c) => c.state === 'failing');
    await drawn(rig, 'rest-down', 'rest', 'Failing', /^The game's REST API has not answered for/);
  });

  it('RCON refused', { timeout: 120_000 }, async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, { SERVICE_RCON_PASSWORD: 'not-the-password-42' }, web);
    await rig.until('rcon', 'RCON refused', (c) => c.state === 'failing');
    await drawn(rig, 'rcon-refused', 'rcon', 'Failing', /^The game refused the RCON password/);
  });

  it('save stale', { timeout: 120_000 }, async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, {}, web);
    await rig.until('save', 'the save read', (c) => c.state === 'ok');
    await rig.until('rest', 'the game answers', (c) => c.state === 'ok');
    rig.advance(11 * MIN);
    await drawn(rig, 'save-stale', 'save', 'Needs a look', /^The game answers but has not written a save for 11 min\.$/);
  });

  it('backup old', { timeout: 120_000 }, async () => {
    const rig = await startDiagnosticsRig(cleanup, {}, {}, web);
    await rig.until('save', 'the save read', (c) => c.state === 'ok');
    const started = await rig.call('admin', 'POST', '/backups', {});
    expect(started.status).toBe(202);
    await rig.until('backups', 'a backup', (c) => c.lastSuccessAt !== null);
    rig.advance(3 * 24 * 60 * MIN);
    await drawn(rig, 'backup-old', 'backups', 'Needs a look', /^The newest backup is 3 days old, and scheduled backups are off\.$/);
  });
});
