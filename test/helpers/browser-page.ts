// What the browser suites do on a signed-in page of the panel: sign in through the form, call the
// panel API as the page does (same origin, its cookie), and wait until no screen is loading.
import type { Page } from 'playwright-core';

export async function signIn(page: Page, url: string, username: string, pass: string): Promise<void> {
  await page.goto(url + '/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** The panel API as the signed-in page calls it (same origin, its cookie). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read member by member and checked with expect()
export function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/v1${p}`, {
        method: m,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    [method, path, body] as const,
  );
}

/** Waits until no screen says it is loading. */
export async function settled(page: Page): Promise<void> {
  // Runs in the page (the test's types have no DOM).
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('.loading')
        .length === 0,
    undefined,
    { timeout: 15_000 },
  );
}
