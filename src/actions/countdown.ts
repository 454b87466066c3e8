// The shutdown and restart countdown (issue "Operating with confidence"): palpanel, not the game,
// tells players at each step the admin chose (countdown-words.ts says when and what), through
// the game's REST broadcast; at the last step it hands over to the game's own shutdown with that
// step's seconds and words (a restart saves first; the host's supervisor starts the game again).
// Until then an admin can cancel it, and players are told. One countdown at a time, whoever
// starts it (the panel's shutdown, a scheduled restart or shutdown). Clock and timers are
// injected, so tests walk through the steps without waiting.
import type { Actor } from '../domain/actor.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import { countdownPlan, type CountdownStep } from './countdown-words.js';
import { gameWords, type GameWords } from './game-words/format.js';
import { type CountdownKind } from '../contract/vocabulary.js';
import { attempt, gameFailure } from './game-failure.js';

/** What a countdown needs of the game (the REST client satisfies it): calls not audited one by
 * one; the countdown audits its start, its cancel and a failed hand-over. */
export interface CountdownGame {
  announce(message: string): Promise<unknown>;
  save(): Promise<unknown>;
  shutdown(waitSec: number, message: string): Promise<unknown>;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** A countdown as the panel shows it. */
export interface CountdownState {
  kind: CountdownKind;
  reason: string | null;
  startedBy: Actor;
  startedAt: string;
  /** When the game stops. */
  endsAt: string;
  /** Every step, in seconds before the end, largest first; the last is handed to the game. */
  steps: number[];
  /** The next step's time and words; null once the game has it. */
  nextStepAt: string | null;
  nextWords: string | null;
  /** False once the last step went to the game: from then on it stops whatever happens. */
  cancellable: boolean;
}

export type CountdownEnd = { outcome: 'done' } | { outcome: 'cancelled'; by: Actor } | { outcome: 'failed'; why: string };

export interface CountdownRequest {
  kind: CountdownKind;
  endsAt: Date;
  /** Seconds before the end; default countdown-words.ts DEFAULT_STEPS_SEC. */
  steps?: readonly number[];
  reason?: string | null;
  actor: Actor;
}

interface Running {
  state: CountdownState;
  plan: CountdownStep[];
  next: number;
  timer: unknown;
  end: (e: CountdownEnd) => void;
}

export class Countdowns {
  private running: Running | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly game: CountdownGame,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly timers: Timers = realTimers,
    /** The game's language (SERVICE_GAME_LANGUAGE): what players read. */
    private readonly words: GameWords = gameWords('en'),
  ) {}

  current(): CountdownState | null {
    return this.running ? { ...this.running.state } : null;
  }

  /** Starts a countdown and takes its first step if that is now (so a game that does not answer
   * fails the request: GameUnavailableError, audited refused). `finished` says how it ended. */
  async start(req: CountdownRequest): Promise<{ state: CountdownState; finished: Promise<CountdownEnd> }> {
    if (this.running) {
      const r = this.running.state;
      throw new ConflictError('conflict', `A ${r.kind} countdown is already running (the game stops at ${r.endsAt}); cancel it first.`);
    }
    const now = this.clock().getTime();
    const reason = req.reason?.trim() || null;
    const plan = countdownPlan(req.kind, (req.endsAt.getTime() - now) / 1000, req.steps, reason, this.words);
    let end!: (e: CountdownEnd) => void;
    const finished = new Promise<CountdownEnd>((r) => (end = r));
    const run: Running = {
      state: {
        kind: req.kind,
        reason,
        startedBy: req.actor,
        startedAt: new Date(now).toISOString(),
        endsAt: req.endsAt.toISOString(),
        steps: plan.map((s) => s.sec),
        nextStepAt: null,
        nextWords: null,
        cancellable: true,
      },
      plan,
      next: 0,
      timer: null,
      end,
    };
    const detail = `${req.kind} in ${plan[0]?.sec ?? 0} s, told at ${run.state.steps.join(', ')} s${reason ? `: ${reason}` : ''}`;
    const entry = { actor: req.actor, action: 'server.shutdown' as const, target: '', detail };
    this.running = run;
    try {
      // A first step due now is said before the answer: a game that does not hear it fails the request.
      if (this.dueMs(run) <= 0) await attempt(this.store, entry, req.kind, () => this.take(run, true));
    } catch (err) {
      this.running = null;
      throw err;
    }
    this.store.audit.note(entry);
    this.schedule(run);
    return { state: { ...run.state }, finished };
  }

