// The configuration editor on a PalWorldSettings.ini laid out as the game writes it and on a
// palworld-server-docker env file: typed settings with ranges, unknown keys kept and shown as
// text, passwords never shown, changes byte-identical outside the changed values with the
// previous file kept, out-of-range values refused naming the setting, audited; apply is 501.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfigEditor, PREVIOUS_SUFFIX } from '../../src/actions/config-editor.js';
import { createHandler } from '../../src/http/index.js';
import { tempDir } from '../helpers/cli.js';
import { ManualClock, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../http/fixture.js';
import { ADMIN, VIEWER, type PanelResponse } from '../http/panel-harness.js';

// As the game writes it: a section line, then OptionSettings on one line (shortened here, with
// an unknown key the game may add in a later version).
const INI =
  '[/Script/Pal.PalGameWorldSettings]\r\n' +
  'OptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,NightTimeSpeedRate=1.000000,ExpRate=1.000000,PalCaptureRate=1.000000,' +
  'DeathPenalty=All,bEnablePlayerToPlayerDamage=False,BaseCampWorkerMaxNum=15,GuildPlayerMaxNum=20,ServerPlayerMaxNum=32,' +
  'ServerName="Default Palworld Server",ServerDescription="",AdminPassword="s3cret-admin",ServerPassword="",PublicPort=8211,' +
  'RCONEnabled=False,RCONPort=25575,RESTAPIEnabled=True,RESTAPIPort=8212,CrossplayPlatforms=(Steam,Xbox,PS5,Mac),' +
  'bFutureFlag=True,SomeFutureText="a, b (c)")\r\n';

const ENV = [
  '# palworld-server-docker settings',
  'PLAYERS=16',
  'EXP_RATE=1.5   ',
  'SERVER_NAME="My server"',
  'ADMIN_PASSWORD=hunter2',
  'REST_API_ENABLED=true',
  'CROSSPLAY_PLATFORMS=(Steam,Xbox)',
  'TZ=UTC',
  '',
].join('\n');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig(fileText: string, name: string) {
  const file = join(tempDir(), name);
  writeFileSync(file, fileText);
  const clock = new ManualClock();
  const ts: TempStore = await tempStore(clock.now);
  cleanup.push(() => ts.cleanup());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    config: createConfigEditor(ts.store, file),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
  });
  const send = async (method: string, path: string, cookie?: string, body?: unknown) => {
    const res = await handler(
      toHttpRequest({
        method,
        path: `/api/v1${path}`,
        headers: cookie ? { cookie } : {},
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const json: PanelResponse['json'] = res.body ? JSON.parse(String(res.body)) : undefined;
    return { status: res.status, json, headers: res.headers };
  };
  const login = async (c: typeof ADMIN) => String((await send('POST', '/auth/login', undefined, c)).headers['set-cookie']).split(';')[0];
  return { file, ts, send, admin: await login(ADMIN), viewer: await login(VIEWER) };
}

describe('configuration editor', () => {
  it('PalWorldSettings.ini: typed settings, unknown keys as text, passwords hidden; a change rewrites only its values', async () => {
    const { file, ts, send, admin, viewer } = await rig(INI, 'PalWorldSettings.ini');
    const got = await send('GET', '/config', viewer);
    expect(got.status).toBe(200);
    const s = new Map((got.json.data.settings as { key: string }[]).map((x) => [x.key, x]));
    expect(got.json.data).toMatchObject({ format: 'ini', file: 'PalWorldSettings.ini' });
    expect(s.get('ExpRate')).toMatchObject({ value: 1, type: 'float', min: 0.1, max: 20, known: true, description: expect.any(String) });
    expect(s.get('DeathPenalty')).toMatchObject({ value: 'All', type: 'enum', values: ['None', 'Item', 'ItemAndEquipment', 'All'] });
    expect(s.get('CrossplayPlatforms')).toMatchObject({ value: ['Steam', 'Xbox', 'PS5', 'Mac'], type: 'list' });
    expect(s.get('AdminPassword')).toMatchObject({ value: null, secret: true, isSet: true });
    expect(s.get('ServerPassword')).toMatchObject({ value: null, isSet: false });
    expect(s.get('SomeFutureText')).toMatchObject({ value: 'a, b (c)', known: false, type: 'text' });
    expect(JSON.stringify(got.json)).not.toContain('s3cret-admin');
    expect((await send('GET', '/config/raw', viewer)).status).toBe(403);
    const raw = await send('GET', '/config/raw', admin);
    expect(raw.json.data.text).toBe(INI.replace('"s3cret-admin"', '"****"'));

    expect((await send('PUT', '/config', viewer, { ExpRate: 2 })).status).toBe(403);
    const put = await send('PUT', '/config', admin, {
      ExpRate: 2.5,
      bEnablePlayerToPlayerDamage: true,
      ServerName: 'Night Owls',
      CrossplayPlatforms: ['Steam', 'PS5'],
      SomeFutureText: 'x',
      GuildPlayerMaxNum: 20,
    });
    expect(put.status).toBe(200);
    expect(put.json.data.changed.sort()).toEqual([
      'CrossplayPlatforms',
      'ExpRate',
      'ServerName',
      'SomeFutureText',
      'bEnablePlayerToPlayerDamage',
    ]);
    const expected = INI.replace('ExpRate=1.000000', 'ExpRate=2.500000')
      .replace('bEnablePlayerToPlayerDamage=False', 'bEnablePlayerToPlayerDamage=True')
      .replace('ServerName="Default Palworld Server"', 'ServerName="Night Owls"')
      .replace('CrossplayPlatforms=(Steam,Xbox,PS5,Mac)', 'CrossplayPlatforms=(Steam,PS5)')
      .replace('SomeFutureText="a, b (c)"', 'SomeFutureText="x"');
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect(readFileSync(file + PREVIOUS_SUFFIX, 'utf8')).toBe(INI);
    expect(ts.store.audit.list({ limit: 5, action: 'config.update' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: 'PalWorldSettings.ini', detail: expect.stringContaining('ExpRate') }),
    ]);

    // Refused, naming the setting; nothing written.
    for (const [body, why] of [
      [{ ExpRate: 50 }, /"ExpRate": must be from 0.1 to 20/],
      [{ BaseCampWorkerMaxNum: 2.5 }, /"BaseCampWorkerMaxNum": must be a whole number/],
      [{ DeathPenalty: 'Everything' }, /"DeathPenalty": must be one of/],
      [{ bIsPvP: true }, /"bIsPvP": the file has no such setting/],
      [{ ServerName: 'quote " inside' }, /"ServerName": a text value may not hold quotes/],
      [{ CrossplayPlatforms: ['Switch'] }, /"CrossplayPlatforms": must be a list of/],
    ] as const) {
      const r = await send('PUT', '/config', admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.message).toMatch(why);
    }
    expect(readFileSync(file, 'utf8')).toBe(expected);

    // A write that fails (here a folder where the previous version goes; a read-only mount in
    // practice): said in words, and the file left as it was.
    const blocker = file + PREVIOUS_SUFFIX;
    rmSync(blocker);
    mkdirSync(join(blocker, 'a-folder-in-the-way'), { recursive: true });
    const blocked = await send('PUT', '/config', admin, { ExpRate: 3 });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error.message).toMatch(/^The deployment file could not be written: /);
    expect(readFileSync(file, 'utf8')).toBe(expected);

    const apply = await send('POST', '/config/apply', admin);
    expect(apply.status).toBe(501);
    expect(apply.json.error).toEqual({ code: 'not_implemented', message: expect.stringContaining('Restart the game server') });
  });

  it('a palworld-server-docker env file: its variable names, comments and spacing kept, values in its own spelling', async () => {
    const { file, send, admin } = await rig(ENV, '.env');
    const got = await send('GET', '/config', admin);
    const s = new Map((got.json.data.settings as { key: string }[]).map((x) => [x.key, x]));
    expect(got.json.data.format).toBe('env');
    expect(s.get('EXP_RATE')).toMatchObject({ value: 1.5, type: 'float', known: true });
    expect(s.get('PLAYERS')).toMatchObject({ value: 16, type: 'int', max: 32 });
    expect(s.get('REST_API_ENABLED')).toMatchObject({ value: true, type: 'bool' });
    expect(s.get('ADMIN_PASSWORD')).toMatchObject({ value: null, isSet: true });
    expect(s.get('TZ')).toMatchObject({ value: 'UTC', known: false });
    const put = await send('PUT', '/config', admin, {
      EXP_RATE: 3,
      REST_API_ENABLED: false,
      SERVER_NAME: 'Night Owls',
      CROSSPLAY_PLATFORMS: ['Steam'],
    });
    expect(put.status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(
      ENV.replace('EXP_RATE=1.5   ', 'EXP_RATE=3')
        .replace('REST_API_ENABLED=true', 'REST_API_ENABLED=false')
        .replace('SERVER_NAME="My server"', 'SERVER_NAME="Night Owls"')
        .replace('CROSSPLAY_PLATFORMS=(Steam,Xbox)', 'CROSSPLAY_PLATFORMS=(Steam)'),
    );
    expect((await send('PUT', '/config', admin, { PLAYERS: 33 })).json.error.message).toMatch(/"PLAYERS": must be from 1 to 32/);
  });

  it('without SERVICE_CONFIG_FILE the routes say so', async () => {
    const clock = new ManualClock();
    const ts = await tempStore(clock.now);
    cleanup.push(() => ts.cleanup());
    ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const handler = createHandler({
      store: ts.store,
      live: new TestLive(),
      settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
      clock: clock.now,
      log: silentLog,
      version: 't',
    });
    const login = await handler(toHttpRequest({ method: 'POST', path: '/api/v1/auth/login', headers: {}, body: JSON.stringify(ADMIN) }));
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const res = await handler(toHttpRequest({ method: 'GET', path: '/api/v1/config', headers: { cookie } }));
    expect(res.status).toBe(409);
    expect(String(res.body)).toContain('SERVICE_CONFIG_FILE');
  });
});
