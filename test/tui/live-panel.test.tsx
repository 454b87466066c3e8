// The dashboard against a real Integration API: the HTTP core (createHandler) behind the
// node:http adapter on a loopback port, over a real store on a temp dir seeded with a world,
// and a LiveSource of plain values (test-panel.ts). The built executable's `dash` against the
// same server is in dash-e2e.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, PanelUnreachableError, RateLimitedError, UnauthorizedKeyError } from '../../src/tui/api-client.js';
import { Dashboard } from '../../src/tui/containers/dashboard.js';
import { DashModel, ROUTES } from '../../src/tui/model.js';
import { runDash } from '../../src/tui/run.js';
import { dash } from '../../src/cli/dash.js';
import { exitCodeFor } from '../../src/cli/exit.js';
import { waitFor } from '../helpers/wait.js';
import { FakeStdin, FakeStdout, KEYS, renderIn, stripAnsi } from './term.js';
import { startTestPanel, type PanelOptions } from './test-panel.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** Short refresh periods, so the tests do not wait for the real 5 to 60 s ones. */
const FAST = ROUTES.map((r) => ({ key: r.key, periodMs: r.periodMs / 50 }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const panel = (opts: PanelOptions = {}) => startTestPanel(cleanup, opts);

type Panel = Awaited<ReturnType<typeof panel>>;

function mount(p: Panel, budget = 1000, columns = 120, rows = 40) {
  const api = new ApiClient(p.url, p.key, { timeoutMs: 2_000 });
  cleanup.push(() => api.close());
  const model = new DashModel(api, { budget, routes: FAST });
  const exits: [number, string | undefined][] = [];
  const t = renderIn(<Dashboard model={model} url={p.url} tickMs={25} onExit={(c, m) => exits.push([c, m])} />, columns, rows);
  cleanup.push(() => t.app.unmount());
  const frame = () => stripAnsi(t.lastFrame());
  const until = (what: string, fn: (f: string) => boolean, ms = 8_000) =>
    waitFor(what, () => (fn(frame()) ? true : undefined), ms).catch((e: Error) => {
      throw new Error(`${e.message}; screen:\n${frame()}`);
    });
  return { ...t, model, exits, frame, until };
}

/** A terminal-like stdout for runDash (it renders with ink when stdout is a TTY). */
function tty(columns = 120, rows = 40) {
  return new FakeStdout(columns, rows) as FakeStdout & NodeJS.WriteStream;
}

describe('dash against a real Integration API', () => {
  it('panes show the served server, metrics, online players, events, world summary and pals', async () => {
    const p = await panel();
    const m = mount(p);
    await m.until('all panes', (f) =>
      ['Test Server', 'World (ready)', 'Player 1 joined the server', 'Lamball', 'Player 0  lv 1'].every((s) => f.includes(s)),
    );
    const f = m.frame();
    expect(f).toContain('Test Server  v1.0.2.101103');
    expect(f).toContain('state running   uptime 1h 0m');
    expect(f).toMatch(/save ok {3}parsed 2m ago {3}drift no/);
    expect(f).toContain('12 players  40 pals  2 guilds');
    expect(f).toContain('FPS   59.5');
    expect(f).toContain('players 2/32   day 12   base camps 2');
    expect(f).toContain('Player 1  lv 2  [Guild 1]');
    expect(f).toContain('players 2  party 3  base 10  wild 700  npcs 12  boxes 1');
    expect(f).toContain('working 7  transporting 1  sleeping 2');
    expect(f).toMatch(/Pals \(page 1, more →\)/);
    expect(f).toContain('live');
    expect(f).not.toContain('SECRET-WORLD-GUID');
  });

  it('uses conditional requests: after the first answer each path carries its ETag and a 304 keeps the data', async () => {
    const p = await panel();
    const m = mount(p);
    await m.until('data', (f) => f.includes('Test Server'));
    await waitFor('repeat requests', () => (p.seen.filter((r) => r.path === '/api/integration/v1/server').length >= 4 ? true : undefined));
    const server = p.seen.filter((r) => r.path === '/api/integration/v1/server');
    expect(server[0].inm).toBeUndefined();
    for (const r of server.slice(1)) expect(r.inm).toMatch(/^W\/"/);
    expect(m.frame()).toContain('Test Server');
    // And the client itself: the same body back, without a new one on the wire.
    const api = new ApiClient(p.url, p.key);
    cleanup.push(() => api.close());
    const a = await api.get<{ data: { name: string } }>('/server');
    const b = await api.get<{ data: { name: string } }>('/server');
    expect([a.notModified, b.notModified]).toEqual([false, true]);
    expect(b.body).toBe(a.body);
    p.live.live.info!.name = 'Renamed';
    const c = await api.get<{ data: { name: string } }>('/server');
    expect([c.notModified, c.body.data.name]).toEqual([false, 'Renamed']);
  });

  it('tab and arrows walk the pal list through the API cursors, and back', async () => {
    const p = await panel();
    const m = mount(p);
    // The world pane joins the tab order once its first answer is in: wait for it, so five tabs
    // end on the pals.
    await m.until('pals and world', (f) => f.includes('Pals (page 1, more →)') && f.includes('World (ready)'));
    m.stdin.write('\t\t\t\t\t'); // server → metrics → world → events → players → pals
    await sleep(50);
    m.stdin.write(KEYS.right);
    await m.until('page 2', (f) => f.includes('Pals (page 2, more →)'));
    m.stdin.write(KEYS.pageDown);
    await m.until('page 3, the last', (f) => /Pals \(page 3\)/.test(f));
    m.stdin.write(KEYS.right); // no further page
    expect(m.frame()).toMatch(/Pals \(page 3\)/);
    // Keys are handled in order: one step back lands on page 2 only if → stayed on page 3.
    m.stdin.write(KEYS.left);
    await m.until('page 2 again', (f) => f.includes('Pals (page 2, more →)'));
    m.stdin.write(KEYS.pageUp);
    await m.until('page 1 again', (f) => f.includes('Pals (page 1, more →)'));
    const pals = p.seen.filter((r) => r.path.startsWith('/api/integration/v1/pals')).map((r) => r.path.replace(/cursor=[^&]+/, 'cursor=…'));
    // 40 pals, 16 a page (the pane's height on a 120×40 terminal).
    expect(new Set(pals)).toEqual(new Set(['/api/integration/v1/pals?limit=16', '/api/integration/v1/pals?limit=16&cursor=…']));
  });

  it('a revoked key: exit code 2 and a one-line message, on a terminal and in a snapshot', async () => {
    const p = await panel();
    p.store.keys.revoke(p.keyId, 'cli');
    for (const once of [false, true]) {
      const errs: string[] = [];
      const out = tty();
      const code = await runDash({
        url: p.url,
        key: p.key,
        once,
        budget: 40,
        stdout: out,
        stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
        err: (t) => errs.push(t),
      });
      expect(code).toBe(2);
      expect(errs).toEqual(['palpanel dash: The panel refused the key (401): check --key or PALPANEL_KEY; the key may be revoked.\n']);
    }
  });

  it('a tiny rate limit: shows the rate-limited state and sends nothing until Retry-After has passed', async () => {
    const p = await panel({ rateLimit: 3 });
    const m = mount(p);
    await m.until('rate limited', (f) => f.includes('rate limited by the panel: paused') && f.includes('no data: rate limited'));
    const before = p.seen.length;
    expect(before).toBeLessThanOrEqual(7); // the first tick, nothing after the 429
    // Twenty more ticks of the dashboard's loop (the model counts them), and still nothing sent.
    const ticks = m.model.ticks;
    await waitFor('twenty ticks', () => (m.model.ticks >= ticks + 20 ? true : undefined));
    expect(p.seen.length).toBe(before);
    expect(m.frame()).toMatch(/\d+\/3 \(of 1000\) req\/min/); // the limit learned from the 429
    expect(m.exits).toEqual([]);
  });

  it('a stopped panel: "panel unreachable", no crash, and live again when it is back', async () => {
    const p = await panel();
    const m = mount(p);
    await m.until('live', (f) => f.includes('Test Server'));
    await p.stop();
    await m.until('unreachable', (f) => f.includes('panel unreachable: connection refused (retrying'));
    expect(m.frame()).toContain('Test Server'); // the last data stays on screen
    await p.restart();
    await m.until('live again', (f) => f.includes('  ·  live  ·  '));
    expect(m.exits).toEqual([]);
  });

  it('runDash on a terminal draws the dashboard and q ends it with 0', async () => {
    const p = await panel();
    const out = tty();
    const stdin = new FakeStdin();
    const done = runDash({
      url: p.url,
      key: p.key,
      once: false,
      budget: 40,
      stdout: out,
      stdin: stdin as unknown as NodeJS.ReadStream,
      err: () => {},
    });
    await waitFor('first requests', () => (p.seen.length >= 6 ? true : undefined));
    await sleep(400); // a tick redraws with the answers
    stdin.write('q');
    expect(await done).toBe(0);
    // (ink in CI mode writes only the last frame, when it ends: either way it is there.)
    expect(out.text()).toContain('Test Server');
  });

  it('without a terminal: one plain snapshot, exit 0; with the panel down: exit 1 and why', async () => {
    const p = await panel();
    const out = new FakeStdout();
    out.isTTY = false;
    const errs: string[] = [];
    const opts = {
      url: p.url,
      key: p.key,
      once: false,
      budget: 40,
      stdout: out as unknown as NodeJS.WriteStream,
      stdin: new FakeStdin(false) as unknown as NodeJS.ReadStream,
      err: (t: string) => errs.push(t),
    };
    expect(await runDash(opts)).toBe(0);
    const text = out.frames.join('');
    for (const t of [
      '== Server',
      '== Metrics',
      '== World (ready)',
      '== Recent events',
      '== Online players (page 1)',
      '== Pals (page 1, more →)',
    ])
      expect(text).toContain(t);
    expect(text).toContain('  Test Server  v1.0.2.101103');
    expect(text).not.toContain('\u001b');
    expect(errs).toEqual([]);
    // Exactly one request per route (the machine figures: one of /metrics).
    expect(p.seen).toHaveLength(7);
    expect(p.seen.filter((r) => r.path === '/metrics')).toHaveLength(1);
    await p.stop();
    out.frames.length = 0;
    expect(await runDash(opts)).toBe(1);
    expect(errs).toEqual([expect.stringMatching(/^palpanel dash: no data: panel unreachable: connection refused/)]);
  });
});

describe('the client’s named errors against the real panel', () => {
  it('UnauthorizedKeyError, RateLimitedError with Retry-After, PanelUnreachableError', async () => {
    const p = await panel({ rateLimit: 1 });
    const bad = new ApiClient(p.url, 'svk_00000000_' + 'A'.repeat(43));
    const good = new ApiClient(p.url, p.key);
    const none = new ApiClient('http://127.0.0.1:1', p.key);
    cleanup.push(
      () => bad.close(),
      () => good.close(),
      () => none.close(),
    );
    await expect(bad.get('/server')).rejects.toBeInstanceOf(UnauthorizedKeyError);
    await good.get('/server');
    const limited = await good.get('/server').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSec).toBeGreaterThanOrEqual(59);
    const down = await none.get('/server').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(PanelUnreachableError);
    expect((down as Error).message).toBe('panel unreachable: connection refused');
  });
});

describe('palpanel dash (the command)', () => {
  const io = (env: Record<string, string> = {}) => ({ env, out: () => {}, err: () => {}, stdin: process.stdin, debug: false });

  it('refuses a missing or malformed key, a bad url or budget, before any request (exit 2)', async () => {
    for (const [env, flags, msg] of [
      [{}, {}, /No API key/],
      [{ PALPANEL_KEY: 'nope' }, {}, /malformed/],
      [{}, { key: 'svk_00000000_' + 'A'.repeat(43), url: 'ftp://x' }, /Invalid --url/],
      [{}, { key: 'svk_00000000_' + 'A'.repeat(43), budget: '0' }, /Invalid --budget/],
    ] as const) {
      const err = await dash(io(env), { budget: '40', ...flags }).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(msg);
      expect(exitCodeFor(err)).toBe(2);
    }
  });
});
