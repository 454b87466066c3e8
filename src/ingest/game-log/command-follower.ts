// Follows a command's output (SERVICE_GAME_LOG_COMMAND: `journalctl -u palworld -f -o cat`,
// `docker logs -f palworld`), run as the backup copy command is (backups/copy-process.ts): argv
// without a shell, in a process group of its own so that stopping kills what it started too. It
// differs in what it is for: it runs for as long as palpanel does, its lines streamed as they
// come rather than a tail kept at its end, and when it ends (the journal rotated, docker
// restarted) it is started again after a pause that grows while it keeps ending at once.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { FollowerEvents } from './file-follower.js';
import { LineSplitter } from './line-splitter.js';

const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 60_000;
/** A run this long counts as having worked: the next pause starts small again. */
const RAN_WELL_MS = 60_000;
const KILL_GRACE_MS = 2_000;

function signalGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, sig);
  } catch {
    /* gone already */
  }
}

export class CommandFollower {
  private child: ChildProcessByStdio<null, Readable, Readable> | null = null;
  private pauseMs = FIRST_PAUSE_MS;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** How many times it was started (tests and the source's words). */
  runs = 0;

  constructor(
    readonly argv: readonly string[],
    private readonly env: Record<string, string>,
    private readonly on: FollowerEvents,
    private readonly pauses = { first: FIRST_PAUSE_MS, max: MAX_PAUSE_MS },
  ) {
    this.pauseMs = pauses.first;
  }

  private run(): void {
    if (this.stopped) return;
    const [file, ...args] = this.argv;
    const t0 = Date.now();
    this.runs++;
    const out = new LineSplitter((l) => this.on.line(l));
    const err = new LineSplitter((l) => this.on.line(l));
    let c: ChildProcessByStdio<null, Readable, Readable>;
    try {
      c = spawn(file, args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (e) {
      return this.again(`could not start ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, t0);
    }
    this.child = c;
    let failed: string | null = null;
    c.on('error', (e: NodeJS.ErrnoException) => {
      if (c.pid === undefined) failed = `could not start ${file}: ${e.code ?? 'error'}`;
    });
    c.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    c.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    c.on('spawn', () => this.on.state('following', null));
    c.on('close', (code, signal) => {
      out.flush();
      err.flush();
      // What it started may still hold on (a pager, a child): it goes with the run.
      signalGroup(c.pid, 'SIGKILL');
      this.child = null;
      if (this.stopped) return;
      this.again(failed ?? `${file} ended (${signal ? `signal ${signal}` : `exit code ${code ?? '?'}`})`, t0);
    });
  }

  private again(why: string, t0: number): void {
    if (this.stopped) return;
    if (Date.now() - t0 >= RAN_WELL_MS) this.pauseMs = this.pauses.first;
    const pause = this.pauseMs;
    this.pauseMs = Math.min(this.pauseMs * 2, this.pauses.max);
    this.on.note(`${why}; started again in ${Math.round(pause / 1000)} s`);
    this.on.state('waiting', `${why}; started again in ${Math.round(pause / 1000)} s`);
    this.timer = setTimeout(() => this.run(), pause);
  }

  start(signal: AbortSignal): void {
    this.run();
    signal.addEventListener('abort', () => this.stop());
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.child;
    if (!c) return;
    signalGroup(c.pid, 'SIGTERM');
    setTimeout(() => signalGroup(c.pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  }
}
