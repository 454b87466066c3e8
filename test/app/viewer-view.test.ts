// What a viewer sees, through `serve` itself over real sockets: the simulated game server (its
// `/settings` answer holding passwords, RCON on), a synthetic world with base workers the game
// data links, and an env-file configuration full of secrets, after an admin has typed secrets
// into the console and made keys and webhooks.
// - Issue 28, finding 6: a walk of every GET route of the panel's route table as a viewer (and of
//   the Integration API's as a key holder) finds none of those secrets in any answer.
// - Issue 28, finding 7: for every Integration API route the spec lists, every value a key holder
//   gets is on the panel for a viewer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { writeSyntheticWorld } from '../../src/demo/world-gen/index.js';
import { integrationTable } from '../../src/http/integration/routes.js';
import { panelTable } from '../../src/http/panel/routes.js';
import type { AnyRoute } from '../../src/http/routes/route.js';
import { createLogger } from '../../src/lib/logger.js';
import { openSse } from '../http/sse-client.js';
import { tempDir } from '../helpers/cli.js';
import { liveSettings } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are walked member by member */

const ADMIN = { username: 'root', password: 'a-long-admin-passphrase-1' };
const VIEWER = { username: 'watcher', password: 'a-long-viewer-passphrase-2' };

/** Secrets in the deployment's env file, by line. */
const ENV_FILE = [
  '# palworld-server-docker',
  'PLAYERS=16',
  'SERVER_NAME="Secret-free name"',
  'ADMIN_PASSWORD=envfile-admin-pw-1',
  'SERVER_PASSWORD="envfile-join-pw-2"',
  'RCON_PASSWORD=envfile-rcon-pw-3',
  'DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/123/envfile-webhook-tok-4',
  "STEAM_API_KEY='envfile-steam-key-5'",
  'export BACKUP_S3_SECRET=envfile-s3-secret-6',
  'GITHUB_TOKEN=envfile-gh-token-7',
  '# ADMIN_PASSWORD=envfile-old-pw-8',
  'TZ=UTC',
  '',
].join('\n');

/** Settings the game's `/settings` answer holds (a build or a proxy that lists them). */
const GAME_SETTINGS = { AdminPassword: 'settings-admin-pw-9', ServerPassword: 'settings-join-pw-10', RCONPassword: 'settings-rcon-pw-11' };

/** What the admin does that a viewer must never read back: console secrets (and the game's
 * echo of them), a key label, a webhook's host and token, a password written through /config. */
const ADMIN_SECRETS = [
  'console-secret-12',
  'console-secret-13',
  'console-secret-14',
  'label-secret-15',
  'hook-secret-16',
  'hook-token-17',
  'put-secret-18',
];

