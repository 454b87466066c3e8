// One run of the off-site copy command: spawned without a shell in a process group of its own,
// its output's tail kept (copy-output.ts), killed with everything it started when its deadline
// passes or palpanel stops. offsite-copy.ts decides what the outcome means.
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { OutputTail } from './copy-output.js';

/** Node timers hold at most this (about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

export interface AttemptResult {
  code: number | null;
  /** Why it did not exit on its own: killed past the deadline, stopped by palpanel, not started,
   * or (offsite-copy.ts) its archive could not be read. */
  cut: 'deadline' | 'stopped' | 'spawn' | 'read' | null;
  output: string;
  durationMs: number;
}

export interface CommandRun {
  done: Promise<AttemptResult>;
  /** Ends the run as palpanel's stop (not a failure of the command), SIGKILL after `graceMs`. */
  stop(graceMs: number): void;
}

/** A deadline in words: 300 ms, 45 s, 30 min. */
const spoken = (ms: number) => (ms < 1_000 ? `${ms} ms` : ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`);

/** SIGTERM to a process group, SIGKILL after `graceMs` if it still runs. */
function killGroup(child: ChildProcess, graceMs: number): void {
  if (child.pid === undefined) return;
  const pid = child.pid;
  const send = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      /* gone already */
    }
  };
  send('SIGTERM');
  setTimeout(() => send('SIGKILL'), graceMs).unref();
  child.once('exit', () => {
    // The group may outlive its leader (a script's rclone): it goes too.
    setTimeout(() => send('SIGKILL'), Math.min(graceMs, 500)).unref();
  });
}

export function runCommand(
  command: readonly string[],
  o: { env: Record<string, string>; timeoutMs: number; killGraceMs: number; redact: (line: string) => string },
): CommandRun {
  const [file, ...args] = command;
  const t0 = performance.now();
  const tail = new OutputTail();
  let cut: AttemptResult['cut'] = null;
  let child: ChildProcessByStdio<null, Readable, Readable> | null = null;
  const done = new Promise<AttemptResult>((resolve) => {
    let finished = false;
    // Set once the command runs; a command that cannot start ends before it.
    let deadline: NodeJS.Timeout | undefined = undefined;
    const end = (code: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      const note =
        cut === 'deadline'
          ? `[palpanel] killed: still running after ${spoken(o.timeoutMs)} (SERVICE_BACKUP_COPY_TIMEOUT)`
          : cut === 'stopped'
            ? '[palpanel] killed: palpanel is stopping'
            : null;
      if (note) tail.push(Buffer.from(`\n${note}\n`));
      resolve({ code: cut ? null : code, cut, output: tail.text(o.redact), durationMs: Math.round(performance.now() - t0) });
    };
    const notStarted = (why: string) => {
      cut = 'spawn';
      tail.push(Buffer.from(`[palpanel] could not start ${file}: ${why}\n`));
      end(null);
    };
    let c: ChildProcessByStdio<null, Readable, Readable>;
    try {
      // Its own process group (detached), so a deadline or a stop kills what the script started too.
      c = spawn(file, args, { env: o.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (err) {
      return notStarted((err as NodeJS.ErrnoException).code ?? 'error');
    }
    child = c;
    c.stdout.on('data', (chunk: Buffer) => tail.push(chunk));
    c.stderr.on('data', (chunk: Buffer) => tail.push(chunk));
    c.on('error', (err: NodeJS.ErrnoException) => {
      if (c.pid === undefined) notStarted(err.code ?? err.message); // else a kill that failed; 'close' still comes
    });
    c.on('exit', () => {
      // A grandchild that left the group may hold the pipes open: its output is not awaited long.
      setTimeout(() => {
        c.stdout.destroy();
        c.stderr.destroy();
      }, 2_000).unref();
    });
    c.on('close', (code) => end(code));
    deadline = setTimeout(
      () => {
        cut = 'deadline';
        killGroup(c, o.killGraceMs);
      },
      Math.min(o.timeoutMs, MAX_TIMER_MS),
    );
  });
  return {
    done,
    stop(graceMs) {
      cut ??= 'stopped';
      if (child) killGroup(child, graceMs);
    },
  };
}
