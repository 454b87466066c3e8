// Restarts as a policy (issue 40), with the clock and the countdown's timers passed in, against the
// simulated game's REST API: a memory bound passed (read from /proc of a real process through the
// resources sampler), a cron in a time zone, and a quiet moment within a window each start the usual
// countdown, say why in a `restart` event (which webhooks receive), and end with the game saved and
// shut down through its REST API.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Countdowns } from '../../src/actions/countdown.js';
import { RestartPolicy, type RestartPolicySettings } from '../../src/actions/restart-policy.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { memoryReadings, type MemoryReadings } from '../../src/domain/resources.js';
import { ResourceSampler } from '../../src/poller/resources/sampler.js';
import { isWebhookEvent } from '../../src/store/events.js';
import { manualTime } from '../helpers/manual-time.js';
import { tempStore } from '../helpers/fixture.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const MIB = 1024 ** 2;
const OFF: RestartPolicySettings = {
  restartMemory: null,
  restartCron: null,
  restartQuietWindow: null,
  restartWarningMs: 60_000,
  timezone: 'UTC',
};

async function rig(startIso: string, settings: Partial<RestartPolicySettings>, memory: MemoryReadings | null = null) {
  const time = manualTime(startIso);
  const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: false });
  cleanup.push(() => sim.close());
  const ts = await tempStore(time.clock);
  cleanup.push(() => ts.cleanup());
  const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
  cleanup.push(() => client.close());
  const countdowns = new Countdowns(client, ts.store, time.clock, () => undefined, time.timers);
  let players = 0;
  const policy = new RestartPolicy(
    ts.store,
    {
      countdown: (req) => countdowns.start(req),
      counting: () => countdowns.current() !== null,
      game: () => ({ reachable: true, players }),
      memory,
    },
    { ...OFF, ...settings },
    time.clock,
    () => undefined,
  );
  /** The clock moves to `iso` in checks 15 s apart (the countdown's steps run on the way). */
  const until = async (iso: string) => {
    const end = Date.parse(iso);
    for (let t = time.clock().getTime() + 15_000; t <= end; t += 15_000) {
      await time.to(new Date(t).toISOString(), countdowns);
      await policy.tick();
    }
  };
  /** The clock jumps to `iso` with no check on the way (palpanel suspended), then one check. */
  const jump = async (iso: string) => {
    await time.to(iso, countdowns);
    await policy.tick();
  };
  return {
    sim,
    countdowns,
    policy,
    until,
    jump,
    setPlayers: (n: number) => (players = n),
    restarts: () =>
      ts.store.events
        .page({ limit: 50, kinds: ['restart'] })
        .map((e) => e.message)
        .reverse(),
    actions: () => sim.control.adminActions().map((a) => a.action),
  };
}

/** A real process holding `mib` MiB resident, named by a pid file as SERVICE_GAME_PROCESS does. */
async function hungryProcess(mib: number): Promise<{ pidFile: string }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', `const b = Buffer.alloc(${mib} * 1024 * 1024, 1); console.log('ready'); setInterval(() => b[0]++, 1000);`],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  cleanup.push(() => void child.kill('SIGKILL'));
  await new Promise<void>((r) => child.stdout!.once('data', () => r()));
  const pidFile = join(tempDir(), 'PalServer.pid');
  writeFileSync(pidFile, `${child.pid}\n`);
  return { pidFile };
}

async function sampled(pidFile: string): Promise<MemoryReadings> {
  const sampler = new ResourceSampler({ intervalMs: 60_000, gameProcess: pidFile, saveDir: null, backupDir: null });
  const s = await sampler.sampleOnce(new Date());
  expect(s.game?.rssBytes).toBeGreaterThan(100 * MIB);
  return memoryReadings(sampler);
}

