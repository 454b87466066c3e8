// The presentational components with ink-testing-library, the pane texts built from given
// data, and the container on a fake terminal with a scripted API (no HTTP): layout, resize,
// keys, exit codes.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { UnauthorizedKeyError } from '../../src/tui/api-client.js';
import { DashboardView } from '../../src/tui/components/dashboard-view.js';
import { Pane } from '../../src/tui/components/pane.js';
import { StatusBar } from '../../src/tui/components/status-bar.js';
import { Dashboard } from '../../src/tui/containers/dashboard.js';
import { DashModel, emptyState } from '../../src/tui/model.js';
import { renderSnapshot } from '../../src/tui/snapshot.js';
import type { DashState, PalRow, PlayerRow } from '../../src/tui/types.js';
import { buildPanes, HELP_LINES, problemText } from '../../src/tui/view.js';
import { waitFor } from '../helpers/wait.js';
import { KEYS, renderIn, stripAnsi } from './term.js';

const NOW = Date.parse('2026-07-14T10:00:00.000Z');
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function state(over: Partial<DashState> = {}): DashState {
  const s = emptyState(40);
  s.server = {
    name: 'Sim Island',
    description: 'd',
    version: 'v1.0.2',
    state: 'running',
    uptimeSec: 7_380,
    save: { state: 'drift', formatDrift: true, lastParseAt: '2026-07-14T09:58:00.000Z', players: 12, pals: 600, guilds: 3 },
  };
  s.metrics = { fps: 59.6, fpsAvg: 58, frameTimeMs: 16.8, players: 2, maxPlayers: 32, day: 41, uptimeSec: 7_380, baseCamps: 5 };
  s.fpsHistory = [60, 59, 30, 60];
  s.frameHistory = [16, 17, 33, 16];
  s.players = { rows: [player('Alice', 12, 'Night Owls'), player('Bob', 3)], page: 0, hasNext: true };
  s.events = [{ at: '2026-07-14T09:59:30.000Z', kind: 'join', message: 'Alice joined the server' }];
  s.pals = {
    rows: [pal('Lamball', 5, { isLucky: true }), pal('Foxparks', 9, { isAlpha: true, placement: 'base' })],
    page: 2,
    hasNext: false,
  };
  s.world = {
    state: 'ready',
    fps: 60,
    fpsAvg: 60,
    counts: { players: 2, partyPals: 3, basePals: 14, wildPals: 800, npcs: 20, palBoxes: 2, unknown: 0 },
    activity: {
      working: 9,
      transporting: 0,
      eating: 1,
      sleeping: 0,
      idle: 4,
      inactive: 0,
      combat: 0,
      incapacitated: 0,
      moving: 0,
      unknown: 0,
    },
    linkedBasePals: 13,
    capturedAt: '2026-07-14T09:59:58.000Z',
    lastAttemptAt: '2026-07-14T09:59:58.000Z',
  };
  for (const k of ['server', 'metrics', 'players', 'events', 'world', 'pals'] as const) s.updatedAt[k] = NOW - 1_000;
  return Object.assign(s, over);
}

function player(name: string, level: number, guildName?: string): PlayerRow {
  return {
    uid: '0000',
    name,
    online: true,
    level,
    ...(guildName ? { guildId: 'g', guildName } : {}),
    firstSeenAt: '2026-07-01T00:00:00.000Z',
    lastSeenAt: '2026-07-14T10:00:00.000Z',
    playtimeSec: 3_700,
  };
}

function pal(displayName: string, level: number, over: Partial<PalRow> = {}): PalRow {
  return {
    instanceId: displayName,
    characterId: displayName,
    displayName,
    level,
    isAlpha: false,
    isLucky: false,
    placement: 'box',
    ownerName: 'Alice',
    ...over,
  } as PalRow;
}

const width = () => 56;
const pane = (s: DashState, id: string) => buildPanes(s, NOW, width).find((p) => p.id === id);

