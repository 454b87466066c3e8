// `npm run docs:screenshots -- --language zh-Hans,ja,de`: the dashboard, the pal explorer and a
// player's page on a phone (390 px) in each language named, as a browser set to that language
// sees them (the sign-in page follows the browser; the viewer has no language of their own), into
// docs/screenshots/phone-<screen>-<language>.png. Only these shots are taken when it is given.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { isUiLanguage } from '../src/contract/languages.js';

/** The languages `--language a,b` names (each checked), or null without the option. */
export function languagesAsked(argv: string[]): string[] | null {
  const i = argv.indexOf('--language');
  if (i < 0) return null;
  const list = (argv[i + 1] ?? '').split(',').filter(Boolean);
  const bad = list.filter((l) => !isUiLanguage(l));
  if (list.length === 0 || bad.length)
    throw new Error(`--language takes the web UI's languages, comma-separated (not: ${bad.join(', ') || 'nothing'})`);
  return list;
}

export async function languageShots(
  browser: Browser,
  url: string,
  who: { username: string; password: string },
  playerUid: string,
  languages: string[],
  out: string,
): Promise<void> {
  for (const language of languages) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      deviceScaleFactor: 2,
      locale: language,
    });
    const page = await context.newPage();
    await page.goto(url + '/');
    await page.locator('input[name=username]').fill(who.username);
    await page.locator('input[name=password]').fill(who.password);
    await page.locator('form button[type=submit]').click();
    // Signed in once the navigation is drawn (the sign-in page has a heading too).
    await page.locator('nav a[href="/"]').waitFor({ state: 'attached' });
    for (const [name, path, ready] of [
      ['dashboard', '/', 'main h1'],
      ['pal-explorer', '/pals', '.pal-count'],
      ['player', `/players/${playerUid}`, 'main h1'],
    ] as const) {
      await page.goto(url + path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = join(out, `phone-${name}-${language}.png`);
      await page.screenshot({ path: file });
      console.log(file.slice(file.indexOf('docs/')));
    }
    await context.close();
  }
}
