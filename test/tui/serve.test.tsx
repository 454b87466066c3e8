// The dashboard's components and container, with ink-testing-library, against a real `serve`
// on a temp dir backed by the simulated game server.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/app/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { ApiClient } from '../../src/tui/api-client.js';
import { Pane } from '../../src/tui/components/pane.js';
import { StatusBar } from '../../src/tui/components/status-bar.js';
import { Dashboard } from '../../src/tui/containers/dashboard.js';
import { DashModel, ROUTES } from '../../src/tui/model.js';
import { renderSnapshot } from '../../src/tui/snapshot.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';

async function panel(env: Record<string, string> = {}) {
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
  const sim = await startSimGameServer({ serverName: 'Sim Island', players: [{ uid: ALICE, name: 'Alice', level: 12 }], churnPeriodMs: 0 });
  cleanup.push(() => sim.close());
  const settings = testSettings(tempDir(), {
    SERVICE_SAVE_DIR: saveDir,
    SERVICE_SAVE_CHECK_INTERVAL: '100ms',
    SERVICE_GAME_REST_URL: sim.restUrl,
    SERVICE_GAME_ADMIN_PASSWORD: sim.password,
    SERVICE_POLL_INTERVAL: '100ms',
    SERVICE_GAME_DATA: 'on',
    SERVICE_GAME_DATA_INTERVAL: '100ms',
    ...env,
  });
  const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
  let stopped = false;
  cleanup.push(() => (stopped ? undefined : server.stop()));
  const { key } = server.store.keys.create('dash test');
  return { server, key, sim, stop: async () => ((stopped = true), await server.stop()) };
}

/** Waits until the condition holds. */
const until = (what: string, fn: () => boolean, timeoutMs?: number) => waitFor(what, () => (fn() ? true : undefined), timeoutMs);

/** Short refresh periods, so the tests do not wait for the real 5 to 60 s ones. */
const FAST = ROUTES.map((r) => ({ key: r.key, periodMs: r.periodMs / 50 }));

function mount(server: RunningServer, key: string, budget = 1000, pageSize = 10) {
  const api = new ApiClient(server.url, key);
  cleanup.push(() => api.close());
  const model = new DashModel(api, budget, pageSize, () => {}, FAST);
  const exits: number[] = [];
  const ui = render(<Dashboard model={model} url={server.url} budget={budget} tickMs={50} onExit={(c) => exits.push(c)} />);
  cleanup.push(() => ui.unmount());
  return { ui, model, exits };
}

describe('presentational components', () => {
  it('a pane shows its title, lines and stale note', () => {
    const { lastFrame } = render(<Pane title="Server" lines={['Sim Island  v1.0', 'state running']} stale="stale 40s: rate limited" focused width={60} height={3} />);
    const f = lastFrame()!;
    expect(f).toContain('Server');
    expect(f).toContain('Sim Island  v1.0');
    expect(f).toContain('stale 40s: rate limited');
  });

  it('the status bar shows the budget and the problem', () => {
    const { lastFrame } = render(<StatusBar url="http://x" spent={12} budget={40} problem="panel unreachable: connection refused" />);
    expect(lastFrame()).toContain('12/40 req/min');
    expect(lastFrame()).toContain('panel unreachable: connection refused');
  });
});

describe('dashboard container against a real panel', () => {
  it('shows the served server, metrics, online player, events and world summary', async () => {
    const { server, key } = await panel();
    const { ui } = mount(server, key);
    await until('live data', () => {
      const f = ui.lastFrame() ?? '';
      return f.includes('Sim Island') && f.includes('Alice') && f.includes('World (ready)') && f.includes('joined');
    });
    const f = ui.lastFrame()!;
    expect(f).toContain('state running');
    expect(f).toMatch(/players 1\/\d+/);
    expect(f).toContain('Palworld REST API is reachable');
  });

  it('tab moves the focus and arrows page the pal list through cursors', async () => {
    const { server, key } = await panel();
    const { ui } = mount(server, key, 1000, 2);
    await until('pals', () => (ui.lastFrame() ?? '').includes('Pals (page 1, more →)'));
    for (let i = 0; i < 5; i++) ui.stdin.write('\t'); // server → … → pals
    await new Promise((r) => setTimeout(r, 100));
    ui.stdin.write('\u001b[C'); // right arrow
    await until('page 2', () => (ui.lastFrame() ?? '').includes('Pals (page 2'));
    ui.stdin.write('\u001b[D'); // left arrow
    await until('page 1 again', () => (ui.lastFrame() ?? '').includes('Pals (page 1'));
  });

  it('shows the rate-limited state and honours Retry-After', async () => {
    const { server, key } = await panel({ SERVICE_INTEGRATION_RATE_LIMIT: '3' });
    const { ui, model } = mount(server, key);
    await until('rate limited', () => (ui.lastFrame() ?? '').includes('rate limited: waiting'));
    const spent = model.spent(Date.now());
    await new Promise((r) => setTimeout(r, 500));
    expect(model.spent(Date.now())).toBe(spent); // paused: nothing more sent
  });

  it('shows the unreachable state when the panel stops, without crashing', async () => {
    const { server, key, stop } = await panel();
    const { ui, exits } = mount(server, key);
    await until('live', () => (ui.lastFrame() ?? '').includes('Sim Island'));
    await stop();
    await until('unreachable', () => (ui.lastFrame() ?? '').includes('panel unreachable'));
    expect(exits).toEqual([]);
  });

  it('a revoked key ends the dashboard with exit code 2', async () => {
    const { server, key } = await panel();
    server.store.keys.revoke(key.slice(4, 12));
    const { exits } = mount(server, key);
    await until('exit', () => exits.length > 0);
    expect(exits).toEqual([2]);
  });

  it('the plain snapshot lists every pane', async () => {
    const { server, key } = await panel();
    const api = new ApiClient(server.url, key);
    cleanup.push(() => api.close());
    const model = new DashModel(api, 100, 10, () => {});
    await until('parsed', () => server.store.world.parseInfo().lastParseAt !== null);
    await new Promise((r) => setTimeout(r, 300));
    await model.tick(Date.now());
    const text = renderSnapshot(model.state, Date.now());
    for (const title of ['== Server', '== Metrics', '== Online players', '== Recent events', '== Pals']) expect(text).toContain(title);
    expect(text).toContain('Sim Island');
  });
});
