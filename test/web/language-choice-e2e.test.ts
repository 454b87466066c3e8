// The language chosen the way people expect (issue 39), in Debian's chromium against
// `dist/palpanel demo`: the sign-in page follows the browser's languages; a signed-in user
// switches in the top bar's language menu (each language in its own name) and in the command
// palette ("Language: Deutsch"); the choice is kept for the user in the store, so another
// browser with other languages finds it after sign-in, while its sign-in page still follows
// that browser. "Browser's language" follows the browser again.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/browser-page.js';
import { noteSkip } from '../helpers/skipped.js';
import { CHROMIUM, launchChromium } from './browser.js';
import { startDemo, type Demo } from './panel-demo.js';

let browser: Browser;
let demo: Demo;

async function open(locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(demo.url + '/');
  return page;
}

async function signIn(page: Page): Promise<void> {
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(demo.password);
  await page.locator('form button[type=submit]').click();
  await page.locator('nav a[href="/"]').waitFor();
}

const lang = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang);
const dashboardLink = (page: Page) => page.locator('nav a[href="/"]').textContent();

if (!CHROMIUM) noteSkip("the language choice in the browser: Debian's chromium is not on this machine; skipped");

describe.skipIf(!CHROMIUM)('choosing the language', () => {
  beforeAll(async () => {
    demo = await startDemo();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  it('follows the browser, switches in the top bar and the palette, and is kept for the user', { timeout: 120_000 }, async () => {
    // A German browser: the sign-in page and, with no choice stored, the panel in German.
    const de = await open('de-AT');
    await de.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(await lang(de)).toBe('de');
    await signIn(de);
    expect(await dashboardLink(de)).toBe('Übersicht');
    expect((await call(de, 'GET', '/auth/me')).json).not.toHaveProperty('language'); // never chosen: absent

    // The top bar's menu names each language in its own words; 日本語 switches the page at once.
    const menu = de.locator('header select').first();
    expect(await menu.locator('option').allTextContents()).toEqual(expect.arrayContaining(['日本語', 'Deutsch', '简体中文', 'Русский']));
    await menu.selectOption('ja');
    await expect.poll(() => dashboardLink(de)).toBe('ダッシュボード');
    expect(await lang(de)).toBe('ja');
    await expect.poll(async () => (await call(de, 'GET', '/auth/me')).json.language).toBe('ja');

    // An English browser elsewhere: its sign-in page in English, then the user's Japanese.
    const en = await open('en-US');
    await en.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn(en);
    await expect.poll(() => dashboardLink(en)).toBe('ダッシュボード');

    // The palette: "Language: Deutsch" (in Japanese, "言語: Deutsch").
    await en.keyboard.press('Control+k');
    await en.locator('dialog.palette input').fill('Deutsch');
    await en.locator('dialog.palette [role=option]', { hasText: 'Deutsch' }).first().click();
    await expect.poll(() => dashboardLink(en)).toBe('Übersicht');
    await expect.poll(async () => (await call(en, 'GET', '/auth/me')).json.language).toBe('de');

    // "Browser's language": the choice cleared, the English browser's English back.
    await en.locator('header select').first().selectOption('');
    await expect.poll(() => dashboardLink(en)).toBe('Dashboard');
    await expect.poll(async () => 'language' in (await call(en, 'GET', '/auth/me')).json).toBe(false);
  });
});
