// This checkout's web UI built where nothing else reads it, and the panel's real handler serving
// it over a store on a loopback port: the browser tests that need no executable and no game
// (pal explorer, activity) and the docs' screenshots start the panel this way.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createHandler, type HttpDeps } from '../../src/http/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import { webAssetsFromDir, type WebAssets } from '../../src/http/web/assets.js';
import { createLogger } from '../../src/lib/logger.js';
import type { Store } from '../../src/store/index.js';
import { TestLive } from '../helpers/fixture.js';
import { ROOT } from '../helpers/paths.js';

/** Builds the web UI into `out` (vite, as build.sh does) and returns its assets. */
export function buildWebUi(out: string): WebAssets {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, PALPANEL_WEB_OUT: out },
  });
  return webAssetsFromDir(out);
}

/** The panel over `store` with the web UI `web`, no game (the live parts say it is down); `more`
 * adds parts (a config editor). */
export async function servePanel(
  store: Store,
  web: WebAssets,
  integrationRateLimit = 600,
  more: Partial<HttpDeps> = {},
): Promise<{ url: string; server: RunningHttpServer }> {
  const log = createLogger('text', () => {});
  const handler = createHandler({
    store,
    live: new TestLive(),
    settings: { integrationRateLimit, sessionTtlMs: 3_600_000 },
    clock: () => new Date(),
    log,
    version: 'test',
    web,
    ...more,
  });
  const server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log });
  return { url: `http://127.0.0.1:${server.port}`, server };
}

/** A fresh page signed in as `user`, then at `path` once its heading is drawn; the page's
 * errors are added to `errors`. */
export async function signedInPage(
  browser: Browser,
  url: string,
  user: { username: string; password: string },
  o: { viewport: { width: number; height: number }; scheme: 'dark' | 'light'; path: string; errors: string[] },
): Promise<Page> {
  const context = await browser.newContext({ viewport: o.viewport, colorScheme: o.scheme });
  const page = await context.newPage();
  page.on('pageerror', (e) => o.errors.push(e.message));
  await page.goto(url + '/');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.goto(url + o.path);
  await page.locator('main h1').first().waitFor();
  return page;
}
