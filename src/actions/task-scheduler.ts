// Scheduled tasks (issue 13): restarts at set times or intervals, told to players at the steps
// the admin chose (actions/countdown.ts: 10, 5 and 1 minutes, 30 and 10 seconds by default; the
// game's own shutdown at the last, after a save; the host's supervisor starts the game again),
// skipped or delayed while players are online if the admin says so; announcements, saves and
// shutdowns (a countdown too); and recurring console commands. Everything but a console command
// goes through the game's REST API, so it works with RCON off (the game deprecates RCON). A check
// runs every 15 s on the injected clock; each run is logged and audited, and a failure says why.
// A schedule is an interval, a daily time or a cron expression (issue 40), the last two in the
// task's time zone or SERVICE_TIMEZONE (domain/task-schedule.ts).
import { maskExchange } from '../domain/console-text.js';
import { SYSTEM } from '../domain/actor.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import { dueOf } from '../domain/task-schedule.js';
import type { TaskRecord } from '../store/tasks.js';
import type { CountdownEnd, CountdownRequest } from './countdown.js';
import { normalSteps } from './countdown-words.js';
import { DEFAULT_STEPS_SEC } from '../contract/vocabulary.js';
import { actorLabel } from '../contract/audit-words.js';

export interface TaskPorts {
  announce(message: string): Promise<void>;
  save(): Promise<void>;
  /** Starts a countdown (actions/countdown.ts Countdowns.start): refused while one runs. */
  countdown(req: CountdownRequest): Promise<{ finished: Promise<CountdownEnd> }>;
  /** Runs a console command; resolves with the reply. */
  exec(command: string): Promise<string>;
  playersOnline(): number;
}

export const CHECK_EVERY_MS = 15_000;
/** A restart missed by more than this (palpanel was down) is not run late: it is logged skipped. */
const LATE_MS = 5 * 60_000;
/** A restart delayed while players are online runs anyway after this long. */
export const MAX_DELAY_MS = 2 * 3_600_000;

const DONE: Record<string, string> = {
  announce: 'announced in game',
  save: 'the game saved the world',
};
const words = (err: unknown) => (err instanceof Error ? err.message : 'it failed');

type RestartAction = Extract<TaskRecord['action'], { kind: 'restart' }>;

/** A restart's steps: its own, else (a task made before steps existed) its warning minutes with the
 * default steps below them. */
export function restartSteps(a: RestartAction): number[] {
  if (a.steps) return normalSteps(a.steps);
  if (a.warnMinutes) return normalSteps([a.warnMinutes * 60, ...DEFAULT_STEPS_SEC.filter((s) => s < a.warnMinutes! * 60)]);
  return normalSteps(undefined);
}

/** A restart's reason told after each step's words. A message written as a template with
 * `{minutes}` (before countdowns said the time themselves) is not repeated: the words say it. */
export const restartReason = (a: RestartAction): string | null => (a.message && !a.message.includes('{minutes}') ? a.message : null);

