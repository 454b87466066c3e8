// Reading the machine and one process from /proc (Linux). Every reader takes the /proc root, so
// the tests can read a real process of theirs; a file that cannot be read is "not visible", never
// a zero.
import { readdir, readFile } from 'node:fs/promises';

/** Kernel clock ticks a second (USER_HZ): 100 on every Linux architecture palpanel ships for. */
export const CLOCK_TICKS = 100;

export interface CpuTimes {
  /** All ticks, busy and idle, summed over every core. */
  total: number;
  idle: number;
}

export interface HostProc {
  cpu: CpuTimes;
  cores: number;
  bootTimeSec: number;
  memTotalBytes: number;
  memAvailableBytes: number;
  swapTotalBytes: number;
  swapFreeBytes: number;
  load: [number, number, number];
}

export interface ProcessProc {
  pid: number;
  comm: string;
  /** user + system ticks. */
  cpuTicks: number;
  threads: number;
  /** Ticks after boot when it started. */
  startTicks: number;
  rssBytes: number;
}

const kb = (text: string, key: string): number => {
  const m = new RegExp(`^${key}:\\s+(\\d+)\\s*kB`, 'm').exec(text);
  if (!m) throw new Error(`${key} missing`);
  return Number(m[1]) * 1024;
};

export async function readHost(root = '/proc'): Promise<HostProc> {
  const [stat, mem, load] = await Promise.all([
    readFile(`${root}/stat`, 'utf8'),
    readFile(`${root}/meminfo`, 'utf8'),
    readFile(`${root}/loadavg`, 'utf8'),
  ]);
  const lines = stat.split('\n');
  const first = lines[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const cores = lines.filter((l) => /^cpu\d+ /.test(l)).length;
  const btime = /^btime\s+(\d+)/m.exec(stat);
  const [l1, l5, l15] = load.trim().split(/\s+/).slice(0, 3).map(Number);
  return {
    cpu: { total: first.reduce((a, b) => a + (b || 0), 0), idle: (first[3] || 0) + (first[4] || 0) },
    cores: Math.max(1, cores),
    bootTimeSec: btime ? Number(btime[1]) : 0,
    memTotalBytes: kb(mem, 'MemTotal'),
    memAvailableBytes: kb(mem, 'MemAvailable'),
    swapTotalBytes: kb(mem, 'SwapTotal'),
    swapFreeBytes: kb(mem, 'SwapFree'),
    load: [l1, l5, l15],
  };
}

/** One process's figures; undefined when it is gone or cannot be read. */
export async function readProcess(pid: number, root = '/proc'): Promise<ProcessProc | undefined> {
  try {
    const [stat, status] = await Promise.all([readFile(`${root}/${pid}/stat`, 'utf8'), readFile(`${root}/${pid}/status`, 'utf8')]);
    // The name sits in parentheses and may hold spaces or ')': the fields follow the last one.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat
      .slice(close + 2)
      .trim()
      .split(/\s+/);
    // f[0] is field 3 (state): field n is f[n - 3].
    if (f[0] === 'Z' || f[0] === 'X') return undefined; // a zombie holds no memory and runs nothing
    const rss = /^VmRSS:\s+(\d+)\s*kB/m.exec(status);
    return {
      pid,
      comm,
      cpuTicks: Number(f[11]) + Number(f[12]),
      threads: Number(f[17]),
      startTicks: Number(f[19]),
      rssBytes: rss ? Number(rss[1]) * 1024 : 0,
    };
  } catch {
    return undefined;
  }
}

/** Pids whose comm is `name` (the kernel keeps 15 characters of it), palpanel's own left out. */
export async function pidsNamed(name: string, root = '/proc'): Promise<number[]> {
  const want = name.slice(0, 15);
  const out: number[] = [];
  for (const e of await readdir(root).catch(() => [] as string[])) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    const comm = await readFile(`${root}/${e}/comm`, 'utf8').catch(() => null);
    if (comm !== null && comm.replace(/\n$/, '') === want) out.push(Number(e));
  }
  return out;
}

/** The pid a pid file holds; undefined when it cannot be read or holds none. */
export async function pidFromFile(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => null);
  const m = text === null ? null : /^\s*(\d+)\s*$/.exec(text);
  return m ? Number(m[1]) : undefined;
}
