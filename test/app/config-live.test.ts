// Issue 27 over real HTTP: `palpanel serve` beside the simulated game, editing a compose file.
// Two admins editing at once no longer overwrite each other: GET /config carries the file's
// version as an ETag, and a PUT naming an older version in If-Match is refused 412
// `precondition_failed` with the file left as the other admin saved it (a PUT without If-Match
// still goes ahead). Each setting carries the value the running game reports (its REST
// `/v1/api/settings`) beside the file's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const COMPOSE = `# the game beside its panel
services:
  palworld:
    image: thijsvanloef/palworld-server-docker:latest
    environment:
      PLAYERS: 32         # the game runs with 32 as well
      EXP_RATE: 2         # edited, not applied yet: the game runs with 1
      SERVER_NAME: "Night Owls"
      DEATH_PENALTY: Item
      CROSSPLAY_PLATFORMS: (Steam,Xbox,PS5,Mac)
      ADMIN_PASSWORD: "compose-admin-pw"
      TZ: UTC             # writes no game setting
`;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
type Json = any;

async function serve(env: Record<string, string>) {
  const server: RunningServer = await startServe({
    settings: testSettings(tempDir(), env),
    log: createLogger('text', () => {}),
    version: 'test',
    ready: () => {},
  });
  cleanup.push(() => server.stop());
  const base = `${server.url}/api/v1`;
  const signIn = async (username: string, role: 'admin' | 'viewer') => {
    server.store.users.add(username, role, `${username}-long-passphrase-9`, 'cli');
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(base),
      body: JSON.stringify({ username, password: `${username}-long-passphrase-9` }),
    });
    return res.headers.get('set-cookie')!.split(';')[0];
  };
  const call = async (cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(base, body !== undefined)), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, etag: res.headers.get('etag'), json: (await res.json()) as Json };
  };
  return { server, signIn, call };
}

function composeFile(): string {
  const file = join(tempDir(), 'compose.yaml');
  writeFileSync(file, COMPOSE);
  return file;
}

describe('the configuration editor beside the game, over HTTP', () => {
  it('two admins at once: the second save, made on the version before the first, is refused 412 and changes nothing', async () => {
    const file = composeFile();
    const { signIn, call } = await serve({ SERVICE_CONFIG_FILE: file });
    const alice = await signIn('alice', 'admin');
    const bob = await signIn('bob', 'admin');

    const a = await call(alice, 'GET', '/config');
    const b = await call(bob, 'GET', '/config');
    expect(a.status).toBe(200);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(b.etag).toBe(a.etag);
    expect(a.json.data.version).toBe(a.etag!.slice(1, -1));

    const saved = await call(alice, 'PUT', '/config', { EXP_RATE: 3 }, { 'if-match': a.etag! });
    expect(saved.status).toBe(200);
    expect(saved.etag).not.toBe(a.etag);
    const afterAlice = COMPOSE.replace('EXP_RATE: 2 ', 'EXP_RATE: 3 ');
    expect(readFileSync(file, 'utf8')).toBe(afterAlice);

    // Bob saves on what he read: refused, in words, and Alice's change stands.
    const refused = await call(bob, 'PUT', '/config', { EXP_RATE: 5, PLAYERS: 16 }, { 'if-match': b.etag! });
    expect(refused.status).toBe(412);
    expect(refused.json.error).toEqual({ code: 'precondition_failed', message: expect.stringMatching(/changed since you read it/) });
    expect(readFileSync(file, 'utf8')).toBe(afterAlice);

    // A weak tag never matches; `*` and the current version do.
    expect((await call(bob, 'PUT', '/config', { PLAYERS: 16 }, { 'if-match': `W/${saved.etag}` })).status).toBe(412);
    const again = await call(bob, 'PUT', '/config', { PLAYERS: 16 }, { 'if-match': `"other", ${saved.etag}` });
    expect(again.status).toBe(200);
    expect((await call(bob, 'PUT', '/config', { PLAYERS: 20 }, { 'if-match': '*' })).status).toBe(200);

    // An edit by hand is a change of version too.
    const before = await call(alice, 'GET', '/config');
    writeFileSync(file, readFileSync(file, 'utf8').replace('TZ: UTC', 'TZ: Europe/Paris'));
    expect((await call(alice, 'PUT', '/config', { PLAYERS: 10 }, { 'if-match': before.etag! })).status).toBe(412);
    expect(readFileSync(file, 'utf8')).toContain('PLAYERS: 20 ');

    // Without If-Match, a save goes ahead as before.
    const blind = await call(alice, 'PUT', '/config', { PLAYERS: 10 });
    expect(blind.status).toBe(200);
    expect(readFileSync(file, 'utf8')).toContain('PLAYERS: 10 ');
    expect(blind.etag).toBe((await call(bob, 'GET', '/config')).etag);
  });

  it('pending beside effective: each setting with the value the running game reports, null where it says none', async () => {
    const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: false, serverName: 'Palpanel Sim Server' });
    cleanup.push(() => sim.close());
    const { signIn, call } = await serve({
      SERVICE_CONFIG_FILE: composeFile(),
      SERVICE_GAME_REST_URL: sim.restUrl,
      SERVICE_GAME_ADMIN_PASSWORD: sim.password,
    });
    const viewer = await signIn('vera', 'viewer');
    const got = await call(viewer, 'GET', '/config');
    expect(got.status).toBe(200);
    expect(got.json.data.effectiveFrom).toBe('game');
    const pairs = Object.fromEntries(
      (got.json.data.settings as { key: string; value: unknown; effective: unknown }[]).map((s) => [s.key, [s.value, s.effective]]),
    );
    expect(pairs).toEqual({
      PLAYERS: [32, 32],
      EXP_RATE: [2, 1],
      SERVER_NAME: ['Night Owls', 'Palpanel Sim Server'],
      DEATH_PENALTY: ['Item', 'Item'],
      CROSSPLAY_PLATFORMS: [
        ['Steam', 'Xbox', 'PS5', 'Mac'],
        ['Steam', 'Xbox', 'PS5', 'Mac'],
      ],
      ADMIN_PASSWORD: [null, null],
      TZ: ['UTC', null],
    });
    expect(JSON.stringify(got.json)).not.toContain('compose-admin-pw');
    expect(JSON.stringify(got.json)).not.toContain(sim.password);
    // The game's settings are read once a minute at most, however often the screen asks.
    const reads = () => sim.control.requestCounts()['/v1/api/settings'] ?? 0;
    const first = reads();
    expect(first).toBe(1);
    await call(viewer, 'GET', '/config');
    await call(viewer, 'GET', '/config');
    expect(reads()).toBe(first);
  });

  it('a game that does not answer, and none configured: every effective value null, said which', async () => {
    const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: false });
    const gone = sim.restUrl;
    await sim.close();
    const down = await serve({ SERVICE_CONFIG_FILE: composeFile(), SERVICE_GAME_REST_URL: gone, SERVICE_GAME_ADMIN_PASSWORD: 'x' });
    const got = await down.call(await down.signIn('ann', 'admin'), 'GET', '/config');
    expect(got.json.data.effectiveFrom).toBe('unreachable');
    expect(got.json.data.settings.every((s: { effective: unknown }) => s.effective === null)).toBe(true);

    const alone = await serve({ SERVICE_CONFIG_FILE: composeFile() });
    const got2 = await alone.call(await alone.signIn('ann', 'admin'), 'GET', '/config');
    expect(got2.json.data.effectiveFrom).toBe('not_configured');
  });
});