describe('pane texts from given data', () => {
  it('server: name, version, state, uptime, save state, last parse, drift', () => {
    const p = pane(state(), 'server')!;
    expect(p.lines).toEqual([
      'Sim Island  v1.0.2',
      'state running   uptime 2h 3m',
      'save drift   parsed 2m ago   drift YES',
      '12 players  600 pals  3 guilds',
    ]);
    expect(p.stale).toBeUndefined();
  });

  it('metrics: FPS and frame time with sparklines, players / max, day, base camps', () => {
    expect(pane(state(), 'metrics')!.lines).toEqual(['FPS   59.6 ██▁█', 'ms    16.8 ▁▁█▁', 'players 2/32   day 41   base camps 5']);
  });

  it('metrics while the game server is unreachable: no zeros that look like an empty server; the snapshot says so', () => {
    const s = state();
    s.server = { ...s.server!, state: 'unreachable', uptimeSec: 0 };
    s.metrics = { fps: 0, fpsAvg: 0, frameTimeMs: 0, players: 0, maxPlayers: 0, day: 0, uptimeSec: 0, baseCamps: 0 };
    expect(pane(s, 'metrics')!.lines).toEqual(['no live figures: the game server is unreachable']);
    expect(renderSnapshot(s, NOW, 'http://panel:8080')).toContain('\n!! game server unreachable: no live figures\n');
  });

  it('online players, events, pals with their page', () => {
    const s = state();
    expect(pane(s, 'players')!.title).toBe('Online players (page 1, more →)');
    expect(pane(s, 'players')!.lines).toEqual(['Alice  lv 12  [Night Owls]  1h 1m played', 'Bob  lv 3  1h 1m played']);
    expect(pane(s, 'events')!.lines).toEqual(['09:59:30 join   Alice joined the server']);
    expect(pane(s, 'pals')!.title).toBe('Pals (page 3)');
    expect(pane(s, 'pals')!.lines).toEqual(['Lamball ★  lv 5  box  Alice', 'Foxparks α  lv 9  base  Alice']);
  });

  it('world summary only while the game-data poller is on', () => {
    const s = state();
    expect(pane(s, 'world')!.lines).toEqual([
      'players 2  party 3  base 14  wild 800  npcs 20  boxes 2',
      'working 9  eating 1  idle 4',
      'linked base pals 13   captured 2s ago',
    ]);
    // A narrow pane wraps the counts and the activity instead of cutting them at once; the
    // unknown count shows when there is one.
    s.world = {
      ...s.world!,
      counts: { ...s.world!.counts, unknown: 3 },
      activity: { ...s.world!.activity, transporting: 18, sleeping: 2 },
    };
    expect(buildPanes(s, NOW, () => 30).find((p) => p.id === 'world')!.lines).toEqual([
      'players 2  party 3  base 14',
      'wild 800  npcs 20  boxes 2  u…',
      'working 9  transporting 18  e…',
      'linked base pals 13   capture…',
    ]);
    s.world = { ...s.world, state: 'disabled' };
    expect(pane(s, 'world')).toBeUndefined();
    expect(buildPanes(s, NOW, width).map((p) => p.id)).toEqual(['server', 'metrics', 'events', 'players', 'pals']);
  });

  it('stale notes say how old and why; loading and empty lists say so', () => {
    const s = state({ problem: { kind: 'rate_limited', since: NOW - 45_000, until: NOW + 17_000 } });
    s.updatedAt.server = NOW - 42_000;
    expect(pane(s, 'server')!.stale).toBe('stale 42s: rate limited');
    expect(problemText(s.problem, NOW)).toBe('rate limited by the panel: paused 17s (Retry-After)');
    s.problem = { kind: 'unreachable', reason: 'connection refused', since: NOW - 30_000 };
    expect(pane(s, 'server')!.stale).toBe('stale 42s: unreachable');
    expect(problemText(s.problem, NOW)).toBe('panel unreachable: connection refused (retrying; since 30s)');
    const empty = emptyState(40);
    expect(buildPanes(empty, NOW, width).map((p) => p.stale)).toEqual(Array(5).fill('loading…'));
    empty.updatedAt.players = NOW;
    expect(pane(empty, 'players')!.lines).toEqual(['nobody online']);
  });

  it('the plain snapshot has every pane as text, and the problem', () => {
    const s = state({ problem: { kind: 'unreachable', reason: 'connection refused', since: NOW } });
    const text = renderSnapshot(s, NOW, 'http://panel:8080');
    expect(text.split('\n')[0]).toBe('palpanel dash http://panel:8080 at 2026-07-14T10:00:00.000Z');
    for (const t of [
      '== Server',
      '== Metrics',
      '== World (ready)',
      '== Recent events',
      '== Online players (page 1, more →)',
      '== Pals (page 3)',
    ])
      expect(text).toContain(t);
    expect(text).toContain('  Sim Island  v1.0.2');
    expect(text).toContain('!! panel unreachable: connection refused');
    expect(text).not.toContain('\u001b');
  });
});

