// The cost of watching (issue 40): palpanel's own CPU and memory over a long run beside the
// simulated game as a process of its own, with the resources sampler, the log follower and the
// pollers on, against the same palpanel without the new parts (the tree of `--base`, by default
// the last commit before issue 40). Both run at once, from source (node --import tsx), on the same
// game, the same save and the same settings: the old one ignores the settings it does not know.
// Each is sampled from /proc every 10 s after a minute's warm-up: CPU as a share of one core over
// the run, and its resident memory (mean and peak).
//
// Run: npx tsx bench/operate/run.ts [--minutes 30] [--base <commit>]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { values: a } = parseArgs({ options: { minutes: { type: 'string', default: '30' }, base: { type: 'string', default: '2edef67' } } });
const MINUTES = Number(a.minutes);
const NODE = join(ROOT, 'node_modules/.bin/node');
const SAVES = process.env.PALPANEL_SHARED_DIR
  ? join(process.env.PALPANEL_SHARED_DIR, 'fixtures/saves')
  : join(ROOT, '../shared/fixtures/saves');
const TICKS = 100;

const work = mkdtempSync(join(tmpdir(), 'pp-bench-operate-'));
const children: ChildProcess[] = [];
const cleanup = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

/** The base tree: `git archive` of the commit, with this checkout's node_modules. */
function baseTree(commit: string): string {
  const dir = join(work, 'base');
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${commit}" src assets package.json tsconfig.json | tar -x -C "${dir}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  // The same web UI build for both (serve loads the checkout's dist/web).
  symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
  return dir;
}

function start(cmd: string, args: string[], env: Record<string, string>, cwd: string, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(c);
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${out.slice(-500)}`)), 120_000);
    const on = (b: Buffer) => {
      out += b.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(c);
      }
    };
    c.stdout.on('data', on);
    c.stderr.on('data', (b: Buffer) => (out += b.toString()));
    c.once('exit', (code) => reject(new Error(`exited ${code}: ${out.slice(-500)}`)));
  });
}

function proc(pid: number): { ticks: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const rss = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  return { ticks: Number(f[11]) + Number(f[12]), rss };
}

const [restPort, rconPort] = [28000 + Math.floor(Math.random() * 1000), 29000 + Math.floor(Math.random() * 1000)];
const logFile = join(work, 'PalServer.log');
const title = 'PalBenchGame';
const game = await start(
  NODE,
  ['--import', 'tsx', join(ROOT, 'src/demo/sim/process-main.ts'), '--rest-port', String(restPort), '--rcon-port', String(rconPort)].concat([
    '--title',
    title,
    '--log',
    logFile,
    '--players',
    '4',
  ]),
  {},
  ROOT,
  /sim ready/,
);
const base = baseTree(a.base);
const env = (name: string): Record<string, string> => {
  const save = join(work, `save-${name}`);
  cpSync(join(SAVES, 'v0.1-coop'), save, { recursive: true });
  return {
    SERVICE_DATA_DIR: join(work, `data-${name}`),
    SERVICE_LISTEN: '127.0.0.1:0',
    SERVICE_SAVE_DIR: save,
    SERVICE_GAME_REST_URL: `http://127.0.0.1:${restPort}`,
    SERVICE_GAME_ADMIN_PASSWORD: 'sim-admin-password',
    SERVICE_RCON_ADDR: `127.0.0.1:${rconPort}`,
    SERVICE_RCON_PASSWORD: 'sim-admin-password',
    SERVICE_GAME_DATA: 'on',
    // The new parts (the base ignores them): resources of the game's process, its log, a policy.
    SERVICE_GAME_PROCESS: title,
    SERVICE_GAME_LOG: logFile,
    SERVICE_RESTART_MEMORY: '95%',
  };
};
const withNew = await start(NODE, ['--import', 'tsx', join(ROOT, 'src/cli/entry.ts'), 'serve'], env('new'), ROOT, /listening on/);
const without = await start(NODE, ['--import', 'tsx', join(base, 'src/cli/entry.ts'), 'serve'], env('base'), base, /listening on/);
process.stdout.write(
  `game pid ${game.pid}, palpanel (new) pid ${withNew.pid}, palpanel (base ${a.base}) pid ${without.pid}; warm-up 60 s\n`,
);
await new Promise((r) => setTimeout(r, 60_000));

const runs = { new: withNew.pid!, base: without.pid! };
const first = { new: proc(runs.new), base: proc(runs.base) };
const rss: Record<'new' | 'base', number[]> = { new: [], base: [] };
const load: number[] = [];
const t0 = Date.now();
while (Date.now() - t0 < MINUTES * 60_000) {
  await new Promise((r) => setTimeout(r, 10_000));
  rss.new.push(proc(runs.new).rss);
  rss.base.push(proc(runs.base).rss);
  load.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
}
const sec = (Date.now() - t0) / 1000;
const last = { new: proc(runs.new), base: proc(runs.base) };
const mib = (b: number) => (b / 1024 ** 2).toFixed(1);
const row = (k: 'new' | 'base') => {
  const cpu = (100 * (last[k].ticks - first[k].ticks)) / TICKS / sec;
  const mean = rss[k].reduce((x, y) => x + y, 0) / rss[k].length;
  return { cpu, mean, peak: Math.max(...rss[k]) };
};
const n = row('new');
const b = row('base');
const meanLoad = load.reduce((x, y) => x + y, 0) / load.length;
process.stdout.write(
  [
    `${MINUTES} min measured (after 60 s warm-up), both at once; load average 1 min: mean ${meanLoad.toFixed(2)}, max ${Math.max(...load).toFixed(2)} on ${execFileSync('nproc').toString().trim()} cores`,
    `                 CPU (% of a core)  RSS mean MiB  RSS peak MiB`,
    `with new parts   ${n.cpu.toFixed(2).padStart(17)}  ${mib(n.mean).padStart(12)}  ${mib(n.peak).padStart(12)}`,
    `base ${a.base.padEnd(11)} ${b.cpu.toFixed(2).padStart(17)}  ${mib(b.mean).padStart(12)}  ${mib(b.peak).padStart(12)}`,
    `difference       ${(n.cpu - b.cpu).toFixed(2).padStart(17)}  ${mib(n.mean - b.mean).padStart(12)}  ${mib(n.peak - b.peak).padStart(12)}`,
    `game log lines followed: ${readFileSync(logFile, 'utf8').split('\n').length - 1}`,
    '',
  ].join('\n'),
);
cleanup();
await new Promise((r) => setTimeout(r, 2000));
rmSync(work, { recursive: true, force: true });
process.exit(0);
