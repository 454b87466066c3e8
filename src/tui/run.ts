// `palpanel dash`: a live terminal dashboard over the Integration API. On a terminal it runs
// until q; without one (or with --once) it prints one plain snapshot and exits.
//
// Exit codes (interface.md): 0 done; 2 the panel refused the key; 1 any other failure (the
// snapshot got no data at all, or the dashboard failed).
import { ApiClient } from './api-client.js';
import { DashModel, ROUTES, type RouteKey } from './model.js';
import { renderSnapshot } from './snapshot.js';
import { problemText } from './view.js';
import { terminalText } from '../lib/terminal-text.js';

export interface DashOptions {
  url: string;
  key: string;
  once: boolean;
  /** Requests per minute to spend. */
  budget: number;
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  /** Where the one-line failure message goes (stderr). */
  err: (text: string) => void;
  now?: () => number;
  /** Tests: faster ticks and refresh periods, shorter timeouts. */
  tickMs?: number;
  routes?: readonly { key: RouteKey; periodMs: number }[];
  timeoutMs?: number;
}

/** Rows of the player and pal lists in a snapshot. */
const SNAPSHOT_PAGE = 20;

/** Resolves with the exit code. */
export async function runDash(opts: DashOptions): Promise<number> {
  const now = opts.now ?? Date.now;
  const api = new ApiClient(opts.url, opts.key, { timeoutMs: opts.timeoutMs });
  try {
    if (opts.once || !opts.stdout.isTTY) return await runSnapshot(api, opts, now);
    return await runInteractive(api, opts, now);
  } finally {
    await api.close();
  }
}

async function runSnapshot(api: ApiClient, opts: DashOptions, now: () => number): Promise<number> {
  // One request per route: a snapshot spends at most that, whatever the budget.
  const model = new DashModel(api, { budget: Math.max(opts.budget, ROUTES.length), pageSize: SNAPSHOT_PAGE, routes: opts.routes });
  await model.tick(now());
  const s = model.state;
  if (s.fatal) {
    opts.err(`palpanel dash: ${terminalText(s.fatal)}\n`);
    return 2;
  }
  opts.stdout.write(renderSnapshot(s, now(), opts.url, opts.stdout.columns || 100));
  if (Object.keys(s.updatedAt).length === 0) {
    opts.err(`palpanel dash: no data: ${problemText(s.problem, now()) ?? 'no answer'}\n`);
    return 1;
  }
  return 0;
}

async function runInteractive(api: ApiClient, opts: DashOptions, now: () => number): Promise<number> {
  await initYogaForBundle();
  const { render } = await import('ink');
  const { createElement } = await import('react');
  const { Dashboard } = await import('./containers/dashboard.js');
  const model = new DashModel(api, { budget: opts.budget, routes: opts.routes });
  let code = 0;
  let message: string | undefined;
  const app = render(
    createElement(Dashboard, {
      model,
      url: opts.url,
      now,
      tickMs: opts.tickMs,
      keys: !!opts.stdin.isTTY,
      onExit: (c: number, m?: string) => {
        code = c;
        message = m;
      },
    }),
    { stdout: opts.stdout, stdin: opts.stdin, exitOnCtrlC: false, patchConsole: false },
  );
  await app.waitUntilExit();
  if (message) opts.err(`palpanel dash: ${terminalText(message)}\n`);
  return code;
}

/** Inside the single executable, yoga's WASM starts through an explicit init that
 * scripts/ink-plugin.mjs adds; under Node's own ESM loader it started on import. */
async function initYogaForBundle(): Promise<void> {
  const yoga = (await import('yoga-layout')) as unknown as { initYoga?: () => Promise<void> };
  if (typeof yoga.initYoga === 'function') await yoga.initYoga();
}
