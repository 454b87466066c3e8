// The dashboard against the whole of `serve` (pollers, save watcher and parser) on a temp dir,
// backed by the simulated game server: what the real pipeline produces reaches the panes.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/serve.js';
import { ApiClient } from '../../src/tui/api-client.js';
import { Dashboard } from '../../src/tui/containers/dashboard.js';
import { DashModel, ROUTES } from '../../src/tui/model.js';
import { renderSnapshot } from '../../src/tui/snapshot.js';
import { renderIn, stripAnsi } from './term.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';

const panel = (env: Record<string, string> = {}) =>
  startLiveServe(cleanup, { serverName: 'Sim Island', players: [{ uid: ALICE, name: 'Alice', level: 12 }] }, env);

/** Waits until the condition holds. */
const until = (what: string, fn: () => boolean, timeoutMs?: number) => waitFor(what, () => (fn() ? true : undefined), timeoutMs);

/** Short refresh periods, so the tests do not wait for the real 5 to 60 s ones. */
const FAST = ROUTES.map((r) => ({ key: r.key, periodMs: r.periodMs / 50 }));

function mount(server: RunningServer, key: string) {
  const api = new ApiClient(server.url, key);
  cleanup.push(() => api.close());
  const model = new DashModel(api, { budget: 1000, routes: FAST });
  const exits: number[] = [];
  const ui = renderIn(<Dashboard model={model} url={server.url} tickMs={50} onExit={(c) => exits.push(c)} />);
  cleanup.push(() => ui.app.unmount());
  return { frame: () => stripAnsi(ui.lastFrame()), model, exits };
}

describe('dashboard against serve with the simulated game server', () => {
  it('shows the served server, metrics, online player, events and world summary', async () => {
    const { server, key } = await panel();
    const ui = mount(server, key);
    await until('live data', () => {
      const f = ui.frame();
      return f.includes('Sim Island') && f.includes('Alice') && f.includes('World (ready)') && f.includes('joined');
    });
    const f = ui.frame();
    expect(f).toContain('state running');
    expect(f).toMatch(/players 1\/\d+/);
    expect(f).toContain('Palworld REST API is reachable');
  });

  it('the plain snapshot lists every pane', async () => {
    const { server, key } = await panel();
    const api = new ApiClient(server.url, key);
    cleanup.push(() => api.close());
    const model = new DashModel(api, { budget: 100 });
    await until('parsed', () => server.store.world.parseInfo().lastParseAt !== null);
    await new Promise((r) => setTimeout(r, 300));
    await model.tick(Date.now());
    const text = renderSnapshot(model.state, Date.now(), server.url);
    for (const title of ['== Server', '== Metrics', '== Online players', '== Recent events', '== Pals']) expect(text).toContain(title);
    expect(text).toContain('Sim Island');
  });
});
