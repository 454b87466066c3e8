// Restarts as a policy (issue 40): palpanel restarts the game with the usual countdown
// (actions/countdown.ts: players told at each step, a save, the game's own shutdown through its
// REST API; the host's supervisor — systemd, docker's restart policy, supervisord — starts it
// again and the poller sees it come back) when
// - its resident memory passes a bound (SERVICE_RESTART_MEMORY: a share of the machine or a size),
// - a cron expression comes due in SERVICE_TIMEZONE (SERVICE_RESTART_CRON), or
// - nobody is online at a moment within a daily window (SERVICE_RESTART_QUIET_WINDOW), once a day.
// Each restart says why: in a `restart` event (webhooks receive it), in the countdown's words to
// players, and in its audit entry. Checked every 15 s on the injected clock.
import type { UiLanguage } from '../contract/languages.js';
import { gameWords } from './game-words/format.js';
import { say } from '../domain/server-text.js';
import { SYSTEM } from '../domain/actor.js';
import type { MemoryReadings } from '../domain/resources.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import { nextCron, wallTime } from '../lib/cron.js';
import type { Store } from '../store/index.js';
import type { CountdownEnd, CountdownRequest } from './countdown.js';
import { DEFAULT_STEPS_SEC } from '../contract/vocabulary.js';
import { normalSteps } from './countdown-words.js';

export const POLICY_CHECK_MS = 15_000;
/** After a policy restart ends, this long before the policy may restart again: the game comes back
 * and is sampled anew before its memory is judged. */
export const COOL_DOWN_MS = 15 * 60_000;
/** A cron time missed by more than this (palpanel was down) is not run late. */
const LATE_MS = 5 * 60_000;

export interface RestartPolicySettings {
  restartMemory: { percent: number } | { bytes: number } | null;
  restartCron: string | null;
  restartQuietWindow: { from: number; to: number; text: string } | null;
  restartWarningMs: number;
  timezone: string;
  /** The language players read the reason in; English when not given. */
  gameLanguage?: UiLanguage;
}

export interface RestartPolicyPorts {
  countdown(req: CountdownRequest): Promise<{ finished: Promise<CountdownEnd> }>;
  /** Whether a countdown (any: an admin's, a task's) is running now. */
  counting(): boolean;
  /** Whether the game answers its REST API now, and how many players it lists. */
  game(): { reachable: boolean; players: number };
  /** The game's memory; null when palpanel does not sample it. */
  memory: MemoryReadings | null;
}

export type RestartCause = 'memory' | 'cron' | 'quiet';

const GIB = 1024 ** 3;
const size = (b: number) => (b >= GIB ? `${(b / GIB).toFixed(1)} GiB` : `${Math.round(b / 1024 ** 2)} MiB`);

export class RestartPolicy {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  /** The cron time the policy waits for next; counted from when palpanel started. */
  private cronFrom: Date;
  /** The local date of the quiet window already used. */
  private quietDone: string | null = null;
  private coolUntil = 0;
  private running = false;

  constructor(
    private readonly store: Store,
    private readonly ports: RestartPolicyPorts,
    private readonly s: RestartPolicySettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.cronFrom = clock();
  }

  /** The countdown's steps: the first at SERVICE_RESTART_WARNING, then the usual ones below it. */
  steps(): number[] {
    const first = Math.max(1, Math.round(this.s.restartWarningMs / 1000));
    return normalSteps([first, ...DEFAULT_STEPS_SEC.filter((x) => x < first)]);
  }

  /** Why the memory bound is passed, or null. */
  private memoryPast(): string | null {
    const b = this.s.restartMemory;
    const rss = this.ports.memory?.residentBytes() ?? null;
    if (!b || rss === null) return null;
    if ('bytes' in b) return rss > b.bytes ? `the game's memory (${size(rss)}) passed ${size(b.bytes)} (SERVICE_RESTART_MEMORY)` : null;
    const total = this.ports.memory?.machineTotalBytes() ?? null;
    if (!total) return null;
    const pct = (rss / total) * 100;
    return pct > b.percent
      ? `the game's memory (${size(rss)}, ${pct.toFixed(1)}% of the machine) passed ${b.percent}% (SERVICE_RESTART_MEMORY)`
      : null;
  }

