// GET /metrics: Prometheus text format 0.0.4, read with an Integration API key (the API's 401
// otherwise, one request of the key's limit), parsed by a Prometheus text-format parser.
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';

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
});
