// The simulated game as a process of its own (issue 40), for the tests that run it under a
// supervisor (supervisord) and for the benchmark: the same REST API and RCON as the in-process
// sim, on fixed ports so a restarted game comes back where it was, its process named as the game's
// is (`--title`, what /proc/<pid>/comm shows), a PalServer.log-like file (`--log`), and the game's
// ways of ending: a shutdown or stop asked for over REST or RCON ends the process (exit 0) after
// its wait; SIGUSR1 grows its memory by `--grow-mb` MiB (a leak, driven from outside); SIGUSR2
// crashes it (its fatal lines logged, exit 1); SIGTERM stops it as systemd or supervisord do.
//
//   node --import tsx src/demo/sim/process-main.ts --rest-port 18212 --rcon-port 18575 \
//     --title PalServer-Linux --log /tmp/PalServer.log --pid-file /tmp/pal.pid --grow-mb 64
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSimGameServer } from './index.js';
import { SimLog } from './sim-log.js';

const { values: a } = parseArgs({
  options: {
    'rest-port': { type: 'string' },
    'rcon-port': { type: 'string' },
    password: { type: 'string', default: 'sim-admin-password' },
    title: { type: 'string', default: 'PalServer-Linux-Shipping' },
    log: { type: 'string' },
    'pid-file': { type: 'string' },
    'grow-mb': { type: 'string', default: '64' },
    'tick-ms': { type: 'string', default: '5000' },
    players: { type: 'string', default: '2' },
    version: { type: 'string' },
  },
});

const port = (v: string | undefined) => (v === undefined ? undefined : Number(v));
process.title = a.title;
const log = a.log ? new SimLog(a.log) : null;
/** The leak: buffers touched page by page, so they count in the resident set. */
const leak: Buffer[] = [];

const players = Array.from({ length: Math.max(0, Number(a.players) || 0) }, (_, i) => ({
  uid: `00000000-0000-0000-0000-${String(i + 1).padStart(12, '0')}`,
  name: `Player${i + 1}`,
  level: 10 + i,
}));

const exit = (code: number) => {
  if (pidFile) writeFileSync(pidFile, '');
  process.exit(code);
};
const pidFile = a['pid-file'];

const sim = await startSimGameServer({
  password: a.password,
  players,
  restPort: port(a['rest-port']),
  rconPort: port(a['rcon-port']),
  version: a.version,
  exitOnShutdown: () => {
    log?.exiting();
    exit(0);
  },
});
if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);
log?.started(a.version ?? 'v1.0.3.101283', Number(new URL(sim.restUrl).port));
players.forEach((p, i) => log?.joined(p.name, `steam_7656119800000000${i}`));

const tick = setInterval(() => log?.tick(sim.control.onlineUids().length, process.memoryUsage().rss), Number(a['tick-ms']) || 5000);

process.on('SIGUSR1', () => {
  const b = Buffer.allocUnsafe((Number(a['grow-mb']) || 64) * 1024 * 1024);
  b.fill(1);
  leak.push(b);
  log?.memoryWarning(process.memoryUsage().rss);
});
process.on('SIGUSR2', () => {
  log?.crashed();
  exit(1);
});
const stop = () => {
  clearInterval(tick);
  log?.exiting();
  void sim.close().finally(() => exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write(`sim ready: rest ${sim.restUrl} rcon ${sim.rconAddr} pid ${process.pid}\n`);
