// deploy/prometheus against Debian's real `prometheus` package: promtool accepts the scrape
// configuration and the alert rules, the rules' own unit tests pass, and a real Prometheus
// scrapes a real `serve` (watching a save, polling the simulated game) with the bearer key from
// a credentials file, so a query for players online answers from the scrape. Every query of the
// Grafana dashboard evaluates there too. Where prometheus is missing the test is skipped with a
// line saying so (.ci/run installs it and fails if it is still missing).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';
import { freePort } from '../helpers/free-port.js';
import { noteSkip } from '../helpers/skipped.js';

const DIR = join(ROOT, 'deploy', 'prometheus');
const has = (tool: string) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0;
const present = has('prometheus') && has('promtool');
if (!present)
  noteSkip('deploy: prometheus or promtool is not on this machine (apt-get install prometheus); the Prometheus test is skipped');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';
const BOB = '00000000-0000-0000-0000-000000000002';

const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: DIR, encoding: 'utf8' });

/** The shipped configuration with only what differs on this machine changed: the key file, the
 * target, a 1 s scrape, and the rule file by its absolute path. */
function configFor(target: string, keyFile: string): string {
  const shipped = readFileSync(join(DIR, 'prometheus.yml'), 'utf8');
  const out = shipped
    .replace('credentials_file: /etc/prometheus/palpanel.key', `credentials_file: ${keyFile}`)
    .replace("- targets: ['127.0.0.1:8080']", `- targets: ['${target}']`)
    .replace(/scrape_interval: 15s/, 'scrape_interval: 1s')
    .replace(/evaluation_interval: 15s/, 'evaluation_interval: 1s')
    .replace('  - palpanel-alerts.yml', `  - ${join(DIR, 'palpanel-alerts.yml')}`);
  // Each replacement must have found its line: a changed shipped file fails here, not silently.
  for (const part of [keyFile, target, 'scrape_interval: 1s', 'evaluation_interval: 1s', join(DIR, 'palpanel-alerts.yml')])
    expect(out, part).toContain(part);
  return out;
}

interface PromAnswer<T> {
  status: string;
  data: T;
  error?: string;
}
type Vector = { resultType: 'vector'; result: { metric: Record<string, string>; value: [number, string] }[] };

describe('deploy/prometheus', () => {
  it.skipIf(!present)('promtool accepts the alert rules and their unit tests pass', () => {
    const rules = promtool('check', 'rules', 'palpanel-alerts.yml');
    expect(rules.status, rules.stdout + rules.stderr).toBe(0);
    expect(rules.stdout).toContain('SUCCESS: 6 rules found');
    const tests = promtool('test', 'rules', 'palpanel-alerts.test.yml');
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
    expect(tests.stdout).toContain('SUCCESS');
  });

  it.skipIf(!present)(
    'a real Prometheus scrapes serve with the key from a file; players online answers from the scrape; the rules load; the dashboard queries evaluate',
    async () => {
      const { server, sim, key } = await startLiveServe(
        cleanup,
        {
          players: [
            { uid: ALICE, name: 'Alice', level: 3 },
            { uid: BOB, name: 'Bob', level: 5 },
          ],
        },
        { SERVICE_INTEGRATION_RATE_LIMIT: '600' },
      );
      sim.control.setOnline([ALICE, BOB]);
      const dir = tempDir('palpanel-prom-');
      const keyFile = join(dir, 'palpanel.key');
      writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
      const config = join(dir, 'prometheus.yml');
      writeFileSync(config, configFor(new URL(server.url).host, keyFile));
      const check = spawnSync('promtool', ['check', 'config', config], { encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);

      const port = await freePort();
      const prom: ChildProcess = spawn(
        'prometheus',
        [
          `--config.file=${config}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
          '--log.level=warn',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let log = '';
      prom.stderr!.on('data', (b: Buffer) => void (log = (log + b.toString()).slice(-4000)));
      const exited = new Promise<void>((r) => prom.once('exit', () => r()));
      cleanup.push(async () => {
        prom.kill('SIGTERM');
        await exited;
      });
      const api = async <T>(path: string): Promise<PromAnswer<T> | undefined> => {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/api/v1/${path}`);
          return (await r.json()) as PromAnswer<T>;
        } catch {
          return undefined; // not listening yet
        }
      };
      const query = (q: string) => api<Vector>(`query?query=${encodeURIComponent(q)}`);

      const online = await waitFor(
        'a scrape with two players online',
        async () => {
          const a = await query('palpanel_players_online{job="palpanel"}');
          const v = a?.data?.result?.[0]?.value?.[1];
          return v === '2' ? a! : undefined;
        },
        40_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; prometheus said: ${log || '(nothing)'}`);
      });
      expect(online.status).toBe('success');
      expect(online.data.result[0].metric).toMatchObject({ job: 'palpanel', instance: new URL(server.url).host });
      expect((await query('up{job="palpanel"}'))!.data.result[0].value[1]).toBe('1');
      expect((await query('palpanel_game_configured'))!.data.result[0].value[1]).toBe('1');

      // The scrape went through the key: the store marked it used.
      expect(server.store.keys.list().find((k) => k.label === 'live test')?.lastUsedAt).not.toBeNull();

      const rules = await waitFor('the rules loaded', async () => {
        const a = await api<{ groups: { name: string; rules: { name: string; health: string }[] }[] }>('rules');
        const g = a?.data?.groups.find((x) => x.name === 'palpanel');
        return g && g.rules.every((r) => r.health === 'ok') ? g : undefined;
      });
      expect(rules.rules.map((r) => r.name)).toEqual([
        'PalpanelDown',
        'PalworldGameUnreachable',
        'PalworldWorldNotReRead',
        'PalpanelParseFailing',
        'PalpanelSaveUnreadable',
        'PalpanelNoRecentBackup',
      ]);

      const dashboard = JSON.parse(readFileSync(join(DIR, 'grafana-dashboard.json'), 'utf8')) as {
        panels: { title: string; targets: { expr: string }[] }[];
      };
      for (const p of dashboard.panels) {
        for (const t of p.targets) {
          const a = await query(t.expr.replaceAll('$instance', '.*'));
          expect(a?.status, `${p.title}: ${t.expr}: ${a?.error}`).toBe('success');
        }
      }
      // The players panel reads the scraped figure.
      const panel = dashboard.panels.find((p) => p.title === 'Players online' && p.targets.length === 2)!;
      expect((await query(panel.targets[0].expr.replaceAll('$instance', '.*')))!.data.result[0].value[1]).toBe('2');
    },
    90_000,
  );
});