describe('what a viewer sees', () => {
  let sim: SimGameServer;
  let server: RunningServer;
  let key: string;
  let admin: string;
  let viewer: string;
  let linked: number;
  const secrets: string[] = [];

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, origin: server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined };
  };
  const asViewer = async (path: string) => (await call(viewer, 'GET', `/api/v1${path}`)).json;
  const asKey = async (path: string) => {
    const res = await fetch(`${server.url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, text: await res.text() };
  };
  const signIn = async (c: typeof ADMIN) => {
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(c),
    });
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0];
  };

  beforeAll(async () => {
    const saveDir = tempDir('palpanel-save-');
    const world = writeSyntheticWorld(saveDir, { seed: 7, players: 4, pals: 120 });
    const basePals = world.expected.pals.filter((p) => p.placement === 'base');
    linked = basePals.length;
    sim = await startSimGameServer({
      seed: 7,
      churnPeriodMs: 0,
      players: world.expected.players.map((p) => ({ uid: p.uid, name: p.name, level: p.level })),
      basePals: basePals.map((p) => ({ instanceId: p.instanceId, characterId: p.characterId, level: p.level })),
      extraSettings: GAME_SETTINGS,
    });
    const configFile = join(tempDir(), '.env');
    writeFileSync(configFile, ENV_FILE);
    const settings = liveSettings(saveDir, sim, {
      SERVICE_GAME_DATA: 'on',
      SERVICE_GAME_DATA_INTERVAL: '100ms',
      SERVICE_INTEGRATION_RATE_LIMIT: '100000',
      SERVICE_RCON_ADDR: sim.rconAddr,
      SERVICE_RCON_PASSWORD: sim.password,
      SERVICE_CONFIG_FILE: configFile,
    });
    server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    key = server.store.keys.create('viewer-view test', 'cli').key;
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    admin = await signIn(ADMIN);
    viewer = await signIn(VIEWER);
    secrets.push(
      ...[...ENV_FILE.matchAll(/envfile-[a-z0-9-]+/g)].map((m) => m[0]),
      ...Object.values(GAME_SETTINGS),
      ...ADMIN_SECRETS,
      sim.password,
      key,
    );

    await waitFor('the parse, the game and its linked workers', async () => {
      const s = JSON.parse((await asKey('/world/summary')).text).data;
      const srv = JSON.parse((await asKey('/server')).text).data;
      return srv.state === 'running' && srv.save.state === 'ok' && s.state === 'ready' && s.linkedBasePals === linked ? true : undefined;
    });

    // The admin's day: secrets typed into the console (the sim echoes unknown commands back),
    // a key and a webhook made, a password written through the configuration editor, a backup.
    for (const command of [
      'AdminPassword:console-secret-12',
      'Broadcast AdminPassword=console-secret-13',
      '\u200BAdminPassword console-secret-14',
    ])
      expect((await call(admin, 'POST', '/api/v1/console/exec', { command })).status).toBe(200);
    expect((await call(admin, 'POST', '/api/v1/integration-keys', { label: 'label-secret-15' })).status).toBe(201);
    server.store.webhooks.add('json', 'https://hook-secret-16.example.org/in/hook-token-17', 'user:root');
    expect((await call(admin, 'PUT', '/api/v1/config', { RCON_PASSWORD: 'put-secret-18' })).status).toBe(200);
    expect((await call(admin, 'POST', '/api/v1/backups', {})).status).toBe(202);
    await waitFor('the backup', async () => ((await asViewer('/backups')).data.length > 0 ? true : undefined));
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await sim?.close();
  });

  it('a walk of every GET route as a viewer (and of the Integration API as a key holder) finds no secret', async () => {
    const uid = (await asViewer('/players')).data[0].uid as string;
    const backupId = (await asViewer('/backups')).data[0].id as string;
    /** A path for a route: a real player and backup, else each parameter's example. */
    const pathOf = (base: string, route: AnyRoute) => {
      const props = route.request?.params
        ? (z.toJSONSchema(route.request.params, { io: 'input' }).properties as Record<string, { examples?: unknown[] }>)
        : {};
      return (
        base +
        route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          name === 'uid' ? uid : route.path.startsWith('/backups') ? backupId : String(props[name]?.examples?.[0]),
        )
      );
    };
    const answers: { path: string; status: number; text: string }[] = [];
    const panel = panelTable();
    for (const route of panel.routes.filter((r) => r.method === 'GET')) {
      const path = pathOf(panel.base, route);
      if (route.path === '/events/stream') {
        // The replay from the start of the log, read until the state messages that follow it.
        const s = await openSse(`${server.url}${path}`, { cookie: viewer, 'last-event-id': '0' });
        if (s.status === 200) await waitFor('the replay', () => s.messages.find((m) => m.event === 'metrics'));
        s.close();
        answers.push({ path, status: s.status, text: s.body + JSON.stringify(s.messages) });
        continue;
      }
      const queries = [
        '',
        ...(route.path === '/events' ? ['?limit=500', '?kind=audit'] : []),
        ...(route.path === '/players' ? ['?limit=500'] : []),
      ];
      for (const q of queries) {
        const r = await call(viewer, 'GET', path + q);
        answers.push({ path: path + q, status: r.status, text: r.text });
      }
    }
    const integration = integrationTable();
    for (const route of integration.routes) {
      const path = pathOf('', route);
      const r = await asKey(path);
      answers.push({ path: integration.base + path, status: r.status, text: r.text });
    }
    const found = answers.flatMap((a) => secrets.filter((s) => a.text.includes(s)).map((s) => `${a.path} (${a.status}): ${s}`));
    const bytes = answers.reduce((n, a) => n + a.text.length, 0);
    console.log(`secret scan: ${answers.length} answers (${bytes} bytes) over ${secrets.length} secrets: ${found.length} found`);
    expect(found).toEqual([]);
    // The walk saw what it was meant to: the settings, the status with the game's settings, the
    // event log, and the admin routes refused.
    const text = (p: string) => answers.find((a) => a.path === `/api/v1${p}`)!;
    expect(text('/config').status).toBe(200);
    expect(JSON.parse(text('/config').text).data.settings.find((s: any) => s.key === 'RCON_PASSWORD')).toMatchObject({
      value: null,
      isSet: true,
    });
    expect(JSON.parse(text('/server').text).data.settings).toMatchObject({ ServerName: expect.any(String) });
    expect(text('/events?kind=audit').status).toBe(403);
    expect(text('/config/raw').status).toBe(403);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(25);
  });

  /** Rows of a paged list, every page. */
  async function walk(get: (q: string) => Promise<any>, limit: number): Promise<{ first: any; rows: any[] }> {
    const rows: any[] = [];
    let first: any;
    let cursor = '';
    for (;;) {
      const page = await get(`?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      first ??= page;
      rows.push(...page.data);
      if (page.nextCursor === null) return { first, rows };
      cursor = page.nextCursor;
    }
  }

  /** Where `mine` (a key holder's value) is not in `theirs` (the viewer's): every member of an
   * object, every row of a list (rows with an identity matched by it), every value equal. */
  function missing(mine: unknown, theirs: unknown, at: string): string[] {
    if (mine === null || typeof mine !== 'object')
      return Object.is(mine, theirs) ? [] : [`${at}: ${JSON.stringify(mine)} ≠ ${JSON.stringify(theirs)}`];
    if (Array.isArray(mine)) {
      if (!Array.isArray(theirs) || theirs.length !== mine.length)
        return [`${at}: ${mine.length} rows, the viewer has ${Array.isArray(theirs) ? theirs.length : 'none'}`];
      const idOf = (x: any) => (x && typeof x === 'object' ? (x.uid ?? x.instanceId ?? x.id) : undefined);
      return mine.flatMap((m, i) => {
        const id = idOf(m);
        const t = id === undefined ? theirs[i] : theirs.find((x) => idOf(x) === id);
        return missing(m, t, `${at}[${id ?? i}]`);
      });
    }
    if (theirs === null || typeof theirs !== 'object') return [`${at}: an object, the viewer has ${JSON.stringify(theirs)}`];
    return Object.entries(mine).flatMap(([k, v]) => (k in theirs ? missing(v, (theirs as any)[k], `${at}.${k}`) : [`${at}.${k}: absent`]));
  }

  /** Compares once the key holder's answer held still around the viewer's (live values move
   * with every poll): the key's, the viewer's, the key's again, until the two key answers agree. */
  async function compare(name: string, mine: () => Promise<unknown>, theirs: () => Promise<unknown>): Promise<string[]> {
    for (let i = 0; i < 100; i++) {
      const before = JSON.stringify(await mine());
      const view = await theirs();
      const after = JSON.stringify(await mine());
      if (before === after) return missing(JSON.parse(before), view, name);
    }
    throw new Error(`${name}: the key holder's answer never held still`);
  }

  it('every value a key holder gets on the Integration API, a viewer gets on the panel', async () => {
    const key_ = async (p: string) => JSON.parse((await asKey(p)).text);
    const envelope = async () => {
      const w = (await asViewer('/world')).data;
      return { lastParseAt: w.lastParseAt, formatDrift: w.formatDrift };
    };
    const pick = (o: any) => ({ lastParseAt: o.lastParseAt, formatDrift: o.formatDrift });
    const uids: string[] = (await key_('/players?limit=500')).data.map((p: any) => p.uid);
    expect(uids.length).toBe(4);
    // The spec's Integration API routes (Endpoints), each with where a viewer finds its values.
    const SPEC: Record<string, (() => Promise<string[]>)[]> = {
      '/players': [
        () =>
          compare(
            '/players',
            async () => (await walk((q) => key_(`/players${q}`), 2)).rows,
            async () => (await walk((q) => asViewer(`/players${q}`), 2)).rows,
          ),
        () => compare('/players envelope', async () => pick(await key_('/players')), envelope),
      ],
      '/players/{uid}': uids.flatMap((uid) => [
        () =>
          compare(
            `/players/${uid}`,
            async () => (await key_(`/players/${uid}`)).data,
            async () => (await asViewer(`/players/${uid}`)).data,
          ),
        () => compare(`/players/${uid} envelope`, async () => pick(await key_(`/players/${uid}`)), envelope),
      ]),
      '/pals': [
        () =>
          compare(
            '/pals',
            async () => (await walk((q) => key_(`/pals${q}`), 50)).rows,
            async () => (await walk((q) => asViewer(`/pals${q}`), 50)).rows,
          ),
        () => compare('/pals envelope', async () => pick(await key_('/pals')), envelope),
      ],
      '/guilds': [
        () =>
          compare(
            '/guilds',
            async () => (await key_('/guilds')).data,
            async () => (await asViewer('/guilds')).data,
          ),
        () => compare('/guilds envelope', async () => pick(await key_('/guilds')), envelope),
      ],
      '/map': [
        () =>
          compare(
            '/map',
            async () => (await key_('/map')).data,
            async () => (await asViewer('/map/dataset')).data.map,
          ),
      ],
      '/server': [
        () =>
          compare(
            '/server',
            async () => (await key_('/server')).data,
            async () => (await asViewer('/server')).data,
          ),
      ],
      '/metrics/current': [
        () =>
          compare(
            '/metrics/current',
            async () => (await key_('/metrics/current')).data,
            async () => (await asViewer('/metrics/current')).data.metrics,
          ),
      ],
      '/world/summary': [
        () =>
          compare(
            '/world/summary',
            async () => (await key_('/world/summary')).data,
            async () => (await asViewer('/world/summary'))?.data,
          ),
      ],
      '/world/workers': [
        () =>
          compare(
            '/world/workers',
            async () => (await key_('/world/workers')).data,
            async () => (await asViewer('/world/workers'))?.data,
          ),
      ],
      '/events': [
        async () => {
          const mine: any[] = (await key_('/events?limit=100')).data;
          const theirs: any[] = (await asViewer('/events?kind=join,leave,backup,system&limit=500')).data;
          return mine
            .filter((e) => !theirs.some((t) => t.at === e.at && t.kind === e.kind && t.message === e.message))
            .map((e) => `/events: ${JSON.stringify(e)} absent`);
        },
      ],
    };
    // The table under test may grow: a route the spec does not list here must be added above.
    expect(
      integrationTable()
        .routes.map((r) => r.path)
        .sort(),
    ).toEqual(Object.keys(SPEC).sort());
    const workers = JSON.parse((await asKey('/world/workers')).text).data.workers;
    expect(workers.length).toBe(linked);
    const gaps: string[] = [];
    for (const checks of Object.values(SPEC)) for (const check of checks) gaps.push(...(await check()));
    expect(gaps).toEqual([]);
  });
});