  /** Whether `now` is inside the quiet window, and the local date its window started on. */
  private inWindow(now: Date): string | null {
    const w = this.s.restartQuietWindow;
    if (!w) return null;
    const { date, h, mi } = wallTime(now, this.s.timezone);
    const m = h * 60 + mi;
    if (w.from < w.to) return m >= w.from && m < w.to ? date : null;
    // Across midnight: the part after midnight belongs to the window that began the day before.
    if (m >= w.from) return date;
    return m < w.to ? wallTime(new Date(now.getTime() - 86_400_000), this.s.timezone).date : null;
  }

  async tick(): Promise<void> {
    if (this.busy || this.running) return;
    this.busy = true;
    try {
      await this.check(this.clock());
    } finally {
      this.busy = false;
    }
  }

  private async check(now: Date): Promise<void> {
    const steps = this.steps();
    if (this.s.restartCron) {
      const due = nextCron(this.s.restartCron, this.s.timezone, this.cronFrom);
      if (due && now.getTime() >= due.getTime() - steps[0] * 1000 - POLICY_CHECK_MS) {
        this.cronFrom = due;
        if (now.getTime() - due.getTime() > LATE_MS) {
          this.log('info', `restart policy: the cron restart due at ${due.toISOString()} was missed while palpanel was not running`);
        } else {
          const endsAt = now < due ? due : new Date(now.getTime() + steps[0] * 1000);
          return this.restart('cron', `the schedule ${this.s.restartCron} (${this.s.timezone}) came due (SERVICE_RESTART_CRON)`, endsAt);
        }
      }
    }
    if (now.getTime() < this.coolUntil || this.ports.counting()) return;
    const game = this.ports.game();
    if (!game.reachable) return;
    const memory = this.memoryPast();
    if (memory) return this.restart('memory', memory, new Date(now.getTime() + steps[0] * 1000));
    const windowDay = this.inWindow(now);
    if (windowDay && windowDay !== this.quietDone && game.players === 0) {
      this.quietDone = windowDay;
      const why = `nobody was online within the quiet window ${this.s.restartQuietWindow!.text} (${this.s.timezone}) (SERVICE_RESTART_QUIET_WINDOW)`;
      return this.restart('quiet', why, new Date(now.getTime() + steps[0] * 1000));
    }
  }

  private async restart(cause: RestartCause, why: string, endsAt: Date): Promise<void> {
    if (this.ports.counting()) {
      this.log('info', `restart policy: a countdown is already running; not starting another (${why})`);
      return;
    }
    let finished: Promise<CountdownEnd>;
    try {
      ({ finished } = await this.ports.countdown({
        kind: 'restart',
        endsAt,
        steps: this.steps(),
        reason: gameWords(this.s.gameLanguage ?? 'en').restartReason(cause),
        actor: SYSTEM,
      }));
    } catch (err) {
      this.log('warn', `restart policy: the countdown did not start (${why})`, err);
      return;
    }
    this.running = true;
    this.store.events.append({
      at: this.clock().toISOString(),
      kind: 'restart',
      ...say('event.restart.started', { why, endsAt: endsAt.toISOString() }),
    });
    void finished.then((end) => {
      this.running = false;
      this.coolUntil = this.clock().getTime() + COOL_DOWN_MS;
      const said =
        end.outcome === 'done'
          ? say('event.restart.done', { cause })
          : end.outcome === 'cancelled'
            ? say('event.restart.cancelled', { cause, by: end.by })
            : say('event.restart.failed', { cause, why: end.why });
      this.store.events.append({ at: this.clock().toISOString(), kind: 'restart', ...said });
    });
  }

  start(signal: AbortSignal): void {
    const run = () => {
      if (signal.aborted) return;
      void this.tick()
        .catch((err: unknown) => this.log('error', 'restart policy check failed', err))
        .finally(() => {
          if (!signal.aborted) this.timer = setTimeout(run, POLICY_CHECK_MS);
        });
    };
    run();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
    });
  }
}
