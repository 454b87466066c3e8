// `palpanel dash`: a live terminal dashboard over the Integration API. On a terminal it runs
// until q; without one (or with --once) it prints one plain snapshot and exits.
import { ApiClient } from './api-client.js';
import { DashModel, ROUTES } from './model.js';
import { renderSnapshot } from './snapshot.js';

export interface DashOptions {
  url: string;
  key: string;
  once: boolean;
  budget: number;
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  err: (text: string) => void;
  now?: () => number;
}

const PAGE_SIZE = 10;

/** Resolves with the exit code. */
export async function runDash(opts: DashOptions): Promise<number> {
  const now = opts.now ?? Date.now;
  const api = new ApiClient(opts.url, opts.key);
  try {
    const model = new DashModel(api, opts.budget, PAGE_SIZE, () => {});
    if (opts.once || !opts.stdout.isTTY) {
      // One request per route; the first tick sends them all.
      await model.tick(now());
      if (model.state.fatal) {
        opts.err(`palpanel dash: ${model.state.fatal}\n`);
        return 2;
      }
      opts.stdout.write(renderSnapshot(model.state, now(), opts.stdout.columns || 100));
      return 0;
    }
    return await runInteractive(model, opts, now);
  } finally {
    await api.close();
  }
}

async function runInteractive(model: DashModel, opts: DashOptions, now: () => number): Promise<number> {
  await initYogaForBundle();
  const { render } = await import('ink');
  const { createElement } = await import('react');
  const { Dashboard } = await import('./containers/dashboard.js');
  let code = 0;
  let message: string | undefined;
  const app = render(
    createElement(Dashboard, {
      model,
      url: opts.url,
      budget: opts.budget,
      now,
      onExit: (c: number, m?: string) => {
        code = c;
        message = m;
      },
    }),
    { stdout: opts.stdout, stdin: opts.stdin, exitOnCtrlC: false },
  );
  await app.waitUntilExit();
  if (message) opts.err(`palpanel dash: ${message}\n`);
  return code;
}

/** Inside the single executable, yoga's WASM starts through an explicit init (scripts/ink-plugin.mjs). */
async function initYogaForBundle(): Promise<void> {
  const yoga = (await import('yoga-layout')) as unknown as { initYoga?: () => Promise<void> };
  if (typeof yoga.initYoga === 'function') await yoga.initYoga();
}

export { ROUTES };