export class TaskScheduler {
  /** `<task>@<due>` of the countdowns started and not yet ended. */
  private readonly counting = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly store: Store,
    private readonly ports: TaskPorts,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** The zone a task's daily time or cron is read in when it names none (SERVICE_TIMEZONE). */
    private readonly zone = 'UTC',
  ) {}

  /** The due time a task waits for now. */
  due(t: TaskRecord): Date {
    return dueOf(t.schedule, this.store.tasks.lastDue(t.id), t.createdAt, this.zone);
  }

  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const t of this.store.tasks.list()) if (t.enabled) await this.step(t, this.clock());
    } finally {
      this.busy = false;
    }
  }

  private async step(t: TaskRecord, now: Date): Promise<void> {
    const due = this.due(t);
    const dueIso = due.toISOString();
    const a = t.action;
    if (a.kind === 'command') {
      if (now < due) return;
      try {
        // The reply is masked as the console's is (its run is audited, its text shown).
        const reply = maskExchange(a.command, await this.ports.exec(a.command)).reply;
        this.store.tasks.recordRun(t.id, dueIso, 'ok', reply.slice(0, 500) || 'no reply');
      } catch (err) {
        this.store.tasks.recordRun(t.id, dueIso, 'failed', words(err));
        this.log('warn', `task ${t.name}: the command failed`, err);
      }
      return;
    }
    if (a.kind === 'announce' || a.kind === 'save') {
      if (now < due) return;
      await this.once(t, dueIso, a.kind === 'announce' ? () => this.ports.announce(a.message) : () => this.ports.save(), a.kind);
      return;
    }
    const key = `${t.id}@${dueIso}`;
    if (this.counting.has(key)) return;
    if (a.kind === 'shutdown') {
      if (now < due) return;
      // A shutdown palpanel missed while it was down is not run late: the host wanted it then.
      if (now.getTime() - due.getTime() > LATE_MS) {
        this.store.tasks.recordRun(t.id, dueIso, 'skipped', 'missed while palpanel was not running');
        return;
      }
      const req = { kind: 'shutdown' as const, endsAt: new Date(now.getTime() + a.delaySec * 1000), steps: a.steps, reason: a.message };
      await this.count(t, dueIso, key, req, 'shut down');
      return;
    }
    const steps = restartSteps(a);
    // Started within one check before the first step, so the countdown's own timer says it on time.
    if (now.getTime() < due.getTime() - steps[0] * 1000 - CHECK_EVERY_MS) return;
    if (now.getTime() - due.getTime() > LATE_MS && !this.delayed(a, now, due)) {
      this.store.tasks.recordRun(t.id, dueIso, 'skipped', 'missed while palpanel was not running');
      return;
    }
    const players = this.ports.playersOnline();
    if (players > 0 && a.whenPlayersOnline === 'skip') {
      this.store.tasks.recordRun(t.id, dueIso, 'skipped', `${players} player${players === 1 ? '' : 's'} online`);
      return;
    }
    // Checked again at every tick until everyone has left; after MAX_DELAY_MS it runs anyway.
    if (players > 0 && a.whenPlayersOnline === 'delay' && now.getTime() - due.getTime() < MAX_DELAY_MS) return;
    // On time: the game stops at the due time. Late (delayed, or palpanel came up after it): the
    // whole countdown again while players are online, else its last step only.
    const endsAt = now < due ? due : new Date(now.getTime() + (players > 0 ? steps[0] : steps[steps.length - 1]) * 1000);
    const req = { kind: 'restart' as const, endsAt, steps, reason: restartReason(a) };
    await this.count(t, dueIso, key, req, 'saved and shut down; the supervisor starts the game again');
  }

  /** A delayed restart past its due time is still waiting, not missed. */
  private delayed(a: RestartAction, now: Date, due: Date): boolean {
    return a.whenPlayersOnline === 'delay' && now.getTime() - due.getTime() < MAX_DELAY_MS;
  }

  /** Starts a countdown for a task; its run is logged when it ends (ok, cancelled, or failed). */
  private async count(t: TaskRecord, dueIso: string, key: string, req: Omit<CountdownRequest, 'actor'>, done: string): Promise<void> {
    let finished: Promise<CountdownEnd>;
    try {
      ({ finished } = await this.ports.countdown({ ...req, actor: SYSTEM }));
    } catch (err) {
      this.store.tasks.recordRun(t.id, dueIso, 'failed', words(err));
      this.log('warn', `task ${t.name}: the ${req.kind} countdown did not start`, err);
      return;
    }
    this.counting.add(key);
    void finished.then((end) => {
      this.counting.delete(key);
      try {
        if (end.outcome === 'done') this.store.tasks.recordRun(t.id, dueIso, 'ok', `players told; ${done}`);
        else if (end.outcome === 'cancelled') this.store.tasks.recordRun(t.id, dueIso, 'skipped', `cancelled by ${actorLabel(end.by)}`);
        else this.store.tasks.recordRun(t.id, dueIso, 'failed', end.why);
      } catch (err) {
        this.log('error', `task ${t.name}: its run could not be logged`, err);
      }
    });
  }

  /** One REST action of a task, its run logged: `ok`, or `failed` with why. */
  private async once(t: TaskRecord, dueIso: string, run: () => Promise<unknown>, what: string): Promise<void> {
    try {
      await run();
      this.store.tasks.recordRun(t.id, dueIso, 'ok', DONE[what] ?? 'done');
    } catch (err) {
      this.store.tasks.recordRun(t.id, dueIso, 'failed', words(err));
      this.log('warn', `task ${t.name}: the ${what} failed`, err);
    }
  }

  start(signal: AbortSignal): void {
    const run = () => {
      if (signal.aborted) return;
      void this.tick()
        .catch((err: unknown) => this.log('error', 'task check failed', err))
        .finally(() => {
          if (!signal.aborted) this.timer = setTimeout(run, CHECK_EVERY_MS);
        });
    };
    run();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
    });
  }
}
