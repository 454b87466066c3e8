// The resources sampler (issue 40): every interval it reads the machine (/proc/stat, meminfo,
// loadavg), the free space of the save and backup disks (statfs), and the game's process when it
// can see it (SERVICE_GAME_PROCESS: a comm name or a pid file), keeps the latest sample for those
// who act on it (the memory restart bound, the crash record) and hands each sample on (the
// history). A process it cannot see is said in words (`gameHidden`), never given as zeros; one
// that was seen and is gone is reported once (`onProcessGone`), which the crash watch reads.
import { diskSpace } from '../../lib/disk-space.js';
import type { GameProcessFigures, ResourceReadings, ResourceSample } from '../../domain/resources.js';
import { PollLoop, type Timers } from '../poll-loop.js';
import { CLOCK_TICKS, pidFromFile, pidsNamed, readHost, readProcess, type CpuTimes, type ProcessProc } from './proc.js';

export interface ResourceSamplerOptions {
  intervalMs: number;
  /** SERVICE_GAME_PROCESS: a comm name, or a pid file's path (starting with /); null: not watched. */
  gameProcess: string | null;
  saveDir: string | null;
  backupDir: string | null;
  now?: () => Date;
  timers?: Timers;
  /** Where /proc is (tests may point at another mount; default /proc). */
  procRoot?: string;
  onSample?: (s: ResourceSample) => void;
  /** The game's process, seen before, is gone (its pid no longer runs it). */
  onProcessGone?: (last: GameProcessFigures, at: Date) => void;
  onError?: (err: unknown) => void;
}

/** Why the game's process is not visible, in words a host can act on. */
function hiddenWords(spec: string | null, pidFile: boolean): string {
  if (spec === null) return 'not visible: SERVICE_GAME_PROCESS is not set';
  if (pidFile) return `not visible: the pid file ${spec} names no running process palpanel can read`;
  return `not visible: no process named ${spec} that palpanel can read (another container or PID namespace, or the game is not running)`;
}

export class ResourceSampler implements ResourceReadings {
  private last: ResourceSample | null = null;
  private prevCpu: CpuTimes | null = null;
  private prevGame: { pid: number; startTicks: number; cpuTicks: number; atMs: number } | null = null;
  private seen: GameProcessFigures | null = null;
  private readonly loop: PollLoop;
  private readonly root: string;

  constructor(private readonly o: ResourceSamplerOptions) {
    this.root = o.procRoot ?? '/proc';
    this.loop = new PollLoop({
      intervalMs: o.intervalMs,
      now: o.now ?? (() => new Date()),
      timers: o.timers,
      attempt: async (now) => {
        await this.sampleOnce(now);
        return true;
      },
      onError: o.onError,
    });
  }

  latest(): ResourceSample | null {
    return this.last;
  }

  start(signal?: AbortSignal): void {
    this.loop.start(signal);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One sample now (the loop's attempt; tests call it directly). */
  async sampleOnce(now: Date): Promise<ResourceSample> {
    const [host, save, backup, game] = await Promise.all([
      readHost(this.root),
      this.o.saveDir ? diskSpace(this.o.saveDir) : undefined,
      this.o.backupDir ? diskSpace(this.o.backupDir) : undefined,
      this.findGame(),
    ]);
    const cpuPercent =
      this.prevCpu && host.cpu.total > this.prevCpu.total
        ? round1(100 * (1 - (host.cpu.idle - this.prevCpu.idle) / (host.cpu.total - this.prevCpu.total)))
        : null;
    this.prevCpu = host.cpu;
    const figures = game ? this.gameFigures(game, host.bootTimeSec, now) : null;
    const sample: ResourceSample = {
      at: now.toISOString(),
      host: {
        cpuPercent,
        cores: host.cores,
        memTotalBytes: host.memTotalBytes,
        memAvailableBytes: host.memAvailableBytes,
        swapTotalBytes: host.swapTotalBytes,
        swapFreeBytes: host.swapFreeBytes,
        load1: host.load[0],
        load5: host.load[1],
        load15: host.load[2],
        saveDiskFreeBytes: save?.freeBytes ?? null,
        saveDiskTotalBytes: save?.totalBytes ?? null,
        backupDiskFreeBytes: backup?.freeBytes ?? null,
        backupDiskTotalBytes: backup?.totalBytes ?? null,
      },
      game: figures,
      gameHidden: figures ? null : hiddenWords(this.o.gameProcess, this.pidFile()),
    };
    const before = this.seen;
    // Gone: no process now, or another one (a new start time) under the name: the old one ended.
    if (before && (!figures || figures.startedAtMs !== before.startedAtMs || figures.pid !== before.pid))
      this.o.onProcessGone?.(before, now);
    this.seen = figures;
    this.last = sample;
    this.o.onSample?.(sample);
    return sample;
  }

  private pidFile(): boolean {
    return this.o.gameProcess !== null && this.o.gameProcess.startsWith('/');
  }

  private async findGame(): Promise<ProcessProc | undefined> {
    const spec = this.o.gameProcess;
    if (spec === null) return undefined;
    if (this.pidFile()) {
      const pid = await pidFromFile(spec);
      return pid === undefined ? undefined : readProcess(pid, this.root);
    }
    // The pid seen last, while it still runs under the name: no scan of /proc each time.
    const prev = this.prevGame?.pid;
    if (prev !== undefined) {
      const p = await readProcess(prev, this.root);
      if (p && p.comm === spec.slice(0, 15)) return p;
    }
    const found = await Promise.all((await pidsNamed(spec, this.root)).map((pid) => readProcess(pid, this.root)));
    // Several under the name (a wrapper and the server): the one holding the most memory.
    return found.filter((p): p is ProcessProc => p !== undefined).sort((a, b) => b.rssBytes - a.rssBytes)[0];
  }

  private gameFigures(p: ProcessProc, bootTimeSec: number, now: Date): GameProcessFigures {
    const startedAtMs = Math.round((bootTimeSec + p.startTicks / CLOCK_TICKS) * 1000);
    const prev = this.prevGame;
    const same = prev !== null && prev.pid === p.pid && prev.startTicks === p.startTicks;
    const dtSec = same ? (now.getTime() - prev.atMs) / 1000 : 0;
    const cpuPercent = same && dtSec > 0 ? round1((100 * (p.cpuTicks - prev.cpuTicks)) / CLOCK_TICKS / dtSec) : null;
    this.prevGame = { pid: p.pid, startTicks: p.startTicks, cpuTicks: p.cpuTicks, atMs: now.getTime() };
    return { pid: p.pid, cpuSeconds: p.cpuTicks / CLOCK_TICKS, cpuPercent, rssBytes: p.rssBytes, threads: p.threads, startedAtMs };
  }
}

const round1 = (v: number) => Math.max(0, Math.round(v * 10) / 10);
