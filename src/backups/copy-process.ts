// One run of a host command: the off-site copy (SERVICE_BACKUP_COPY_COMMAND, offsite-copy.ts) and
// the off-site check (SERVICE_BACKUP_CHECK_COMMAND, copy-check.ts) share it. Spawned without a
// shell in a process group of its own, its output's tail kept and redacted (copy-output.ts), and
// killed with everything it started when its deadline passes or palpanel stops. Nothing it started
// outlives the run: a script that exits leaving a child on its pipes (`sleep 600 &`) ends at the
// deadline at the latest, its group killed; a child that let go of the pipes is killed at the end.
// The callers decide what the outcome means.
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { OutputTail } from './copy-output.js';

/** Node timers hold at most this (about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

/** After the group is signalled and its leader has gone, how long what holds the pipes (a
 * grandchild that left the group) may still print before the run ends without it. */
const AFTER_KILL_MS = 1_500;

export interface AttemptResult {
  code: number | null;
  /** The signal that ended the command, when one did and palpanel did not send it. */
  signal: NodeJS.Signals | null;
  /** Why it did not exit on its own: killed past the deadline, stopped by palpanel, not started,
   * or (offsite-copy.ts) its archive could not be read. */
  cut: 'deadline' | 'stopped' | 'spawn' | 'read' | null;
  /** Why it could not start (cut 'spawn'). */
  startError?: NodeJS.ErrnoException;
  output: string;
  durationMs: number;
}

export interface CommandRun {
  done: Promise<AttemptResult>;
  /** Ends the run as palpanel's stop (not a failure of the command), SIGKILL after `graceMs`. */
  stop(graceMs: number): void;
}

export interface RunOptions {
  env: Record<string, string>;
  cwd?: string;
  timeoutMs: number;
  /** The setting named when the deadline kills it. */
  timeoutSetting?: string;
  /** SIGTERM first and this long before SIGKILL; 0: SIGKILL at once. */
  killGraceMs: number;
  redact: (line: string) => string;
}

/** A deadline in words: 300 ms, 45 s, 30 min. */
const spoken = (ms: number) => (ms < 1_000 ? `${ms} ms` : ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`);

/** A signal to the process group led by `pid` (gone already: nothing to do). */
function signalGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, sig);
  } catch {
    /* gone already */
  }
}

/** SIGTERM to a process group, SIGKILL after `graceMs` if it still runs (at once with 0). */
function killGroup(child: ChildProcess, graceMs: number): void {
  if (graceMs <= 0) return signalGroup(child.pid, 'SIGKILL');
  signalGroup(child.pid, 'SIGTERM');
  setTimeout(() => signalGroup(child.pid, 'SIGKILL'), graceMs).unref();
}

export function runCommand(command: readonly string[], o: RunOptions): CommandRun {
  const [file, ...args] = command;
  const t0 = performance.now();
  const tail = new OutputTail();
  let cut: AttemptResult['cut'] = null;
  let startError: NodeJS.ErrnoException | undefined;
  let child: ChildProcessByStdio<null, Readable, Readable> | null = null;
  /** How the group's leader (the command itself) ended, once it has. */
  let leader: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  /** Ends the run now: set once the command runs. */
  let endNow: () => void = () => undefined;
  const done = new Promise<AttemptResult>((resolve) => {
    let finished = false;
    // Set once the command runs; a command that cannot start ends before it.
    let deadline: NodeJS.Timeout | undefined = undefined;
    /** Whether the leader was still running when the deadline signalled the group. */
    let leaderKilled = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      // Whatever is left of its group goes with the run: a child on the pipes past the deadline,
      // or one that closed them and would otherwise live on unwatched.
      signalGroup(child?.pid, 'SIGKILL');
      child?.stdout.destroy();
      child?.stderr.destroy();
      const limit = `${spoken(o.timeoutMs)} (${o.timeoutSetting ?? 'SERVICE_BACKUP_COPY_TIMEOUT'})`;
      const note =
        cut === 'deadline'
          ? leader && !leaderKilled
            ? `[palpanel] killed: what it started was still running after ${limit}`
            : `[palpanel] killed: still running after ${limit}`
          : cut === 'stopped'
            ? '[palpanel] killed: palpanel is stopping'
            : null;
      if (note) tail.push(Buffer.from(`\n${note}\n`));
      resolve({
        code: cut ? null : code,
        signal: cut ? null : signal,
        cut,
        ...(startError ? { startError } : {}),
        output: tail.text(o.redact),
        durationMs: Math.round(performance.now() - t0),
      });
    };
    const notStarted = (err: NodeJS.ErrnoException) => {
      cut = 'spawn';
      startError = err;
      tail.push(Buffer.from(`[palpanel] could not start ${file}: ${err.code ?? 'error'}\n`));
      end(null, null);
    };
    let c: ChildProcessByStdio<null, Readable, Readable>;
    try {
      // Its own process group (detached), so a deadline or a stop kills what the script started too.
      c = spawn(file, args, { env: o.env, cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (err) {
      return notStarted(err as NodeJS.ErrnoException);
    }
    child = c;
    endNow = () => end(leader?.code ?? null, leader?.signal ?? null);
    c.stdout.on('data', (chunk: Buffer) => tail.push(chunk));
    c.stderr.on('data', (chunk: Buffer) => tail.push(chunk));
    c.on('error', (err: NodeJS.ErrnoException) => {
      if (c.pid === undefined) notStarted(err); // else a kill that failed; 'close' still comes
    });
    c.on('exit', (code, signal) => {
      leader = { code, signal };
      // Killed by palpanel: what is left of the group goes too, and a grandchild that left the
      // group and holds the pipes is not waited for long. Exited on its own: the pipes' close
      // ends the run, or the deadline does.
      if (cut) {
        signalGroup(c.pid, 'SIGKILL');
        setTimeout(endNow, AFTER_KILL_MS).unref();
      }
    });
    c.on('close', (code, signal) => end(code, signal));
    deadline = setTimeout(
      () => {
        cut = 'deadline';
        if (leader) return endNow();
        leaderKilled = true;
        killGroup(c, o.killGraceMs);
      },
      Math.min(o.timeoutMs, MAX_TIMER_MS),
    );
  });
  return {
    done,
    stop(graceMs) {
      if (cut === 'spawn') return;
      cut ??= 'stopped';
      if (!child) return;
      if (leader) return endNow();
      killGroup(child, graceMs);
    },
  };
}
