// Scheduled tasks (issue 13): restarts at set times or intervals with in-game warnings (N minutes
// before, then 1 minute before; then save and shut down through the REST API, after which the
// host's supervisor starts the game again), skipped or delayed while players are online if the
// admin says so; announcements, saves and shutdowns; and recurring console commands. Everything
// but a console command goes through the game's REST API, so it works with RCON off (the game
// deprecates RCON). A check runs every 15 s on the injected clock; each run is logged and
// audited, and a failure says why.
import { maskExchange } from '../lib/console-text.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import { dueOf } from '../lib/task-schedule.js';
import type { TaskRecord } from '../store/tasks.js';

export interface TaskPorts {
  announce(message: string): Promise<void>;
  save(): Promise<void>;
  shutdown(delaySec: number, message: string): Promise<void>;
  /** Runs a console command; resolves with the reply. */
  exec(command: string): Promise<string>;
  playersOnline(): number;
}

export const CHECK_EVERY_MS = 15_000;
/** A restart missed by more than this (palpanel was down) is not run late: it is logged skipped. */
const LATE_MS = 5 * 60_000;
/** A restart delayed while players are online runs anyway after this long. */
export const MAX_DELAY_MS = 2 * 3_600_000;
const MINUTE = 60_000;

const DONE: Record<string, string> = {
  announce: 'announced in game',
  save: 'the game saved the world',
  shutdown: 'the game accepted the shutdown',
};
const fill = (template: string, minutes: number) => template.replaceAll('{minutes}', String(minutes));
const words = (err: unknown) => (err instanceof Error ? err.message : 'it failed');

export class TaskScheduler {
  /** `<task>@<due>` → warning minutes already sent. */
  private readonly warned = new Map<string, Set<number>>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly store: Store,
    private readonly ports: TaskPorts,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** The due time a task waits for now. */
  due(t: TaskRecord): Date {
    return dueOf(t.schedule, this.store.tasks.lastDue(t.id), t.createdAt);
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
    if (a.kind === 'shutdown') {
      if (now < due) return;
      // A shutdown palpanel missed while it was down is not run late: the host wanted it then.
      if (now.getTime() - due.getTime() > LATE_MS) {
        this.store.tasks.recordRun(t.id, dueIso, 'skipped', 'missed while palpanel was not running');
        return;
      }
      await this.once(t, dueIso, () => this.ports.shutdown(a.delaySec, a.message), 'shutdown');
      return;
    }
    const key = `${t.id}@${dueIso}`;
    // Late without a warning sent: palpanel was down at the time. Not run late, logged.
    if (now.getTime() - due.getTime() > LATE_MS && !this.warned.has(key)) {
      this.store.tasks.recordRun(t.id, dueIso, 'skipped', 'missed while palpanel was not running');
      return;
    }
    const sent = this.warned.get(key) ?? new Set<number>();
    this.warned.set(key, sent);
    for (const m of [...new Set([a.warnMinutes, 1])].filter((x) => x > 0).sort((x, y) => y - x)) {
      if (sent.has(m) || now.getTime() < due.getTime() - m * MINUTE) continue;
      sent.add(m);
      await this.ports
        .announce(fill(a.message, m))
        .catch((err: unknown) => this.log('warn', `task ${t.name}: the warning was not announced`, err));
    }
    if (now < due) return;
    const players = this.ports.playersOnline();
    if (players > 0 && a.whenPlayersOnline === 'skip') {
      this.store.tasks.recordRun(t.id, dueIso, 'skipped', `${players} player${players === 1 ? '' : 's'} online`);
      this.warned.delete(key);
      return;
    }
    if (players > 0 && a.whenPlayersOnline === 'delay' && now.getTime() - due.getTime() < MAX_DELAY_MS) {
      // Checked again at every tick until everyone has left; after MAX_DELAY_MS it runs anyway.
      return;
    }
    try {
      await this.ports.save();
      await this.ports.shutdown(10, fill(a.message, 0).replace(/\bin 0 minutes?\b/, 'now'));
      this.store.tasks.recordRun(t.id, dueIso, 'ok', 'saved and shut down; the supervisor starts the game again');
    } catch (err) {
      this.store.tasks.recordRun(t.id, dueIso, 'failed', words(err));
      this.log('warn', `task ${t.name}: the restart failed`, err);
    }
    this.warned.delete(key);
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
