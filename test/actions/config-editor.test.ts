// The configuration editor on a PalWorldSettings.ini laid out as the game writes it and on a
// palworld-server-docker env file: typed settings with ranges, unknown keys kept and shown as
// text, passwords never shown, changes byte-identical outside the changed values with the
// previous file kept, out-of-range values refused naming the setting, audited; apply is 501.
import { chmodSync, chownSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configPanel, configPanelAt } from '../helpers/config-panel.js';
import { afterEach, describe, expect, it } from 'vitest';
import { PREVIOUS_SUFFIX } from '../../src/actions/config-editor.js';
import { createHandler } from '../../src/http/index.js';
import { applyChanges, ConfigFileError, parseConfig } from '../../src/game-config/config-file.js';
import { tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';
import { ManualClock, silentLog, tempStore, TestLive, toHttpRequest } from '../helpers/fixture.js';
import { ADMIN } from '../http/panel-harness.js';

// As the game writes it: a section line, then OptionSettings on one line (shortened here, with
// an unknown key the game may add in a later version).
const INI =
  '[/Script/Pal.PalGameWorldSettings]\r\n' +
  'OptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,NightTimeSpeedRate=1.000000,ExpRate=1.000000,PalCaptureRate=1.000000,' +
  'DeathPenalty=All,bEnablePlayerToPlayerDamage=False,BaseCampWorkerMaxNum=15,GuildPlayerMaxNum=20,ServerPlayerMaxNum=32,' +
  'ServerName="Default Palworld Server",ServerDescription="",AdminPassword="s3cret-admin",ServerPassword="",PublicPort=8211,' +
  'RCONEnabled=False,RCONPort=25575,RESTAPIEnabled=True,RESTAPIPort=8212,CrossplayPlatforms=(Steam,Xbox,PS5,Mac),' +
  'bFutureFlag=True,SomeFutureText="a, b (c)",RandomizerType=None)\r\n';

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

const rig = (fileText: string, name: string) => configPanel(fileText, name, (c) => cleanup.push(c));
const rigAt = (file: string) => configPanelAt(file, (c) => cleanup.push(c));

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

// Issue 28, finding 5: one value could write others (`"None,ServerPlayerMaxNum=9999,..."` into a
// bare ini value, `"False),Injected=(1"` closing OptionSettings early, a line break in the env
// file). Every such value is refused with 400, naming the setting, and the file stays byte for
// byte as it was; what is accepted reads back as exactly the settings asked for.
describe('configuration editor: a value cannot write other settings', () => {
  const entriesOf = (text: string) => parseConfig(text).entries.map((e) => [e.name, e.raw]);

  it('PalWorldSettings.ini: commas, parentheses, quotes, line breaks and a trailing backslash are refused', async () => {
    const { file, send, admin } = await rig(INI, 'PalWorldSettings.ini');
    const refused: [string, unknown][] = [
      ['RandomizerType', 'None,ServerPlayerMaxNum=9999,AdminPassword=pwned'],
      ['bFutureFlag', 'False),Injected=(1'],
      ['RandomizerType', '(None,AdminPassword=pwned)'],
      ['RandomizerType', 'None\r\nAdminPassword=pwned'],
      ['RandomizerType', 'None"'],
      ['SomeFutureText', 'x",AdminPassword="pwned'],
      ['SomeFutureText', 'two\nlines'],
      // A lone CR (issue 37, finding 15f): refused as such, status and file, not by its words only.
      ['RandomizerType', 'None\rAdminPassword=pwned'],
      ['ServerName', 'two\rlines'],
      ['SomeFutureText', 'ends in a CR\r'],
      ['ServerName', 'ends in a backslash\\'],
      ['ServerDescription', 'x\u0000y'],
      ['AdminPassword', 'pw",ServerPassword="'],
    ];
    for (const [name, value] of refused) {
      const r = await send('PUT', '/config', admin, { [name]: value });
      expect(r.status, `${name}: ${JSON.stringify(value)}`).toBe(400);
      expect(r.json.error.code).toBe('invalid_request');
      expect(r.json.error.message).toContain(`"${name}"`);
      // The value is never repeated (it may be a password).
      expect(r.json.error.message).not.toContain('pwned');
      expect(readFileSync(file, 'utf8')).toBe(INI);
    }
    expect(() => readFileSync(file + PREVIOUS_SUFFIX)).toThrow();

    // Accepted values read back as exactly what was asked, every other setting unchanged.
    const ok = await send('PUT', '/config', admin, {
      RandomizerType: 'Region',
      ServerName: 'back\\slash (inside) ok',
      bFutureFlag: 'False',
    });
    expect(ok.status).toBe(200);
    const after = readFileSync(file, 'utf8');
    const want = entriesOf(INI).map(([n, v]) =>
      n === 'RandomizerType'
        ? [n, 'Region']
        : n === 'ServerName'
          ? [n, '"back\\slash (inside) ok"']
          : n === 'bFutureFlag'
            ? [n, 'False']
            : [n, v],
    );
    expect(entriesOf(after)).toEqual(want);
  });

  it('an env file: line breaks, quotes and shell text are refused; a blank gets quotes', async () => {
    const env = ENV + 'MOTD=hello\n';
    const { file, send, admin } = await rig(env, '.env');
    const refused: [string, unknown][] = [
      ['SERVER_NAME', 'x\nADMIN_PASSWORD=pwned'],
      ['SERVER_NAME', 'x" ADMIN_PASSWORD="pwned'],
      ['SERVER_NAME', 'x\\'],
      ['SERVER_NAME', '$(touch /tmp/pwned)'],
      ['TZ', 'UTC\nRCON_ENABLED=true'],
      ['TZ', 'UTC\rRCON_ENABLED=true'],
      ['TZ', '`touch /tmp/pwned`'],
      ['TZ', 'UTC;reboot'],
      ['TZ', "it's"],
      ['ADMIN_PASSWORD', 'pw\nRCON_PASSWORD=pwned'],
    ];
    for (const [name, value] of refused) {
      const r = await send('PUT', '/config', admin, { [name]: value });
      expect(r.status, `${name}: ${JSON.stringify(value)}`).toBe(400);
      expect(r.json.error.message).toContain(`"${name}"`);
      expect(readFileSync(file, 'utf8')).toBe(env);
    }
    const ok = await send('PUT', '/config', admin, { MOTD: 'hello world #1', SERVER_NAME: 'Night (EU)' });
    expect(ok.status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(
      env.replace('MOTD=hello', 'MOTD="hello world #1"').replace('SERVER_NAME="My server"', 'SERVER_NAME="Night (EU)"'),
    );
  });

  it('a change is read back before it is written: an edit that would spill is refused, whatever let it through', () => {
    // A fault in the edit itself (here an entry whose end takes in the comma after it, as a
    // parser bug would): the value's rules pass, the re-read does not.
    const parsed = parseConfig(INI);
    const exp = parsed.entries.find((e) => e.name === 'ExpRate')!;
    const faulty = { ...parsed, entries: parsed.entries.map((e) => (e === exp ? { ...e, end: e.end + 1 } : e)) };
    expect(() => applyChanges(faulty, { ExpRate: 2 })).toThrow(ConfigFileError);
    expect(() => applyChanges(faulty, { ExpRate: 2 })).toThrow(/would not read back/);
    expect(applyChanges(parsed, { ExpRate: 2 }).text).toBe(INI.replace('ExpRate=1.000000', 'ExpRate=2.000000'));
  });
});

// Issue 28, finding 10: a settings file given as a symbolic link was replaced by a regular file,
// and the game's file stayed as it was. Now the link is followed; the game's file changes, keeping
// its mode (and its owner and group, checked where the test may give a file away).
const ROOT = process.getuid?.() === 0;
if (!ROOT) noteSkip('config editor: not root here, so the owner and group kept through a settings-file link are not checked');

describe('configuration editor: a symbolic link', () => {
  /** The game's settings file in game/, mode 0660, and a relative link to it beside. */
  const linked = () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'game'));
    const target = join(dir, 'game', 'PalWorldSettings.ini');
    writeFileSync(target, INI);
    chmodSync(target, 0o660);
    const link = join(dir, 'PalWorldSettings.ini');
    symlinkSync(join('game', 'PalWorldSettings.ini'), link);
    return { target, link };
  };

  it('writes through the link: the target changes with its mode, the link stays a link', async () => {
    const { target, link } = linked();
    const { send, admin } = await rigAt(link);
    const put = await send('PUT', '/config', admin, { ExpRate: 3 });
    expect(put.status).toBe(200);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(INI.replace('ExpRate=1.000000', 'ExpRate=3.000000'));
    const st = statSync(target);
    expect(st.mode & 0o7777).toBe(0o660);
    // The previous version lies beside the file it was.
    expect(readFileSync(target + PREVIOUS_SUFFIX, 'utf8')).toBe(INI);
    expect((await send('GET', '/config', admin)).json.data.settings.find((x: { key: string }) => x.key === 'ExpRate').value).toBe(3);
  });

  // Only root may give a file to another owner; elsewhere the skip says so (here and at the run's end).
  it.skipIf(!ROOT)("writes through the link keeping the target's owner and group (needs root: skipped otherwise)", async () => {
    const { target, link } = linked();
    chownSync(target, 4242, 4243);
    const { send, admin } = await rigAt(link);
    expect((await send('PUT', '/config', admin, { ExpRate: 3 })).status).toBe(200);
    expect(readFileSync(target, 'utf8')).toBe(INI.replace('ExpRate=1.000000', 'ExpRate=3.000000'));
    const st = statSync(target);
    expect([st.uid, st.gid]).toEqual([4242, 4243]);
    expect(st.mode & 0o7777).toBe(0o660);
  });
});

