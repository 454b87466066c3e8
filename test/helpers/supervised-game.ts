// The simulated game as a real process (src/demo/sim/process-main.ts) under Debian's supervisord,
// the restarting supervisor the crash, restart and start tests stand in for systemd with (systemd
// cannot run as PID 1 here). The game gets fixed ports (a restart comes back where it was), a
// process name of its own (what SERVICE_GAME_PROCESS names), a PalServer.log-like file and a pid
// file; `ctl` runs supervisorctl against this supervisord only.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { ROOT } from './paths.js';
import { tempDir } from './temp.js';
import { waitFor } from './wait.js';

export const SUPERVISORD = '/usr/bin/supervisord';
export const haveSupervisord = () => existsSync(SUPERVISORD) && existsSync('/usr/bin/supervisorctl');

export interface SupervisedGame {
  dir: string;
  restUrl: string;
  password: string;
  /** The game's process name, as /proc/<pid>/comm shows it. */
  title: string;
  logFile: string;
  conf: string;
  /** The running game's pid (its pid file), or null while it is down. */
  pid(): number | null;
  /** supervisorctl with this supervisord's config. */
  ctl(...args: string[]): string;
  /** The game answers its REST API. */
  answers(): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startSupervisedGame(opts: { autorestart?: boolean } = {}): Promise<SupervisedGame> {
  const dir = tempDir('pp-sup-');
  const [restPort, rconPort] = [await freePort(), await freePort()];
  const title = `PalSim${process.pid % 100000}${Math.floor(Math.random() * 1000)}`.slice(0, 15);
  const logFile = join(dir, 'PalServer.log');
  const pidFile = join(dir, 'game.pid');
  const node = join(ROOT, 'node_modules/.bin/node');
  const conf = join(dir, 'supervisord.conf');
  writeFileSync(
    conf,
    [
      '[unix_http_server]',
      `file=${join(dir, 's.sock')}`,
      '[supervisord]',
      `logfile=${join(dir, 'supervisord.log')}`,
      `pidfile=${join(dir, 'supervisord.pid')}`,
      `childlogdir=${dir}`,
      'nodaemon=true',
      '[rpcinterface:supervisor]',
      'supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface',
      '[supervisorctl]',
      `serverurl=unix://${join(dir, 's.sock')}`,
      '[program:palserver]',
      `command=${node} --import tsx ${join(ROOT, 'src/demo/sim/process-main.ts')} --rest-port ${restPort} --rcon-port ${rconPort} --title ${title} --log ${logFile} --pid-file ${pidFile} --tick-ms 300 --grow-mb 96`,
      `directory=${ROOT}`,
      'autostart=true',
      `autorestart=${opts.autorestart === false ? 'false' : 'true'}`,
      'startsecs=1',
      'startretries=20',
      'stopsignal=TERM',
      'stopwaitsecs=5',
      `stdout_logfile=${join(dir, 'game.out')}`,
      'redirect_stderr=true',
      '',
    ].join('\n'),
  );
  const sup: ChildProcess = spawn(SUPERVISORD, ['-n', '-c', conf], { stdio: 'ignore' });
  const restUrl = `http://127.0.0.1:${restPort}`;
  const password = 'sim-admin-password';
  const answers = async () => {
    try {
      const r = await fetch(`${restUrl}/v1/api/info`, {
        headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` },
        signal: AbortSignal.timeout(1000),
      });
      return r.ok;
    } catch {
      return false;
    }
  };
  const pid = () => {
    try {
      const m = /^(\d+)/.exec(readFileSync(pidFile, 'utf8'));
      return m && existsSync(`/proc/${m[1]}`) ? Number(m[1]) : null;
    } catch {
      return null;
    }
  };
  await waitFor('the supervised game to answer', async () => ((await answers()) && pid() !== null ? true : undefined), 30_000);
  return {
    dir,
    restUrl,
    password,
    title,
    logFile,
    conf,
    pid,
    ctl: (...args) => execFileSync('/usr/bin/supervisorctl', ['-c', conf, ...args], { encoding: 'utf8' }),
    answers,
    async stop() {
      if (sup.exitCode !== null) return;
      const gone = new Promise((r) => sup.once('exit', r));
      sup.kill('SIGTERM');
      await gone;
    },
  };
}
