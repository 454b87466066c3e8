// Start when the game is down (issue 40): SERVICE_GAME_START_COMMAND, run without a shell under
// the off-site copy command's rules (backups/copy-process.ts, handed in as `run` by app/), when an
// admin presses Start on a stopped game. Never while the game answers (or its process still
// runs): that is refused, with words saying why, and audited as refused. One run at a time; each
// run's outcome and output tail are kept (store/game-record.ts) and audited.
import type { Actor } from '../domain/actor.js';
import { ConflictError, NotConfiguredError } from '../domain/errors.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import type { StartRun } from '../contract/panel/game-health.js';

export interface StartOutcome {
  code: number | null;
  cut: 'deadline' | 'stopped' | 'spawn' | 'read' | null;
  output: string;
  durationMs: number;
}

/** Runs argv as the copy command is run (no shell, its own process group, a deadline). */
export type StartRunner = (argv: readonly string[]) => Promise<StartOutcome>;

/** Why the game must not be started now, in words; null: it is stopped. */
export type RunningCheck = () => Promise<string | null>;

export interface GameStarterOptions {
  command: readonly string[] | null;
  run: StartRunner;
  running: RunningCheck;
  store: Store;
  clock: Clock;
}

export class GameStarter {
  private busy = false;

  constructor(private readonly o: GameStarterOptions) {}

  state(): { configured: boolean; running: boolean; last: StartRun | null } {
    return { configured: this.o.command !== null, running: this.busy, last: this.o.store.gameRecord.lastStart() };
  }

  async start(actor: Actor): Promise<StartRun> {
    const command = this.o.command;
    if (command === null) throw new NotConfiguredError('gameStart');
    if (this.busy) throw new ConflictError('conflict', 'The start command runs already; wait for it to end.');
    this.busy = true;
    try {
      const why = await this.o.running();
      if (why !== null) {
        this.o.store.audit.note({ actor, action: 'server.start', target: '', detail: why }, 'game_running');
        throw new ConflictError('conflict', `Start runs only on a stopped game: ${why}.`);
      }
      const at = this.o.clock().toISOString();
      const r = await this.o.run(command);
      const run: StartRun = { at, by: actor, exitCode: r.code, cut: r.cut, output: r.output, durationMs: r.durationMs };
      this.o.store.gameRecord.addStart(run);
      const outcome = r.cut ? `not finished (${r.cut})` : `exit ${r.code ?? 'by signal'}`;
      this.o.store.audit.note({ actor, action: 'server.start', target: '', detail: `start command: ${outcome}` });
      return run;
    } finally {
      this.busy = false;
    }
  }
}