describe('presentational components', () => {
  it('a pane shows its title, stale note and exactly its body lines', () => {
    const { lastFrame } = render(
      <Pane
        title="Server"
        lines={['Sim Island  v1.0', 'state running', 'cut']}
        stale="stale 40s: rate limited"
        focused
        width={60}
        height={2}
      />,
    );
    const f = lastFrame()!;
    expect(f).toContain('Server  stale 40s: rate limited');
    expect(f).toContain('Sim Island  v1.0');
    expect(f).not.toContain('cut');
    expect(f.split('\n')).toHaveLength(2 + 3);
  });

  it('the status bar shows the requests spent, live or the problem, and the keys', () => {
    const live = render(<StatusBar url="http://x" usage="12/40 req/min" problem={null} game={null} hint="q quit" />);
    expect(live.lastFrame()).toBe('http://x  ·  12/40 req/min  ·  live  ·  q quit');
    const down = render(
      <StatusBar url="http://x" usage="3/40 req/min" problem="panel unreachable: connection refused" game={null} hint="q quit" />,
    );
    expect(down.lastFrame()).toContain('panel unreachable: connection refused');
    // The panel answers, the game does not: not "live".
    const gameDown = render(
      <StatusBar url="http://x" usage="3/40 req/min" problem={null} game="game server unreachable: no live figures" hint="q quit" />,
    );
    expect(gameDown.lastFrame()).toBe('http://x  ·  3/40 req/min  ·  panel live, game server unreachable: no live figures  ·  q quit');
  });

  it('the screen keeps its height with the panes, the help, or a too-small note', () => {
    const cols = [
      [{ id: 'server', title: 'Server', lines: ['a'], focused: true, width: 40, height: 4 }],
      [{ id: 'pals', title: 'Pals', lines: ['b'], focused: false, width: 40, height: 4 }],
    ];
    const status = {
      url: 'u',
      usage: '0/40 req/min',
      problem: 'rate limited by the panel: paused 5s (Retry-After)',
      game: null,
      hint: 'q quit',
    };
    const panes = render(<DashboardView columns={cols} width={80} height={10} help={null} tooSmall={null} status={status} />);
    const help = render(<DashboardView columns={cols} width={80} height={10} help={HELP_LINES} tooSmall={null} status={status} />);
    const small = render(<DashboardView columns={[]} width={80} height={10} help={null} tooSmall="terminal too small" status={status} />);
    for (const v of [panes, help, small]) expect(v.lastFrame()!.split('\n')).toHaveLength(11);
    expect(panes.lastFrame()).toContain('rate limited by the panel: paused 5s');
    expect(help.lastFrame()).toContain('refresh now');
    expect(small.lastFrame()).toContain('terminal too small');
  });
});

/** An API that answers from a table, and counts. */
function scriptedApi(over: Partial<Record<string, () => unknown>> = {}) {
  const s = state();
  const paths: string[] = [];
  const pages = Array.from({ length: 5 }, (_, i) => Array.from({ length: 30 }, (_, j) => pal(`Pal ${i * 30 + j}`, j + 1)));
  const api = {
    paths,
    // eslint-disable-next-line @typescript-eslint/require-await -- async so that a throwing script rejects, as the real client's get does
    async get<T>(path: string) {
      paths.push(path);
      const route = path.split('?')[0];
      const q = new URLSearchParams(path.split('?')[1] ?? '');
      if (over[route]) return { body: over[route]() as T, notModified: false };
      const table: Record<string, unknown> = {
        '/server': { data: s.server },
        '/metrics/current': { data: s.metrics },
        '/players': { data: s.players.rows, nextCursor: null },
        '/events': { data: s.events },
        '/world/summary': { data: s.world },
      };
      if (route === '/pals') {
        // Keyset pages: the cursor is the index of the next row.
        const from = Number(q.get('cursor') ?? 0);
        const limit = Number(q.get('limit'));
        const all = pages.flat();
        const rows = all.slice(from, from + limit);
        return { body: { data: rows, nextCursor: from + limit < all.length ? String(from + limit) : null } as T, notModified: false };
      }
      return { body: table[route] as T, notModified: false };
    },
  };
  return api;
}

