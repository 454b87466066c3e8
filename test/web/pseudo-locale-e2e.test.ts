// Every screen of the web UI in the pseudo-locale (web/src/i18n/pseudo.ts: each catalog message
// bracketed, its Latin letters accented and 40% longer; Intl's dates and numbers accented too),
// signed in to `dist/palpanel demo` in Debian's chromium at 390 and 1440 px, one case per screen
// and width so the report names each screen. A screen fails on:
//   - text outside a catalog: a visible text node, or an aria-label, title, placeholder or alt,
//     with a plain Latin letter outside the brackets of a pseudo-locale message (a catalog's words
//     are accented; data a message carries, a name or a zone, is inside its brackets), outside an
//     element marked translate="no" (user and game data: player and guild names, commands, the
//     product's name);
//   - a page wider than the window, or a control whose words do not fit it (layout-check.ts).
// Until every area's words are in catalogs the screens of the areas not yet converted fail here,
// by design: the case names them. The first case plants an English word and a clipped button
// and sees both found.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../helpers/browser-page.js';
import { noteSkip } from '../helpers/skipped.js';
import { CHROMIUM, launchChromium } from './browser.js';
import { layoutProblems } from './layout-check.js';
import { startDemo, type Demo } from './panel-demo.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const SCREENS = [
  '/',
  '/players',
  '/players/:player',
  '/activity',
  '/events',
  '/moderation',
  '/guilds',
  '/guilds/:guild',
  '/pals',
  '/map',
  '/backups',
  '/console',
  '/game-log',
  '/config',
  '/items',
  '/tasks',
  '/crashes',
  '/diagnostics',
  '/settings',
  '/account',
  '/bases',
  '/world-items',
];

let browser: Browser;
let demo: Demo;
const pages = new Map<number, Page>();
let player = '';
let guild = '';

/** The words on the page as drawn that came from no catalog: a string, the test's types have no DOM. */
const UNTRANSLATED = `(() => {
  const out = [];
  // Latin letters left once every bracketed message (innermost first) is taken out.
  const latin = { test: (t) => { let s = t, was; do { was = s; s = s.replace(/\\[[^\\[\\]]*\\]/g, ''); } while (s !== was); return /[A-Za-z]/.test(s); } };
  // translate= is inherited and a nearer translate="yes" overrides it (HTML): an element marked
  // "no" for its title (an id on hover) holds words again inside a "yes". The server's English
  // where it has no message id yet is marked data-server-text (the report of issue 39 lists each).
  const data = (el) =>
    el.closest('[translate]')?.getAttribute('translate') === 'no' || !!el.closest('[data-server-text], code, kbd, script, style, noscript, svg text');
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const where = (el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : '');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || data(el) || el.closest('option, select') || !shown(el)) continue;
    const text = n.textContent.trim();
    if (latin.test(text)) out.push(where(el) + ': "' + text.slice(0, 80) + '"');
  }
  // A select shows its chosen option's words.
  for (const s of document.querySelectorAll('select')) {
    const o = s.selectedOptions[0];
    if (o && shown(s) && !data(o) && latin.test(o.textContent)) out.push('select: "' + o.textContent.trim().slice(0, 80) + '"');
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    if (data(el) || !shown(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v && latin.test(v)) out.push(where(el) + ' ' + a + ': "' + v.slice(0, 80) + '"');
    }
  }
  return [...new Set(out)];
})()`;

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(`${demo.url}/?pseudo`);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(demo.password);
  await page.locator('form button[type=submit]').click();
  await page.locator('main h1').first().waitFor();
  return page;
}

async function visit(page: Page, screen: string): Promise<void> {
  const path = screen.replace(':player', encodeURIComponent(player)).replace(':guild', encodeURIComponent(guild));
  await page.goto(`${demo.url}${path}?pseudo`);
  await page.locator('main h1').first().waitFor();
  await settled(page);
}

if (!CHROMIUM) noteSkip("the pseudo-locale walk: Debian's chromium is not on this machine (apt-get install chromium); skipped");

describe.skipIf(!CHROMIUM)('every screen in the pseudo-locale', () => {
  beforeAll(async () => {
    demo = await startDemo();
    browser = await launchChromium();
    for (const v of [PHONE, DESKTOP]) pages.set(v.width, await signedIn(v));
    // A player's and a guild's page: the first of each once the demo's world is parsed.
    const page = pages.get(DESKTOP.width)!;
    const first = (path: string, key: 'uid' | 'id') =>
      page.evaluate(
        async ([p, k]) => {
          for (let i = 0; i < 120; i++) {
            const body = (await (await fetch(`/api/v1${p}`)).json()) as { data?: Record<string, string>[] };
            if (Array.isArray(body.data) && body.data.length > 0) return body.data[0][k];
            await new Promise((r) => setTimeout(r, 500));
          }
          return '';
        },
        [path, key] as const,
      );
    player = await first('/players', 'uid');
    guild = await first('/guilds', 'id');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  it('is what the page shows (?pseudo), and sees a planted English word and a clipped button', { timeout: 60_000 }, async () => {
    const page = pages.get(PHONE.width)!;
    await visit(page, '/diagnostics');
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang,
      ),
    ).toBe('en-XA');
    expect(await page.locator('main h1').first().textContent()).toMatch(/^\[Đîåĝñöšţîçš ·+\]$/);
    // What the screen has already (the server's words until they come with message ids) is left aside.
    const before = new Set(await page.evaluate<string[]>(UNTRANSLATED));
    await page.evaluate(`(() => {
      const main = document.querySelector('main');
      const p = document.createElement('p');
      p.textContent = 'Plain English';
      main.append(p);
      const inside = document.createElement('p');
      inside.textContent = '[Šîĝñéđ îñ åš Alice ···]';
      main.append(inside);
      const safe = document.createElement('p');
      safe.setAttribute('translate', 'no');
      safe.textContent = 'PlayerName';
      main.append(safe);
      const nested = document.createElement('p');
      nested.setAttribute('translate', 'no');
      nested.title = 'an.id';
      const yes = document.createElement('span');
      yes.setAttribute('translate', 'yes');
      yes.textContent = 'Nested English';
      nested.append(yes);
      main.append(nested);
      const server = document.createElement('p');
      server.setAttribute('data-server-text', '');
      server.textContent = 'The server says so.';
      main.append(server);
      const b = document.createElement('button');
      b.style.cssText = 'width: 40px; white-space: nowrap; overflow: hidden';
      b.textContent = '[Ŵåý ţöö ļöñĝ ƒöŕ ţĥîš ·····]';
      main.append(b);
    })()`);
    const words = (await page.evaluate<string[]>(UNTRANSLATED)).filter((w) => !before.has(w));
    expect(words).toEqual(['p: "Plain English"', 'span: "Nested English"']);
    expect((await layoutProblems(page)).map((p) => p.what)).toContain('clipped control');
  });

  for (const viewport of [PHONE, DESKTOP])
    describe(`at ${viewport.width} px`, () => {
      it.each(SCREENS)('%s: every word from a catalog, no sideways scroll, no clipped control', { timeout: 60_000 }, async (screen) => {
        const page = pages.get(viewport.width)!;
        await visit(page, screen);
        const words = await page.evaluate<string[]>(UNTRANSLATED);
        const layout = (await layoutProblems(page)).map((p) => `${p.what}: ${p.detail}`);
        expect({ outsideCatalogs: words, layout }).toEqual({ outsideCatalogs: [], layout: [] });
      });
    });
});
