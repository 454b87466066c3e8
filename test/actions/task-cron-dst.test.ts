// Cron schedules in a time zone across daylight saving (issue 40), on the scheduler that runs the
// tasks, with the clock passed in: a cron read in Europe/Berlin fires at the local time on both
// sides of a change. Spring forward (02:00 → 03:00): a time in the skipped hour runs once, when
// the clock jumps (03:00 local). Fall back (03:00 → 02:00): a time in the repeated hour runs once,
// the first time (summer time), not again an hour later.
import { afterEach, describe, expect, it } from 'vitest';
import { createGameActions } from '../../src/actions/game-actions.js';
import { TaskScheduler, type TaskPorts } from '../../src/actions/task-scheduler.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { SYSTEM } from '../../src/domain/actor.js';
import { tempStore } from '../helpers/fixture.js';
import type { TaskSchedule } from '../../src/domain/task-schedule.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

// Checks 15 minutes apart: every due time below falls on a quarter hour, so a check lands on it.
const STEP = 15 * 60_000;

/** Runs the scheduler every 15 minutes from `fromIso` to `toIso` with one announce task on `schedule`;
 * answers the instants (UTC) it announced at, each seen by the simulated game too. */
async function firings(schedule: TaskSchedule, fromIso: string, toIso: string, defaultZone?: string): Promise<string[]> {
  let now = Date.parse(fromIso);
  const clock = () => new Date(now);
  const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: false });
  cleanup.push(() => sim.close());
  const ts = await tempStore(clock);
  cleanup.push(() => ts.cleanup());
  const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
  cleanup.push(() => client.close());
  const game = createGameActions(client, ts.store, clock);
  const fired: string[] = [];
  const ports: TaskPorts = {
    announce: async (m) => {
      fired.push(clock().toISOString());
      await game.announce(m, SYSTEM);
    },
    save: () => Promise.resolve(),
    countdown: () => Promise.reject(new Error('no countdown here')),
    exec: () => Promise.reject(new Error('no console here')),
    playersOnline: () => 0,
  };
  ts.store.tasks.add({ name: 'Morning notice', enabled: true, schedule, action: { kind: 'announce', message: 'Good morning' } }, SYSTEM);
  const scheduler = new TaskScheduler(ts.store, ports, clock, () => undefined, defaultZone);
  for (const end = Date.parse(toIso); now <= end; now += STEP) await scheduler.tick();
  // Every announcement reached the game (the scheduler's runs are real REST calls).
  expect(sim.control.adminActions().filter((a) => a.action === 'announce')).toHaveLength(fired.length);
  return fired;
}

describe('a cron in a time zone across daylight saving', () => {
  it('spring forward in Berlin: 05:00 local stays 05:00 local; 02:30, in the skipped hour, runs once at 03:00 local', async () => {
    // 2026-03-29 02:00 CET → 03:00 CEST.
    expect(
      await firings({ every: 'cron', cron: '0 5 * * *', timezone: 'Europe/Berlin' }, '2026-03-27T12:00:00Z', '2026-03-30T12:00:00Z'),
    ).toEqual([
      '2026-03-28T04:00:00.000Z', // 05:00 CET
      '2026-03-29T03:00:00.000Z', // 05:00 CEST
      '2026-03-30T03:00:00.000Z',
    ]);
    expect(
      await firings({ every: 'cron', cron: '30 2 * * *', timezone: 'Europe/Berlin' }, '2026-03-27T12:00:00Z', '2026-03-30T12:00:00Z'),
    ).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST: the moment the clock jumped over 02:30
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ]);
  });

  it('fall back in Berlin: 05:00 local stays 05:00 local; 02:30, in the repeated hour, runs once, the first time', async () => {
    // 2026-10-25 03:00 CEST → 02:00 CET.
    expect(
      await firings({ every: 'cron', cron: '0 5 * * *', timezone: 'Europe/Berlin' }, '2026-10-23T12:00:00Z', '2026-10-26T12:00:00Z'),
    ).toEqual([
      '2026-10-24T03:00:00.000Z', // 05:00 CEST
      '2026-10-25T04:00:00.000Z', // 05:00 CET
      '2026-10-26T04:00:00.000Z',
    ]);
    expect(
      await firings({ every: 'cron', cron: '30 2 * * *', timezone: 'Europe/Berlin' }, '2026-10-23T12:00:00Z', '2026-10-26T12:00:00Z'),
    ).toEqual([
      '2026-10-24T00:30:00.000Z', // 02:30 CEST
      '2026-10-25T00:30:00.000Z', // the first 02:30 (CEST); the second (01:30Z, CET) does not run
      '2026-10-26T01:30:00.000Z', // 02:30 CET
    ]);
  });

  it('reads a daily time and a cron without a zone in SERVICE_TIMEZONE (New York, spring forward)', async () => {
    // 2026-03-08 02:00 EST → 03:00 EDT; SERVICE_TIMEZONE given to the scheduler.
    expect(await firings({ every: 'day', at: '06:15' }, '2026-03-06T12:00:00Z', '2026-03-09T12:00:00Z', 'America/New_York')).toEqual([
      '2026-03-07T11:15:00.000Z', // 06:15 EST
      '2026-03-08T10:15:00.000Z', // 06:15 EDT
      '2026-03-09T10:15:00.000Z',
    ]);
    expect(
      await firings(
        { every: 'cron', cron: '0 6 * * 1', timezone: 'UTC' },
        '2026-03-06T12:00:00Z',
        '2026-03-09T12:00:00Z',
        'America/New_York',
      ),
    ).toEqual([
      '2026-03-09T06:00:00.000Z', // the task's own zone wins over SERVICE_TIMEZONE
    ]);
  });
});
