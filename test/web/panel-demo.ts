// `dist/palpanel demo` and Chromium pages signed in to it, for the web UI's browser tests: the
// demo's address and admin password as it prints them, a page per viewport and colour scheme
// that records CSP violations and page errors, the sign-in, and the panel API as the page calls it.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BIN } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

// The page helpers live with the other helpers; the suites that take them from here still do.
export { call, settled, signIn } from '../helpers/browser-page.js';

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

export interface Demo {
  url: string;
  password: string;
  stop: () => Promise<void>;
}

export async function startDemo(args: string[] = [], env: Record<string, string> = {}): Promise<Demo> {
  const demo: ChildProcess = spawn(BIN, ['demo', '--listen', '127.0.0.1:0', '--data-dir', tempDir(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  const { url, password } = await new Promise<{ url: string; password: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo printed no login: ${out}`)), 60_000);
    demo.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const u = /panel URL\s+(http:\/\/\S+)/.exec(out);
      const p = /admin login\s+admin \/ (\S+)/.exec(out);
      if (u && p) {
        clearTimeout(timer);
        resolve({ url: u[1], password: p[1] });
      }
    });
    demo.once('exit', (code) => reject(new Error(`the demo exited (${code}): ${out}`)));
  });
  const stop = () =>
    demo.exitCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          demo.once('exit', () => resolve());
          demo.kill('SIGTERM');
        });
  return { url, password, stop };
}

/** A fresh page; CSP violations and page errors go to `problems`. */
export async function newPage(
  browser: Browser,
  problems: string[],
  viewport = DESKTOP,
  colorScheme: 'dark' | 'light' = 'dark',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { context, page };
}
