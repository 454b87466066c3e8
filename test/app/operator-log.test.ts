// What serve writes to its log for an operator (issue 15): the settings in force with secrets
// masked, the game's state with the reason (a refused password is not "unreachable"), joins and
// leaves, key changes and failed logins in a line fail2ban can match, and JSON on every line
// when asked.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { docsFail2banFilter } from '../helpers/fail2ban.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const ALICE = '00000000-0000-0000-0000-000000000001';
const open: { server?: RunningServer; sim?: SimGameServer }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.server?.stop();
    await o.sim?.close();
  }
});

async function serveWith(format: 'text' | 'json', password?: string, name = 'Alice') {
  const sim = await startSimGameServer({ churnPeriodMs: 0, players: [{ uid: ALICE, name, level: 3 }] });
  sim.control.setOnline([]);
  const lines: string[] = [];
  const settings = testSettings(tempDir(), {
    SERVICE_GAME_REST_URL: sim.restUrl,
    SERVICE_GAME_ADMIN_PASSWORD: password ?? sim.password,
    SERVICE_POLL_INTERVAL: '50ms',
    SERVICE_LOG_FORMAT: format,
  });
  const server = await startServe({ settings, log: createLogger(format, (l) => lines.push(l)), version: 'test', ready: () => {} });
  open.push({ server, sim });
  return { sim, server, lines };
}

describe('the operator log', () => {
  it('settings with secrets masked; joins, leaves, key changes; failed logins for fail2ban', async () => {
    const { sim, server, lines } = await serveWith('text');
    const settings = lines.find((l) => l.includes('settings: '))!;
    expect(settings).toContain('SERVICE_GAME_ADMIN_PASSWORD=(set)');
    expect(settings).toContain('SERVICE_POLL_INTERVAL=50ms');
    expect(settings).not.toContain(sim.password);
    await waitFor('reachable', () => lines.find((l) => l.includes('game REST API: reachable')));
    sim.control.setOnline([ALICE]);
    await waitFor('the join', () => lines.find((l) => l.includes('join: Alice joined the server')));
    sim.control.setOnline([]);
    await waitFor('the leave', () => lines.find((l) => l.includes('leave: Alice left the server')));
    const key = server.store.keys.create('grafana', 'cli');
    expect(lines.find((l) => l.includes(`audit: cli: create integration key ${key.id} (grafana)`))).toBeDefined();
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(server.url),
      body: JSON.stringify({ username: 'mallory\u001b[2J', password: 'guess-guess-guess' }),
    });
    expect(res.status).toBe(401);
    const failed = lines.filter((l) => l.includes('panel login failed'));
    expect(failed).toHaveLength(1);
    // The fail2ban filter docs/monitoring.md gives matches it and captures the address.
    expect(failed[0]).toMatch(/ warn {2}panel login failed from 127\.0\.0\.1: user "mallory\\u\{1b\}\[2J"\n$/);
    expect(docsFail2banFilter().host(failed[0])).toBe('127.0.0.1');
  });

  it('a player name or a username with a line break cannot forge a line the fail2ban filter reads', async () => {
    const forged = (tail: string) => `\n${new Date().toISOString()} warn  panel login failed from 6.6.6.6: user "${tail}"`;
    // A name is cut to 64 characters: room for the words alone.
    const { sim, server, lines } = await serveWith('text', undefined, 'M\npanel login failed from 6.6.6.6: user "m"');
    sim.control.setOnline([ALICE]);
    await waitFor('the join', () => lines.find((l) => l.includes('join: M')));
    for (const username of [`eve${forged('e')}`, `eve\r${forged('r').slice(1)}`, `eve\u2028${forged('u').slice(1)}`]) {
      const res = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: fromPanelPage(server.url),
        body: JSON.stringify({ username, password: 'guess-guess-guess' }),
      });
      expect(res.status).toBe(401);
    }
    // Split as a file is: every physical line.
    const physical = lines.join('').split(/\r\n|\r|\n|\u2028/);
    const filter = docsFail2banFilter();
    const hosts = physical.map((l) => filter.host(l)).filter((h) => h !== null);
    expect(hosts).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    expect(lines.every((l) => l.indexOf('\n') === l.length - 1)).toBe(true);
  });

  it('a refused admin password is logged as such, once, not as "unreachable"', async () => {
    const { sim, lines } = await serveWith('text', 'not-the-password');
    await waitFor('the refusal', () => lines.find((l) => l.includes('game REST API: unauthorized')));
    // Several more polls, each refused, counted by the game itself.
    const polls = () => Object.values(sim.control.requestCounts()).reduce((a, b) => a + b, 0);
    const after = polls();
    await waitFor('three more polls', () => (polls() >= after + 3 ? true : undefined));
    const refused = lines.filter((l) => l.includes('game REST API'));
    expect(refused).toEqual([
      expect.stringContaining('game REST API: unauthorized: the game refused the admin password (SERVICE_GAME_ADMIN_PASSWORD)'),
    ]);
  });

  it('with SERVICE_LOG_FORMAT=json every line is one JSON object', async () => {
    const { sim, lines } = await serveWith('json');
    sim.control.setOnline([ALICE]);
    await waitFor('the join', () => lines.find((l) => l.includes('joined the server')));
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines)
      expect(JSON.parse(l)).toMatchObject({ at: expect.any(String), level: expect.any(String), msg: expect.any(String) });
  });
});
