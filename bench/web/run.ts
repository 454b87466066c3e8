// Web UI benchmark: how fast the first screen appears on localhost, and what the browser
// downloads for it. `dist/palpanel demo` (build it first: ./build.sh) in a child process,
// headless Chromium (Debian's chromium) in fresh contexts, so nothing is cached:
//   - sign-in screen: navigation start to the Sign in button in the page;
//   - dashboard of a signed-in user: navigation start to the server card showing the server
// (both read from the page's own clock when the element first appears).
// Each is measured for the browser languages of BENCH_LOCALES (default "en,ja": English, and
// Japanese, which loads the Japanese catalog). PALPANEL_BENCH_DIST names another build's dist/
// folder (e.g. main's, for the before/after figures of docs/benchmarks.md).
// Run: npm run bench:web
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Cookie, type Page } from 'playwright-core';
import { webAssetsFromDir } from '../../src/http/web/assets.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CHROMIUM = process.env.PALPANEL_CHROMIUM ?? '/usr/bin/chromium';
const DIST = process.env.PALPANEL_BENCH_DIST ?? join(ROOT, 'dist');
const LOCALES = (process.env.BENCH_LOCALES ?? 'en,ja').split(',');

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/** A script run in the page before its own: it notes the moment `selector` first matches, so the
 * figure is the page's own clock, not the driver's polling and round trip (60–100 ms more). A
 * string, not a function: tsx would wrap a function's inner names in helpers the page lacks. */
const markWhenShown = (selector: string) =>
  `(() => {
    const check = () => {
      if (window.__shownAt === undefined && document.querySelector(${JSON.stringify(selector)})) window.__shownAt = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true });
  })();`;

const shownAt = (page: Page) => page.evaluate(() => (globalThis as unknown as { __shownAt: number }).__shownAt);

async function main(): Promise<void> {
  const web = webAssetsFromDir(join(DIST, 'web'));
  const dataDir = mkdtempSync(join(tmpdir(), 'palpanel-bench-web-'));
  const demo = spawn(join(DIST, 'palpanel'), ['demo', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const { url, password } = await new Promise<{ url: string; password: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the demo did not start in time')), 60_000);
    demo.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const u = /panel URL\s+(http:\/\/\S+)/.exec(out);
      const p = /admin login\s+admin \/ (\S+)/.exec(out);
      if (u && p) {
        clearTimeout(timer);
        resolve({ url: u[1], password: p[1] });
      }
    });
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const load = loadavg()[0];
  try {
    // One sign-in (in English) gives the session cookie each dashboard run starts with.
    const first = await browser.newContext({ locale: 'en' });
    const p0 = await first.newPage();
    await p0.goto(url);
    await p0.getByLabel('Username').fill('admin');
    await p0.getByLabel('Password').fill(password);
    await p0.getByRole('button', { name: 'Sign in' }).click();
    await p0.locator('.server-card .server-name').waitFor();
    const cookies = await first.cookies();
    await first.close();
    console.log(
      `web UI on ${cpus().length} cores (${cpus()[0]?.model.trim()}), load ${load.toFixed(2)} at start, ${RUNS} fresh contexts each`,
    );
    console.log(`first load, gzipped: ${(web.firstLoadBytes() / 1024).toFixed(1)} KiB (page, script and stylesheet)`);
    for (const locale of LOCALES) await measure(browser, url, cookies, locale);
  } finally {
    await browser.close();
    demo.kill('SIGTERM');
    await new Promise((r) => demo.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sign-in screen and the dashboard, RUNS times each, with the browser's language `locale`. */
async function measure(browser: Browser, url: string, cookies: Cookie[], locale: string): Promise<void> {
  const signIn: number[] = [];
  const dashboard: number[] = [];
  const transferred: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const anon = await browser.newContext({ locale });
    await anon.addInitScript(markWhenShown('form button[type=submit]'));
    const page = await anon.newPage();
    let bytes = 0;
    page.on(
      'response',
      (r) =>
        void r
          .body()
          .then((b) => (bytes += Number(r.headers()['content-length'] ?? b.length)))
          .catch(() => undefined),
    );
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('form button[type=submit]').waitFor();
    signIn.push(await shownAt(page));
    await page.waitForLoadState('networkidle');
    transferred.push(bytes);
    await anon.close();

    const signed = await browser.newContext({ locale });
    await signed.addInitScript(markWhenShown('.server-card .server-name'));
    await signed.addCookies(cookies);
    const dash = await signed.newPage();
    await dash.goto(url, { waitUntil: 'commit' });
    await dash.locator('.server-card .server-name').waitFor();
    dashboard.push(await shownAt(dash));
    await signed.close();
  }
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `[${locale}] sign-in screen on the wire (page, script, stylesheet, catalog, API call): ${(quantile(transferred, 0.5) / 1024).toFixed(1)} KiB`,
  );
  console.log(`[${locale}] sign-in screen shown: median ${ms(quantile(signIn, 0.5))}, p90 ${ms(quantile(signIn, 0.9))}`);
  console.log(
    `[${locale}] dashboard with live figures (signed in): median ${ms(quantile(dashboard, 0.5))}, p90 ${ms(quantile(dashboard, 0.9))}`,
  );
}

void main();
