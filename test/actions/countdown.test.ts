// The shutdown and restart countdown: its steps and words (pure), and the runner against the
// simulated game server with an injected clock and timers: a broadcast at each step, the last
// handed to the game's own shutdown, a cancel that tells players and stops nothing, one at a time.
import { afterEach, describe, expect, it } from 'vitest';
import { Countdowns } from '../../src/actions/countdown.js';
import { countdownPlan, countdownWords, spanWords } from '../../src/actions/countdown-words.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { ConflictError, GameUnavailableError, NotFoundError } from '../../src/domain/errors.js';
import { tempStore } from '../helpers/fixture.js';
import { manualTime } from '../helpers/manual-time.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('countdown steps and words', () => {
  it('says each span in whole words, singular where one, never "0 min"', () => {
    expect(countdownWords('shutdown', 600)).toBe('Server shutdown in 10 minutes');
    expect(countdownWords('shutdown', 60)).toBe('Server shutdown in 1 minute');
    expect(countdownWords('shutdown', 30)).toBe('Server shutdown in 30 seconds');
    expect(countdownWords('shutdown', 1)).toBe('Server shutdown in 1 second');
    expect(countdownWords('restart', 0)).toBe('Server restart now');
    expect(countdownWords('restart', 300, 'New mods')).toBe('Server restart in 5 minutes: New mods');
    expect(spanWords(90)).toBe('1 minute and 30 seconds');
    expect(spanWords(3600)).toBe('1 hour');
    expect(spanWords(5430)).toBe('1 hour, 30 minutes and 30 seconds');
    for (let s = 1; s <= 7200; s++) expect(spanWords(s)).not.toMatch(/\b0 |min\b|\b1 (minute|second|hour)s/);
  });

  it('plans the default steps; the smallest is the last, handed to the game', () => {
    expect(countdownPlan('shutdown', 600, undefined)).toEqual([
      { sec: 600, words: 'Server shutdown in 10 minutes', last: false },
      { sec: 300, words: 'Server shutdown in 5 minutes', last: false },
      { sec: 60, words: 'Server shutdown in 1 minute', last: false },
      { sec: 30, words: 'Server shutdown in 30 seconds', last: false },
      { sec: 10, words: 'Server shutdown in 10 seconds', last: true },
    ]);
    // Not on a step: said at once, then the steps still ahead.
    expect(countdownPlan('shutdown', 120, undefined).map((s) => s.sec)).toEqual([120, 60, 30, 10]);
    // A step within 15 s: nothing at the start (a scheduled restart starts just before its first step).
    expect(countdownPlan('restart', 610, undefined).map((s) => s.sec)).toEqual([600, 300, 60, 30, 10]);
    // Shorter than every step: the start is the last step.
    expect(countdownPlan('shutdown', 5, undefined)).toEqual([{ sec: 5, words: 'Server shutdown in 5 seconds', last: true }]);
    expect(countdownPlan('shutdown', 0, undefined)).toEqual([{ sec: 0, words: 'Server shutdown now', last: true }]);
    // The admin's steps, in any order and with repeats.
    expect(countdownPlan('restart', 900, [60, 900, 60, 5]).map((s) => s.sec)).toEqual([900, 60, 5]);
  });
});

async function rig() {
  const time = manualTime('2026-07-14T03:00:00.000Z');
  const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: false });
  cleanup.push(() => sim.close());
  const ts = await tempStore(time.clock);
  cleanup.push(() => ts.cleanup());
  const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
  cleanup.push(() => client.close());
  const runner = new Countdowns(client, ts.store, time.clock, () => undefined, time.timers);
  const said = () =>
    sim.control
      .adminActions()
      .map((a) => `${a.action}${a.args.waittime !== undefined ? `(${String(a.args.waittime)})` : ''}: ${String(a.args.message ?? '')}`);
  return { time, sim, ts, runner, said, to: (iso: string) => time.to(iso, runner) };
}

describe('countdown runner', () => {
  it('broadcasts at each step, then hands the last to the game; audited; gone after the end', async () => {
    const { runner, said, to, ts } = await rig();
    const { state, finished } = await runner.start({ kind: 'shutdown', endsAt: new Date('2026-07-14T03:10:00.000Z'), actor: 'user:ann' });
    expect(state).toMatchObject({ steps: [600, 300, 60, 30, 10], cancellable: true, nextStepAt: '2026-07-14T03:05:00.000Z' });
    expect(said()).toEqual(['announce: Server shutdown in 10 minutes']);
    await to('2026-07-14T03:04:59.000Z');
    expect(said()).toHaveLength(1);
    await to('2026-07-14T03:05:00.000Z');
    expect(said().at(-1)).toBe('announce: Server shutdown in 5 minutes');
    await to('2026-07-14T03:09:50.000Z');
    expect(said()).toEqual([
      'announce: Server shutdown in 10 minutes',
      'announce: Server shutdown in 5 minutes',
      'announce: Server shutdown in 1 minute',
      'announce: Server shutdown in 30 seconds',
      'shutdown(10): Server shutdown in 10 seconds',
    ]);
    expect(await finished).toEqual({ outcome: 'done' });
    expect(runner.current()).toMatchObject({ cancellable: false, nextStepAt: null });
    await expect(runner.cancel('user:bob')).rejects.toThrow(ConflictError);
    await to('2026-07-14T03:10:00.000Z');
    expect(runner.current()).toBeNull();
    expect(ts.store.audit.list({ limit: 5, action: 'server.shutdown' }).data).toEqual([
      expect.objectContaining({ actor: 'user:ann', outcome: 'ok', detail: 'shutdown in 600 s, told at 600, 300, 60, 30, 10 s' }),
    ]);
  });

  it('a cancel tells players, stops nothing, is audited with who; one countdown at a time', async () => {
    const { runner, said, to, ts } = await rig();
    const { finished } = await runner.start({
      kind: 'restart',
      endsAt: new Date('2026-07-14T03:02:00.000Z'),
      steps: [60, 30],
      reason: 'New mods',
      actor: 'system',
    });
    await expect(runner.start({ kind: 'shutdown', endsAt: new Date('2026-07-14T03:05:00.000Z'), actor: 'user:bob' })).rejects.toThrow(
      /already running/,
    );
    await to('2026-07-14T03:01:00.000Z');
    await runner.cancel('user:bob');
    expect(await finished).toEqual({ outcome: 'cancelled', by: 'user:bob' });
    await to('2026-07-14T03:30:00.000Z');
    expect(said()).toEqual([
      'announce: Server restart in 2 minutes: New mods',
      'announce: Server restart in 1 minute: New mods',
      'announce: Server restart cancelled. Carry on playing.',
    ]);
    expect(runner.current()).toBeNull();
    await expect(runner.cancel('user:bob')).rejects.toThrow(NotFoundError);
    expect(ts.store.audit.list({ limit: 5, action: 'server.cancel' }).data).toEqual([
      expect.objectContaining({ actor: 'user:bob', outcome: 'ok', detail: 'restart due at 2026-07-14T03:02:00.000Z' }),
    ]);
  });

  it('a game that does not answer fails the start (audited refused) and leaves no countdown', async () => {
    const { runner, sim, ts } = await rig();
    await sim.control.setMode('unreachable');
    await expect(runner.start({ kind: 'shutdown', endsAt: new Date('2026-07-14T03:05:00.000Z'), actor: 'user:ann' })).rejects.toThrow(
      GameUnavailableError,
    );
    expect(runner.current()).toBeNull();
    expect(ts.store.audit.list({ limit: 5, action: 'server.shutdown' }).data).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: 'game_unavailable' }),
    ]);
  });
});