  /** Cancels the running countdown and tells players; refused once the game has the last step. */
  async cancel(actor: Actor): Promise<CountdownState> {
    const run = this.running;
    if (!run) throw new NotFoundError('No shutdown or restart countdown is running.');
    if (!run.state.cancellable)
      throw new ConflictError('conflict', 'The last warning went out and the game is stopping: it can no longer be cancelled.');
    this.timers.clear(run.timer);
    this.running = null;
    const state = { ...run.state, cancellable: false, nextStepAt: null, nextWords: null };
    this.store.audit.note({ actor, action: 'server.cancel', target: '', detail: `${state.kind} due at ${state.endsAt}` });
    run.end({ outcome: 'cancelled', by: actor });
    await this.game
      .announce(this.words.cancelled(state.kind))
      .catch((err: unknown) => this.log('warn', 'the cancel was not announced in game', err));
    return state;
  }

  /** Waits for a step being taken now (tests, and palpanel's own shutdown). */
  idle(): Promise<void> {
    return this.inFlight;
  }

  /** palpanel stops: a countdown still running ends without stopping the game (logged). */
  stop(): void {
    const run = this.running;
    if (!run) return;
    this.timers.clear(run.timer);
    this.running = null;
    if (run.state.cancellable) this.log('warn', `palpanel stopped during a ${run.state.kind} countdown: the game was not stopped`);
    run.end(run.state.cancellable ? { outcome: 'failed', why: 'palpanel stopped before the countdown ended' } : { outcome: 'done' });
  }

  private dueMs(run: Running): number {
    const step = run.plan[run.next];
    return step ? Date.parse(run.state.endsAt) - step.sec * 1000 - this.clock().getTime() : Infinity;
  }

  /** Sets the timer of the next step, or (after the last) of the end, when the state is cleared. */
  private schedule(run: Running): void {
    if (this.running !== run) return;
    const step = run.plan[run.next];
    run.state.nextStepAt = step ? new Date(Date.parse(run.state.endsAt) - step.sec * 1000).toISOString() : null;
    run.state.nextWords = step?.words ?? null;
    const ms = step ? this.dueMs(run) : Date.parse(run.state.endsAt) - this.clock().getTime();
    run.timer = this.timers.set(
      () => {
        this.inFlight = this.fire(run);
      },
      Math.max(0, ms),
    );
  }

  private async fire(run: Running): Promise<void> {
    if (this.running !== run) return;
    if (run.next >= run.plan.length) {
      this.running = null;
      return;
    }
    try {
      await this.take(run, false);
    } catch (err) {
      // The hand-over failed: the game was not stopped. Audited refused, and the task says why.
      const { error, reason } = gameFailure(err, run.state.kind);
      if (reason) this.store.audit.note({ actor: run.state.startedBy, action: 'server.shutdown', target: '', detail: 'hand-over' }, reason);
      this.log('warn', `the ${run.state.kind} countdown's last step failed`, err);
      this.running = null;
      run.end({ outcome: 'failed', why: error.message });
      return;
    }
    this.schedule(run);
  }

  /** Takes the next step: a broadcast, or at the last the game's own shutdown (which says that
   * step's words and waits its seconds). A later broadcast that fails is logged and the countdown
   * goes on; the first (`strict`, while the admin waits for the answer) fails the start. */
  private async take(run: Running, strict: boolean): Promise<void> {
    const step = run.plan[run.next++];
    if (!step.last) {
      await this.game.announce(step.words).catch((err: unknown) => {
        if (strict) throw err;
        this.log('warn', `a ${run.state.kind} warning was not announced`, err);
      });
      return;
    }
    run.state.cancellable = false;
    if (run.state.kind === 'restart')
      await this.game.save().catch((err: unknown) => this.log('warn', 'the save before a restart failed', err));
    await this.game.shutdown(step.sec, step.words);
    run.end({ outcome: 'done' });
  }
}