function mountFake(api: ReturnType<typeof scriptedApi>, columns = 120, rows = 40) {
  const model = new DashModel(api, {
    budget: 1000,
    routes: [
      { key: 'server', periodMs: 100 },
      { key: 'metrics', periodMs: 100 },
      { key: 'players', periodMs: 100 },
      { key: 'events', periodMs: 100 },
      { key: 'world', periodMs: 100 },
      { key: 'pals', periodMs: 100_000 },
    ],
  });
  const exits: [number, string | undefined][] = [];
  const t = renderIn(<Dashboard model={model} url="http://panel" tickMs={20} onExit={(c, m) => exits.push([c, m])} />, columns, rows);
  cleanup.push(() => t.app.unmount());
  const frame = () => stripAnsi(t.lastFrame());
  const until = (what: string, fn: (f: string) => boolean) => waitFor(what, () => (fn(frame()) ? true : undefined), 5_000);
  return { ...t, model, exits, frame, until };
}

describe('dashboard container on a fake terminal', () => {
  it('fills the terminal minus two lines, and re-lays out on resize', async () => {
    const m = mountFake(scriptedApi(), 120, 40);
    await m.until('data', (f) => f.includes('Sim Island') && f.includes('Pal 0'));
    expect(m.frame().split('\n')).toHaveLength(39);
    // The pal page holds as many rows as the pane shows: (38 - 6) / 2 = 16.
    expect(m.model.pageSize('pals')).toBe(16);
    m.stdout.resize(80, 24);
    await m.until('narrow layout', (f) => f.split('\n').length === 23);
    expect(m.frame()).toContain('+3 panes (tab)');
    expect(
      Math.max(
        ...m
          .frame()
          .split('\n')
          .map((l) => [...l].length),
      ),
    ).toBeLessThanOrEqual(80);
  });

  it('tab moves the focus; arrows and page keys walk the cursors and come back', async () => {
    const api = scriptedApi();
    const m = mountFake(api);
    await m.until('pals', (f) => f.includes('Pals (page 1, more →)') && f.includes('Pal 0 '));
    m.stdin.write('\t\t\t\t\t'); // server → metrics → world → events → players → pals, typed fast
    await new Promise((r) => setTimeout(r, 50));
    m.stdin.write(KEYS.right);
    await m.until('page 2', (f) => f.includes('Pals (page 2') && f.includes('Pal 16 '));
    m.stdin.write(KEYS.pageDown);
    await m.until('page 3', (f) => f.includes('Pals (page 3') && f.includes('Pal 32 '));
    m.stdin.write(KEYS.up);
    await m.until('page 2 again', (f) => f.includes('Pals (page 2') && f.includes('Pal 16 '));
    m.stdin.write(KEYS.left);
    await m.until('page 1 again', (f) => f.includes('Pals (page 1') && f.includes('Pal 0 '));
    m.stdin.write(KEYS.left); // nowhere to go back to
    const pals = api.paths.filter((p) => p.startsWith('/pals'));
    expect(pals).toEqual([
      '/pals?limit=16',
      '/pals?limit=16&cursor=16',
      '/pals?limit=16&cursor=32',
      '/pals?limit=16&cursor=16',
      '/pals?limit=16',
    ]);
  });

  it('? shows the help in place of the panes (same height); q quits with exit code 0', async () => {
    const m = mountFake(scriptedApi());
    await m.until('data', (f) => f.includes('Sim Island'));
    m.stdin.write('?');
    await m.until('help', (f) => f.includes('palpanel dash: keys'));
    expect(m.frame().split('\n')).toHaveLength(39);
    m.stdin.write('?');
    await m.until('panes', (f) => f.includes('Sim Island'));
    m.stdin.write('q');
    await waitFor('exit', () => (m.exits.length ? true : undefined));
    expect(m.exits).toEqual([[0, undefined]]);
  });

  it('a refused key ends it with exit code 2 and the reason', async () => {
    const m = mountFake(
      scriptedApi({
        '/server': () => {
          throw new UnauthorizedKeyError();
        },
      }),
    );
    await waitFor('exit', () => (m.exits.length ? true : undefined));
    expect(m.exits[0][0]).toBe(2);
    expect(m.exits[0][1]).toMatch(/refused the key \(401\)/);
  });

  it('an answer it cannot read shows an error note instead of crashing', async () => {
    const m = mountFake(scriptedApi({ '/metrics/current': () => ({ data: { fps: 'sixty' } }) }));
    await m.until('error note', (f) => f.includes('metrics: unexpected answer from /metrics/current'));
    expect(m.frame()).toContain('Sim Island');
    expect(m.exits).toEqual([]);
  });
});
