// Scheduled tasks with an injected clock and timers against the simulated game server: a daily
// restart tells players at its steps (a countdown), then saves and hands the last step to the
// game's shutdown through the REST API; a cancel ends it with nothing stopped; players online make
// it skip or wait when the admin says so; a restart missed while palpanel was down is logged, not
// run late; a recurring command runs through RCON; each run is logged and audited.
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/actions/console.js';
import { createGameActions } from '../../src/actions/game-actions.js';
import { Countdowns } from '../../src/actions/countdown.js';
import { manualTime } from '../helpers/manual-time.js';
import { TaskScheduler, type TaskPorts } from '../../src/actions/task-scheduler.js';
import { nextAfter } from '../../src/domain/task-schedule.js';
import { parseHostPort } from '../../src/config/settings.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { SYSTEM } from '../../src/domain/actor.js';
import { NotConfiguredError } from '../../src/domain/errors.js';
import { tempStore } from '../helpers/fixture.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig(opts: { rcon?: boolean } = {}) {
  const time = manualTime('2026-07-14T03:00:00.000Z');
  const clock = time.clock;
  const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: opts.rcon !== false });
  cleanup.push(() => sim.close());
  const ts = await tempStore(clock);
  cleanup.push(() => ts.cleanup());
  const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
  cleanup.push(() => client.close());
  const game = createGameActions(client, ts.store, clock);
  const countdowns = new Countdowns(client, ts.store, clock, () => undefined, time.timers);
  // RCON off: no console, as serve makes none (its exec answers as serve's task ports do).
  const con = opts.rcon === false ? null : createConsole(ts.store, { addr: parseHostPort(sim.rconAddr)!, password: sim.password });
  if (con) cleanup.push(() => con.close());
  let players = 0;
  const ports: TaskPorts = {
    announce: (m) => game.announce(m, SYSTEM),
    save: () => game.save(SYSTEM),
    countdown: (req) => countdowns.start(req),
    exec: async (c) => {
      if (!con) throw new NotConfiguredError('rcon');
      return (await con.exec(c, SYSTEM)).reply;
    },
    playersOnline: () => players,
  };
  const scheduler = new TaskScheduler(ts.store, ports, clock, () => undefined);
  /** The clock moves to `iso` (the countdown's timers run on the way), then the scheduler checks. */
  const at = async (iso: string) => {
    await time.to(iso, countdowns);
    await scheduler.tick();
  };
  return {
    countdowns,
    sim,
    ts,
    scheduler,
    at,
    setPlayers: (n: number) => (players = n),
    actions: () => sim.control.adminActions().map((a) => `${a.action}${a.args.message ? `: ${String(a.args.message)}` : ''}`),
  };
}

const restart = (whenPlayersOnline: 'run' | 'skip' | 'delay') => ({
  name: 'Nightly restart',
  enabled: true,
  schedule: { every: 'day' as const, at: '04:00' },
  action: { kind: 'restart' as const, steps: [600, 60, 10], message: 'Nightly maintenance', whenPlayersOnline },
});
const TOLD = [
  'announce: Server restart in 10 minutes: Nightly maintenance',
  'announce: Server restart in 1 minute: Nightly maintenance',
  'save',
  'shutdown: Server restart in 10 seconds: Nightly maintenance',
];

