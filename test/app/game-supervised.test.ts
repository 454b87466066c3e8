// The game operated (issue 40) against the simulated game as a real process under supervisord:
// its figures read from /proc of that process, a killed game is a crash with its log tail and its
// return is seen, a game that stays down is failing in the diagnostics, and Start runs the start
// command once and never while the game answers.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { createLogger } from '../../src/lib/logger.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { testSettings } from '../helpers/settings.js';
import { noteSkip } from '../helpers/skipped.js';
import { haveSupervisord, startSupervisedGame, type SupervisedGame } from '../helpers/supervised-game.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';

const have = haveSupervisord();
if (!have) noteSkip('test/app/game-supervised.test.ts skipped: supervisord is not installed (apt-get install supervisor)');

const ADMIN = { username: 'admin', password: 'admin-password-1' };

describe.skipIf(!have)('the game under a supervisor', () => {
  let game: SupervisedGame;
  let server: RunningServer;
  let cookie = '';
  let startCount = '';
  let key = '';

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
  const api = async (method: string, path: string): Promise<{ status: number; json: any }> => {
    const res = await fetch(`${server.url}/api/v1${path}`, { method, headers: { ...fromPanelPage(server.url, method !== 'GET'), cookie } });
    return { status: res.status, json: await res.json().catch(() => null) };
  };
  const crashes = async () => (await api('GET', '/server/crashes')).json.data;
  const resources = async () => (await api('GET', '/server/resources')).json.data;
  const startRuns = () => readFileSync(startCount, 'utf8').split('\n').filter(Boolean).length;

  beforeAll(async () => {
    game = await startSupervisedGame();
    const dir = tempDir();
    // The start command: a script that counts its runs, then asks the supervisor (as
    // `sudo systemctl start palworld` asks systemd).
    startCount = join(dir, 'starts');
    writeFileSync(startCount, '');
    const script = join(dir, 'start-game');
    writeFileSync(script, `#!/bin/sh\necho run >> ${startCount}\nexec /usr/bin/supervisorctl -c ${game.conf} start palserver\n`);
    chmodSync(script, 0o755);
    server = await startServe({
      settings: testSettings(dir, {
        SERVICE_GAME_REST_URL: game.restUrl,
        SERVICE_GAME_ADMIN_PASSWORD: game.password,
        SERVICE_POLL_INTERVAL: '200ms',
        SERVICE_GAME_PROCESS: game.title,
        SERVICE_GAME_LOG: game.logFile,
        SERVICE_GAME_START_COMMAND: script,
        SERVICE_GAME_DOWN_BOUND: '2s',
        // Part B's policy: past 400 MiB resident, a restart with a 2 s countdown.
        SERVICE_RESTART_MEMORY: '400MiB',
        SERVICE_RESTART_WARNING: '2s',
      }),
      log: createLogger('text', () => {}),
      version: 't',
      ready: () => {},
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(server.url),
      body: JSON.stringify(ADMIN),
    });
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    key = server.store.keys.create('metrics', 'cli').key;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await game?.stop();
  });

  it('reads the game process from /proc: its pid, resident memory and threads, and its memory driven up', async () => {
    const pid = game.pid()!;
    const r = await waitFor('the game process seen', async () => {
      const d = await resources();
      return d.game?.pid === pid ? d : undefined;
    });
    expect(r.gameHidden).toBeNull();
    const vmRss = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
    expect(Math.abs(r.game.rssBytes - vmRss) / vmRss).toBeLessThan(0.3);
    expect(r.game.threads).toBeGreaterThan(1);
    expect(r.host.memTotalBytes).toBeGreaterThan(r.host.memAvailableBytes);
    // The leak: 96 MiB more resident after one SIGUSR1.
    process.kill(pid, 'SIGUSR1');
    await waitFor('the memory grown', async () =>
      (await resources()).game?.rssBytes > r.game.rssBytes + 80 * 1024 ** 2 ? true : undefined,
    );
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).text();
    expect(metrics).toMatch(/^palpanel_game_process_resident_bytes \d+/m);
    expect(metrics).toMatch(/^palpanel_game_process_cpu_seconds_total [\d.]+/m);
    expect(metrics).toMatch(/^palpanel_host_memory_total_bytes \d+/m);
  }, 30_000);

  it('refuses Start while the game answers, and runs nothing', async () => {
    const r = await api('POST', '/server/start');
    expect(r.status).toBe(409);
    expect(r.json.error.message).toMatch(/stopped game/);
    expect(startRuns()).toBe(0);
  });

  it('sees a killed game process as a crash with its log tail, and its return', async () => {
    const before = (await crashes()).total;
    const pid = game.pid()!;
    process.kill(pid, 'SIGKILL');
    const c = await waitFor('the crash recorded', async () => {
      const d = await crashes();
      return d.total > before ? d.recent[0] : undefined;
    });
    expect(c.cause).toBe('process_gone');
    expect(c.rssBytes).toBeGreaterThan(50 * 1024 ** 2);
    expect(c.uptimeSec).not.toBeNull();
    expect(c.logTail.length).toBeGreaterThan(0);
    expect(c.logTail.join('\n')).toMatch(/LogPal/);
    const ev = await api('GET', '/events?kind=crash');
    expect(ev.json.data.some((e: { message: string }) => /crashed: its process ended/.test(e.message))).toBe(true);
    // supervisord starts it again: the return is seen.
    const back = await waitFor(
      'the return',
      async () => ((await crashes()).recent[0].returnedAt ? (await crashes()).recent[0] : undefined),
      30_000,
    );
    expect(back.downtimeSec).toBeGreaterThanOrEqual(0);
    expect(game.pid()).not.toBe(pid);
    const ev2 = await api('GET', '/events?kind=crash');
    expect(ev2.json.data.some((e: { message: string }) => /back after a crash/.test(e.message))).toBe(true);
  }, 60_000);

  it('calls a game that stays down failing in the diagnostics, and Start brings it back, running the command once', async () => {
    game.ctl('stop', 'palserver');
    const ch = await waitFor(
      'the game channel failing',
      async () => {
        const d = (await api('GET', '/diagnostics')).json.data;
        const g = d.channels.find((c: { id: string }) => c.id === 'game');
        return g.state === 'failing' ? g : undefined;
      },
      30_000,
    );
    expect(ch.words).toMatch(/has not come back/);
    expect(ch.advice).toMatch(/systemctl status/);
    expect((await crashes()).down.failing).toBe(true);
    const r = await api('POST', '/server/start');
    expect(r.status).toBe(200);
    expect(r.json.data.exitCode).toBe(0);
    expect(r.json.data.output).toMatch(/palserver: started/);
    expect(startRuns()).toBe(1);
    await waitFor('the game back', async () => ((await game.answers()) ? true : undefined), 30_000);
    await waitFor('the return seen', async () => ((await crashes()).down === null ? true : undefined), 30_000);
    // Up again: a second Start is refused and runs nothing.
    await waitFor('palpanel seeing it up', async () => ((await api('GET', '/server')).json.data.state === 'running' ? true : undefined));
    const again = await api('POST', '/server/start');
    expect(again.status).toBe(409);
    expect(startRuns()).toBe(1);
    const state = (await api('GET', '/server/start')).json.data;
    expect(state.last.output).toMatch(/started/);
  }, 90_000);

  it('restarts the game past its memory bound: a countdown, a shutdown palpanel asked for (no crash), and the supervisor brings it back', async () => {
    const before = (await crashes()).total;
    const pid = game.pid()!;
    await waitFor('the game process seen', async () => ((await resources()).game?.pid === pid ? true : undefined));
    // One signal at a time: signals sent together coalesce into one.
    for (let i = 0; i < 4; i++) {
      const rss = (await resources()).game.rssBytes;
      process.kill(pid, 'SIGUSR1');
      await waitFor('the memory grown', async () => ((await resources()).game?.rssBytes > rss + 80 * 1024 ** 2 ? true : undefined));
    }
    // The policy looks every 15 s.
    const ev = await waitFor(
      'the restart event',
      async () => {
        const e = (await api('GET', '/events?kind=restart')).json.data;
        return e.length > 0 ? e[e.length - 1] : undefined;
      },
      45_000,
    );
    expect(ev.message).toMatch(/memory/i);
    await waitFor(
      'a new game process',
      async () => (game.pid() !== null && game.pid() !== pid && (await game.answers()) ? true : undefined),
      60_000,
    );
    await waitFor('the new process seen', async () => ((await resources()).game?.pid === game.pid() ? true : undefined));
    expect((await crashes()).total).toBe(before);
  }, 90_000);
});