describe('the restart policy', () => {
  it('restarts a game whose memory passes a bound in bytes, with the countdown, and says why', async () => {
    const memory = await sampled((await hungryProcess(128)).pidFile);
    const r = await rig('2026-07-14T03:00:00.000Z', { restartMemory: { bytes: 96 * MIB } }, memory);
    await r.until('2026-07-14T03:00:15.000Z');
    expect(r.countdowns.current()).toMatchObject({ kind: 'restart', reason: 'the server frees its memory', startedBy: 'system' });
    const [started] = r.restarts();
    expect(started).toMatch(
      /^Restart started: the game's memory \(1\d\d MiB\) passed 96 MiB \(SERVICE_RESTART_MEMORY\)\. The game stops at 2026-07-14T03:01:15\.000Z\.$/,
    );
    expect(isWebhookEvent('restart', started)).toBe(true);
    await r.until('2026-07-14T03:02:00.000Z');
    // Told at 60 and 30 s; at 10 s the game saves and its own shutdown takes the last words.
    expect(r.actions()).toEqual(['announce', 'announce', 'save', 'shutdown']);
    expect(r.restarts()[1]).toBe('Restart (memory) done: the game saved and shut down; its supervisor starts it again.');
    // The same process is still above the bound: no second restart within the cool-down.
    await r.until('2026-07-14T03:10:00.000Z');
    expect(r.restarts()).toHaveLength(2);
  });

  it('restarts on a share of the machine, and not below it', async () => {
    const memory = await sampled((await hungryProcess(128)).pidFile);
    const share = (memory.residentBytes()! / memory.machineTotalBytes()!) * 100;
    const low = await rig('2026-07-14T03:00:00.000Z', { restartMemory: { percent: share * 4 } }, memory);
    await low.until('2026-07-14T03:01:00.000Z');
    expect(low.restarts()).toEqual([]);
    expect(low.countdowns.current()).toBeNull();
    const high = await rig('2026-07-14T03:00:00.000Z', { restartMemory: { percent: share / 2 } }, memory);
    await high.until('2026-07-14T03:00:15.000Z');
    expect(high.restarts()[0]).toMatch(
      /^Restart started: the game's memory \(1\d\d MiB, [\d.]+% of the machine\) passed [\d.]+% \(SERVICE_RESTART_MEMORY\)/,
    );
    expect(high.countdowns.current()?.kind).toBe('restart');
  });

  it('restarts on a cron in a time zone: the game stops at 05:00 in Berlin (03:00 UTC in summer), told from 04:50', async () => {
    const r = await rig('2026-07-14T02:00:00.000Z', { restartCron: '0 5 * * *', timezone: 'Europe/Berlin', restartWarningMs: 600_000 });
    await r.until('2026-07-14T02:49:30.000Z');
    expect(r.countdowns.current()).toBeNull();
    await r.until('2026-07-14T02:50:00.000Z');
    expect(r.countdowns.current()).toMatchObject({ kind: 'restart', endsAt: '2026-07-14T03:00:00.000Z', reason: 'scheduled restart' });
    expect(r.restarts()).toEqual([
      'Restart started: the schedule 0 5 * * * (Europe/Berlin) came due (SERVICE_RESTART_CRON). The game stops at 2026-07-14T03:00:00.000Z.',
    ]);
    await r.until('2026-07-14T03:00:30.000Z');
    expect(r.actions().slice(-2)).toEqual(['save', 'shutdown']);
  });

  it('restarts at a quiet moment within the window, once a day, and waits while players are online', async () => {
    const r = await rig('2026-07-14T00:30:00.000Z', {
      restartQuietWindow: { from: 180, to: 360, text: '03:00-06:00' },
      timezone: 'Europe/Berlin',
    });
    // 02:30 in Berlin, before the window: nobody online, no restart.
    await r.until('2026-07-14T00:59:45.000Z');
    expect(r.restarts()).toEqual([]);
    // In the window (03:00 Berlin) with two players online: it waits.
    r.setPlayers(2);
    await r.until('2026-07-14T01:30:00.000Z');
    expect(r.countdowns.current()).toBeNull();
    r.setPlayers(0);
    await r.until('2026-07-14T01:30:15.000Z');
    expect(r.countdowns.current()).toMatchObject({ kind: 'restart', reason: 'maintenance while nobody is online' });
    expect(r.restarts()[0]).toBe(
      'Restart started: nobody was online within the quiet window 03:00-06:00 (Europe/Berlin) (SERVICE_RESTART_QUIET_WINDOW). The game stops at 2026-07-14T01:31:15.000Z.',
    );
    // Past the restart and its cool-down, still in the window and still quiet: not again that day.
    await r.until('2026-07-14T03:30:00.000Z');
    expect(r.restarts()).toHaveLength(2);
    // The next day's window restarts again.
    await waitFor('a restart the next day', async () => {
      await r.until(new Date(Date.parse('2026-07-15T01:00:30.000Z')).toISOString());
      return r.restarts().length === 3 ? true : undefined;
    });
  });
  it('reads a quiet window across midnight as one window: once from 23:00 to 02:00 Berlin, not again after midnight', async () => {
    // 2026-07-14 22:30 Berlin (20:30 UTC), players online until 23:30 Berlin.
    const r = await rig('2026-07-14T20:30:00.000Z', {
      restartQuietWindow: { from: 23 * 60, to: 2 * 60, text: '23:00-02:00' },
      timezone: 'Europe/Berlin',
    });
    r.setPlayers(1);
    await r.until('2026-07-14T21:30:00.000Z');
    expect(r.restarts()).toEqual([]);
    r.setPlayers(0);
    await r.until('2026-07-14T21:30:15.000Z');
    expect(r.countdowns.current()?.kind).toBe('restart');
    // Past midnight in Berlin (00:30, 22:30 UTC), still quiet: the same window, no second restart.
    await r.until('2026-07-14T23:59:00.000Z');
    expect(r.restarts()).toHaveLength(2);
    // The next evening's window restarts again.
    await r.until('2026-07-15T21:00:15.000Z');
    expect(r.restarts()).toHaveLength(3);
  });

  it('does not run a cron restart missed while palpanel was down, and starts none while another countdown runs', async () => {
    // palpanel starts 10 minutes after a 05:00 Berlin restart was due: it waits for the next day's.
    const late = await rig('2026-07-14T03:10:00.000Z', { restartCron: '0 5 * * *', timezone: 'Europe/Berlin' });
    await late.until('2026-07-14T03:30:00.000Z');
    expect(late.restarts()).toEqual([]);
    expect(late.countdowns.current()).toBeNull();
    // palpanel was stopped (suspended) across the time and checks again 10 minutes after it: not
    // run late; the next day's comes on time.
    const stalled = await rig('2026-07-14T02:00:00.000Z', { restartCron: '0 5 * * *', timezone: 'Europe/Berlin' });
    await stalled.until('2026-07-14T02:30:00.000Z');
    await stalled.jump('2026-07-14T03:10:00.000Z');
    await stalled.until('2026-07-14T03:30:00.000Z');
    expect(stalled.restarts()).toEqual([]);
    expect(stalled.countdowns.current()).toBeNull();
    await stalled.jump('2026-07-15T02:59:00.000Z');
    expect(stalled.countdowns.current()).toMatchObject({ kind: 'restart', endsAt: '2026-07-15T03:00:00.000Z' });
    // An admin's shutdown countdown runs when the memory bound is passed: the policy waits for it.
    const memory = await sampled((await hungryProcess(128)).pidFile);
    const busy = await rig('2026-07-14T03:00:00.000Z', { restartMemory: { bytes: 96 * MIB }, restartWarningMs: 600_000 }, memory);
    await busy.countdowns.start({ kind: 'shutdown', endsAt: new Date('2026-07-14T03:05:00.000Z'), reason: 'maintenance', actor: 'system' });
    await busy.until('2026-07-14T03:04:45.000Z');
    expect(busy.restarts()).toEqual([]);
    expect(busy.countdowns.current()).toMatchObject({ kind: 'shutdown', reason: 'maintenance' });
  });
});