// Issue 28, finding 6: secrets the settings table does not know (an env file's RCON_PASSWORD,
// DISCORD_WEBHOOK_URL, STEAM_API_KEY) were shown verbatim by /config and /config/raw. Any setting
// whose name says password, secret, token, key or webhook is shown to nobody: `isSet` only.
describe('configuration editor: secrets by name', () => {
  const SECRETS = [
    'rcon-pw-1',
    'https://discord.com/api/webhooks/1/tok-2',
    'STEAMKEY3',
    's3-secret-4',
    'gh-token-5',
    'old-pw-6',
    'ini-rcon-7',
  ];
  const ENV_SECRETS = [
    'RCON_PASSWORD=rcon-pw-1',
    'DISCORD_WEBHOOK_URL="https://discord.com/api/webhooks/1/tok-2"',
    "STEAM_API_KEY='STEAMKEY3'",
    'export BACKUP_S3_SECRET=s3-secret-4',
    'GithubToken=gh-token-5',
    '# RCON_PASSWORD=old-pw-6',
    'EMPTY_TOKEN=',
    '',
  ].join('\n');

  it('an env file: hidden from a viewer and an admin in /config, masked in /config/raw, still writable', async () => {
    const { file, send, admin, viewer } = await rig(ENV + ENV_SECRETS, '.env');
    for (const who of [viewer, admin]) {
      const got = await send('GET', '/config', who);
      expect(got.status).toBe(200);
      const s = new Map((got.json.data.settings as { key: string }[]).map((x) => [x.key, x]));
      for (const k of ['RCON_PASSWORD', 'DISCORD_WEBHOOK_URL', 'STEAM_API_KEY', 'BACKUP_S3_SECRET', 'GithubToken'])
        expect(s.get(k), k).toMatchObject({ value: null, secret: true, isSet: true });
      expect(s.get('EMPTY_TOKEN')).toMatchObject({ value: null, secret: true, isSet: false });
      expect(s.get('TZ')).toMatchObject({ value: 'UTC', secret: false });
      for (const secret of SECRETS) expect(JSON.stringify(got.json)).not.toContain(secret);
    }
    const raw = (await send('GET', '/config/raw', admin)).json.data.text as string;
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
    expect(raw).toContain('RCON_PASSWORD=****\n');
    expect(raw).toContain('DISCORD_WEBHOOK_URL="****"\n');
    expect(raw).toContain("STEAM_API_KEY='****'\n");
    expect(raw).toContain('# RCON_PASSWORD=****\n');
    expect(raw).toContain('TZ=UTC\n');
    const put = await send('PUT', '/config', admin, { RCON_PASSWORD: 'new-rcon-pw' });
    expect(put.status).toBe(200);
    expect(JSON.stringify(put.json)).not.toContain('new-rcon-pw');
    expect(readFileSync(file, 'utf8')).toContain('RCON_PASSWORD=new-rcon-pw\n');
  });

  it('an ini: a setting the table does not know but whose name says password is hidden too', async () => {
    const ini = INI.replace('RandomizerType=None', 'RandomizerType=None,RCONPassword="ini-rcon-7"');
    const { send, admin, viewer } = await rig(ini, 'PalWorldSettings.ini');
    const got = await send('GET', '/config', viewer);
    expect(got.json.data.settings.find((x: { key: string }) => x.key === 'RCONPassword')).toMatchObject({ value: null, isSet: true });
    expect(JSON.stringify(got.json)).not.toContain('ini-rcon-7');
    expect((await send('GET', '/config/raw', admin)).json.data.text).toContain('RCONPassword="****"');
  });
});