describe('scheduled tasks', () => {
  it('next due times: intervals from the last run, days at their UTC time', () => {
    expect(nextAfter({ every: 'interval', minutes: 30 }, new Date('2026-07-14T03:00:00Z')).toISOString()).toBe('2026-07-14T03:30:00.000Z');
    expect(nextAfter({ every: 'day', at: '04:00' }, new Date('2026-07-14T03:00:00Z')).toISOString()).toBe('2026-07-14T04:00:00.000Z');
    expect(nextAfter({ every: 'day', at: '04:00' }, new Date('2026-07-14T04:00:00Z')).toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('a restart: told at each step, then saved and handed to the game at the last; logged and audited', async () => {
    const { ts, at, actions } = await rig();
    const t = ts.store.tasks.add(restart('run'), 'user:ann');
    await at('2026-07-14T03:49:30.000Z');
    expect(actions()).toEqual([]);
    // The check at 03:49:45 starts the countdown; its own timer says the first step at 03:50:00.
    await at('2026-07-14T03:49:45.000Z');
    expect(actions()).toEqual([]);
    await at('2026-07-14T03:50:00.000Z');
    expect(actions()).toEqual(TOLD.slice(0, 1));
    await at('2026-07-14T03:58:59.000Z');
    expect(actions()).toEqual(TOLD.slice(0, 1));
    await at('2026-07-14T03:59:00.000Z');
    expect(actions()).toEqual(TOLD.slice(0, 2));
    await at('2026-07-14T03:59:50.000Z');
    expect(actions()).toEqual(TOLD);
    expect(ts.store.tasks.runs(5, t.id)).toEqual([expect.objectContaining({ dueAt: '2026-07-14T04:00:00.000Z', outcome: 'ok' })]);
    expect(ts.store.audit.list({ limit: 10, action: 'task.run' }).data).toEqual([
      expect.objectContaining({ actor: 'system', target: t.id }),
    ]);
    expect(ts.store.audit.list({ limit: 10, action: 'server.shutdown' }).data).toEqual([
      expect.objectContaining({ actor: 'system', outcome: 'ok' }),
    ]);
    // The next one is tomorrow.
    await at('2026-07-14T04:05:00.000Z');
    expect(actions()).toHaveLength(4);
  });

  it('a restart cancelled during its countdown: players told, nothing stopped, the run logged as cancelled', async () => {
    const { ts, at, actions, countdowns } = await rig();
    const t = ts.store.tasks.add(restart('run'), 'user:ann');
    await at('2026-07-14T03:50:00.000Z');
    await countdowns.cancel('user:bob');
    await at('2026-07-14T04:10:00.000Z');
    expect(actions()).toEqual([TOLD[0], 'announce: Server restart cancelled. Carry on playing.']);
    expect(ts.store.tasks.runs(5, t.id)[0]).toMatchObject({ outcome: 'skipped', detail: 'cancelled by bob' });
  });

  it('a task made before steps: its warning minutes and the default steps below', async () => {
    const { ts, at, actions } = await rig();
    ts.store.tasks.add(
      {
        ...restart('run'),
        action: { kind: 'restart', warnMinutes: 2, message: 'The server restarts in {minutes} minutes.', whenPlayersOnline: 'run' },
      },
      'cli',
    );
    await at('2026-07-14T03:57:45.000Z');
    await at('2026-07-14T04:00:00.000Z');
    expect(actions()).toEqual([
      'announce: Server restart in 2 minutes',
      'announce: Server restart in 1 minute',
      'announce: Server restart in 30 seconds',
      'save',
      'shutdown: Server restart in 10 seconds',
    ]);
  });

  it('players online: skip logs a skipped run; delay waits until they leave', async () => {
    const skip = await rig();
    skip.setPlayers(2);
    const s = skip.ts.store.tasks.add(restart('skip'), 'cli');
    await skip.at('2026-07-14T03:50:00.000Z');
    await skip.at('2026-07-14T04:00:00.000Z');
    expect(skip.actions().filter((a) => a.startsWith('shutdown'))).toEqual([]);
    expect(skip.ts.store.tasks.runs(5, s.id)[0]).toMatchObject({ outcome: 'skipped', detail: '2 players online' });

    const delay = await rig();
    delay.setPlayers(1);
    delay.ts.store.tasks.add(restart('delay'), 'cli');
    await delay.at('2026-07-14T03:50:00.000Z');
    await delay.at('2026-07-14T04:00:00.000Z');
    await delay.at('2026-07-14T04:20:00.000Z');
    expect(delay.actions().filter((a) => a.startsWith('shutdown'))).toEqual([]);
    delay.setPlayers(0);
    await delay.at('2026-07-14T04:21:00.000Z');
    expect(delay.actions().filter((a) => a.startsWith('shutdown'))).toHaveLength(1);
  });

  it('a restart missed while palpanel was down is logged, not run late; a recurring command runs through RCON', async () => {
    const { ts, at, actions } = await rig();
    const t = ts.store.tasks.add(restart('run'), 'cli');
    await at('2026-07-14T09:00:00.000Z');
    expect(actions()).toEqual([]);
    expect(ts.store.tasks.runs(5, t.id)[0]).toMatchObject({ outcome: 'skipped', detail: 'missed while palpanel was not running' });
    const c = ts.store.tasks.add(
      { name: 'Save often', enabled: true, schedule: { every: 'interval', minutes: 30 }, action: { kind: 'command', command: 'Save' } },
      'cli',
    );
    await at('2026-07-14T09:31:00.000Z');
    expect(ts.store.tasks.runs(5, c.id)[0]).toMatchObject({ outcome: 'ok', detail: 'Complete Save' });
    expect(ts.store.console.page(5, null)[0]).toMatchObject({ actor: 'system', command: 'Save' });
  });

  it('with RCON off: restart warnings, announcements, saves and shutdowns go through the REST API; a console command says it needs RCON', async () => {
    const { ts, at, actions, sim } = await rig({ rcon: false });
    expect(sim.rconAddr).toBe('');
    const every = (minutes: number) => ({ every: 'interval' as const, minutes });
    const restartTask = ts.store.tasks.add(restart('run'), 'cli');
    const hello = ts.store.tasks.add(
      { name: 'Hello', enabled: true, schedule: every(30), action: { kind: 'announce', message: 'Hello all, welcome back' } },
      'cli',
    );
    const keep = ts.store.tasks.add({ name: 'Keep', enabled: true, schedule: every(30), action: { kind: 'save' } }, 'cli');
    const stop = ts.store.tasks.add(
      {
        name: 'Stop',
        enabled: true,
        schedule: every(45),
        action: { kind: 'shutdown', delaySec: 30, message: 'Maintenance' },
      },
      'cli',
    );
    const cmd = ts.store.tasks.add(
      { name: 'Cmd', enabled: true, schedule: every(30), action: { kind: 'command', command: 'Save' } },
      'cli',
    );
    // Tasks due at the same check run in no set order: compared as sets, the restart in its order.
    await at('2026-07-14T03:30:00.000Z');
    expect(actions().sort()).toEqual(['announce: Hello all, welcome back', 'save']);
    await at('2026-07-14T03:45:00.000Z');
    await at('2026-07-14T03:50:00.000Z');
    await at('2026-07-14T03:59:00.000Z');
    await at('2026-07-14T04:00:00.000Z');
    expect(actions().sort()).toEqual(
      [
        'announce: Hello all, welcome back',
        'save',
        'announce: Server shutdown in 30 seconds: Maintenance',
        'shutdown: Server shutdown in 10 seconds: Maintenance',
        'announce: Hello all, welcome back',
        'save',
        ...TOLD,
      ].sort(),
    );
    expect(actions().filter((a) => a.includes('restart'))).toEqual(TOLD.filter((a) => a !== 'save'));
    expect(sim.control.adminActions().every((a) => a.via === 'rest')).toBe(true);
    for (const t of [restartTask, hello, keep, stop]) expect(ts.store.tasks.runs(5, t.id)[0], t.name).toMatchObject({ outcome: 'ok' });
    expect(ts.store.tasks.runs(5, cmd.id)[0]).toMatchObject({
      outcome: 'failed',
      detail: expect.stringMatching(/^The console needs RCON, which this server has off/),
    });
  });
});
