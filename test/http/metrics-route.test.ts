// GET /metrics: Prometheus text format 0.0.4, read with an Integration API key (the API's 401
// otherwise, one request of the key's limit), parsed by a Prometheus text-format parser.
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { SYSTEM } from '../../src/domain/actor.js';
import { startServe } from '../../src/app/serve.js';
import { tempDir } from '../helpers/cli.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN } from './panel-harness.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';
const BOB = '00000000-0000-0000-0000-000000000002';

const value = (fams: PromFamily[], name: string, labels?: Record<string, string>): number | undefined => {
  const f = fams.find((x) => x.name === name);
  const s = f?.metrics.find((m) => !labels || Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return s === undefined ? undefined : Number(s.value);
};

describe('GET /metrics', () => {
  it('players, FPS, frame time, uptime, world counts, parse figures, poll failures, requests by route and status', async () => {
    const { server, key, sim } = await startLiveServe(
      cleanup,
      {
        players: [
          { uid: ALICE, name: 'Alice', level: 3 },
          { uid: BOB, name: 'Bob', level: 5 },
        ],
      },
      { SERVICE_INTEGRATION_RATE_LIMIT: '1000' },
    );
    sim.control.setOnline([ALICE, BOB]);
    const auth = { authorization: `Bearer ${key}` };
    await waitFor('a parsed world', () => (server.store.world.parseInfo().lastParseAt ? true : undefined));
    await waitFor('two online', () => (server.live.snapshot().players.length === 2 ? true : undefined));
    expect((await fetch(`${server.url}/api/integration/v1/players`, { headers: auth })).status).toBe(200);
    await fetch(`${server.url}/api/integration/v1/players/00000000-0000-0000-0000-00000000beef`, { headers: auth }); // a 404 of a template
    const res = await fetch(`${server.url}/metrics`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const fams = parsePrometheusTextFormat(await res.text());
    expect(value(fams, 'palpanel_game_reachable')).toBe(1);
    expect(value(fams, 'palpanel_players_online')).toBe(2);
    expect(value(fams, 'palpanel_game_fps')).toBeGreaterThan(0);
    expect(value(fams, 'palpanel_game_frame_time_milliseconds')).toBeGreaterThan(0);
    expect(value(fams, 'palpanel_game_uptime_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(fams, 'palpanel_world_pals')).toBe(server.store.world.parseInfo().pals);
    expect(value(fams, 'palpanel_world_guilds')).toBe(server.store.world.parseInfo().guilds);
    expect(value(fams, 'palpanel_parse_duration_seconds')).toBeGreaterThan(0);
    expect(value(fams, 'palpanel_parse_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(fams, 'palpanel_poll_failures_total')).toBe(0);
    expect(fams.find((f) => f.name === 'palpanel_http_requests_total')!.type).toBe('COUNTER');
    expect(value(fams, 'palpanel_http_requests_total', { route: '/api/integration/v1/players', status: '200' })).toBeGreaterThanOrEqual(1);
    // Templates, never raw paths.
    expect(value(fams, 'palpanel_http_requests_total', { route: '/api/integration/v1/players/{uid}', status: '404' })).toBe(1);
    expect(JSON.stringify(fams)).not.toContain('beef');
  });

  it('the Integration API 401 without a valid key, 405 for another method; a scrape is one request of the key', async () => {
    const { server, key } = await startLiveServe(cleanup, { players: [] }, { SERVICE_INTEGRATION_RATE_LIMIT: '2' });
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toEqual({ error: { code: 'unauthorized', message: 'A valid API key is required.' } });
    expect((await fetch(`${server.url}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${key}` } })).status).toBe(405);
    const auth = { authorization: `Bearer ${key}` };
    expect((await fetch(`${server.url}/metrics`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${server.url}/api/integration/v1/server`, { headers: auth })).status).toBe(200);
    const limited = await fetch(`${server.url}/metrics`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('what the alert rules read: the game configured, when the world was parsed, how far it is behind the save, save problems, the last parse, the newest backup by trigger, the schedule', async () => {
    const { server, key } = await startLiveServe(cleanup, { players: [] }, { SERVICE_INTEGRATION_RATE_LIMIT: '1000' });
    await waitFor('a parsed world', () => (server.store.world.parseInfo().lastParseAt ? true : undefined));
    const scrape = async () =>
      parsePrometheusTextFormat(await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).text());
    let fams = await scrape();
    expect(value(fams, 'palpanel_game_configured')).toBe(1);
    expect(value(fams, 'palpanel_world_last_parse_timestamp_seconds')).toBe(Date.parse(server.store.world.parseInfo().lastParseAt!) / 1000);
    expect(value(fams, 'palpanel_world_save_behind_seconds')).toBe(0);
    expect(value(fams, 'palpanel_world_save_stale')).toBe(0);
    expect(value(fams, 'palpanel_save_problem')).toBe(0);
    expect(value(fams, 'palpanel_parse_last_success')).toBe(1);
    // No backup yet and the schedule off: neither series is there (absent, not a misleading 0).
    expect(fams.find((f) => f.name === 'palpanel_backup_last_timestamp_seconds')?.metrics ?? []).toEqual([]);
    expect(value(fams, 'palpanel_backup_schedule_interval_seconds')).toBeUndefined();

    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const cookie = (
      (
        await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(server.url), body: JSON.stringify(ADMIN) })
      ).headers.get('set-cookie') ?? ''
    ).split(';')[0];
    const started = (await (
      await fetch(`${server.url}/api/v1/backups`, { method: 'POST', headers: { cookie, ...fromPanelPage(server.url, false) } })
    ).json()) as {
      data: { id: string };
    };
    const done = await waitFor(
      'the backup',
      async () => {
        const r = (await (await fetch(`${server.url}/api/v1/backups/${started.data.id}`, { headers: { cookie } })).json()) as {
          data: { state: string; backup: { createdAt: string } | null };
        };
        return r.data.state === 'done' ? r.data.backup! : undefined;
      },
      30_000,
    );
    server.store.backupSettings.setSchedule({ enabled: true, intervalHours: 6, retentionDays: 7 }, SYSTEM);
    fams = await scrape();
    expect(value(fams, 'palpanel_backup_last_timestamp_seconds', { trigger: 'manual' })).toBe(Date.parse(done.createdAt) / 1000);
    expect(value(fams, 'palpanel_backup_schedule_interval_seconds')).toBe(6 * 3600);
  });

  it('without a game URL the game is "not configured" (0), not a game that is down, and the save figures stay absent', async () => {
    const server = await startServe({
      settings: testSettings(tempDir()),
      log: createLogger('text', () => {}),
      version: 't',
      ready: () => {},
    });
    cleanup.push(() => server.stop());
    const { key } = server.store.keys.create('metrics', 'cli');
    const fams = parsePrometheusTextFormat(
      await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).text(),
    );
    expect(value(fams, 'palpanel_game_configured')).toBe(0);
    expect(value(fams, 'palpanel_game_reachable')).toBe(0);
    for (const name of ['palpanel_save_problem', 'palpanel_world_save_behind_seconds', 'palpanel_parse_last_success'])
      expect(value(fams, name), name).toBeUndefined();
  });
});
