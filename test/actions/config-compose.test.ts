// Issue 27: the settings editor edits what the server reads. palworld-server-docker writes
// PalWorldSettings.ini from its environment at every start, and most of its users keep those
// variables in their compose file's `environment:` block; SERVICE_CONFIG_FILE may now name that
// file. Comments, order, indentation and quoting stay byte for byte outside the changed values,
// in both forms of the block (map and list); a value that would write another variable, or
// anything else the block's YAML would read otherwise, is refused with 400 and nothing changes.
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configPanel, configPanelAt } from '../helpers/config-panel.js';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyAdvice } from '../../src/actions/config-apply.js';
import { PREVIOUS_SUFFIX } from '../../src/actions/config-editor.js';
import { applyChanges, ConfigFileError, parseConfig } from '../../src/game-config/config-file.js';
import { tempDir } from '../helpers/cli.js';

// As palworld-server-docker's README lays one out, with palpanel beside it: comments everywhere,
// values in every quoting, and secrets in both services.
const MAP_FORM = `# Palworld and its panel
services:
  palworld:
    image: thijsvanloef/palworld-server-docker:latest # pin a tag in production
    restart: unless-stopped
    ports:
      - 8211:8211/udp
    environment:
      PUID: 1000
      PGID: 1000
      PORT: 8211 # the game's port
      PLAYERS: 16 # at most 32
      EXP_RATE: "1.5"
      SERVER_NAME: 'Night Owls'
      SERVER_DESCRIPTION: \${DESCRIPTION:-A friendly server}
      ADMIN_PASSWORD: "hunter2-admin"
      # RCON_PASSWORD: old-rcon-secret
      RCON_ENABLED: true
      DIFFICULTY: None
      CROSSPLAY_PLATFORMS: (Steam,Xbox,PS5,Mac)
      MULTITHREADING: true
      TZ: UTC
    volumes:
      - ./palworld:/palworld/
  palpanel:
    build: .
    environment:
      - SERVICE_GAME_REST_URL=http://palworld:8212
      - SERVICE_GAME_ADMIN_PASSWORD=hunter2-admin
      - SERVICE_CONFIG_FILE=/compose/compose.yaml
`;

const LIST_FORM = `services:
  palworld:
    image: thijsvanloef/palworld-server-docker:latest
    environment:
      - PLAYERS=16   # at most 32
      - "SERVER_NAME=Night Owls"
      - 'EXP_RATE=1.5'
      - TZ=UTC
      - ADMIN_PASSWORD=hunter2-admin
      - RCON_ENABLED
`;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const rig = (text: string, name = 'compose.yaml', composeService: string | null = null) =>
  configPanel(text, name, (c) => cleanup.push(c), composeService);
const rigAt = (file: string, composeService: string | null = null) => configPanelAt(file, (c) => cleanup.push(c), composeService);

type Setting = { key: string; value: unknown; locked: string | null; secret: boolean; isSet: boolean | null; known: boolean };
const byKey = (data: { settings: Setting[] }) => new Map(data.settings.map((s) => [s.key, s]));

describe('configuration editor: a compose file', () => {
  it('the map form: the game service found, typed values, secrets hidden; a change rewrites only its values', async () => {
    const { file, ts, send, admin, viewer } = await rig(MAP_FORM);
    const got = await send('GET', '/config', viewer);
    expect(got.status).toBe(200);
    expect(got.json.data).toMatchObject({ format: 'compose', file: 'compose.yaml', service: 'palworld' });
    const s = byKey(got.json.data);
    expect([...s.keys()]).toEqual([
      'PUID',
      'PGID',
      'PORT',
      'PLAYERS',
      'EXP_RATE',
      'SERVER_NAME',
      'SERVER_DESCRIPTION',
      'ADMIN_PASSWORD',
      'RCON_ENABLED',
      'DIFFICULTY',
      'CROSSPLAY_PLATFORMS',
      'MULTITHREADING',
      'TZ',
    ]);
    expect(s.get('PLAYERS')).toMatchObject({ value: 16, known: true, locked: null });
    expect(s.get('EXP_RATE')).toMatchObject({ value: 1.5, known: true });
    expect(s.get('SERVER_NAME')).toMatchObject({ value: 'Night Owls' });
    expect(s.get('RCON_ENABLED')).toMatchObject({ value: true });
    expect(s.get('CROSSPLAY_PLATFORMS')).toMatchObject({ value: ['Steam', 'Xbox', 'PS5', 'Mac'] });
    expect(s.get('ADMIN_PASSWORD')).toMatchObject({ value: null, secret: true, isSet: true });
    expect(s.get('SERVER_DESCRIPTION')!.locked).toMatch(/compose variable/);
    expect(JSON.stringify(got.json)).not.toContain('hunter2');

    // The raw file: every secret of every service masked, commented-out ones too.
    const raw = (await send('GET', '/config/raw', admin)).json.data.text as string;
    expect(raw).not.toMatch(/hunter2|old-rcon-secret/);
    expect(raw).toBe(
      MAP_FORM.replace('ADMIN_PASSWORD: "hunter2-admin"', 'ADMIN_PASSWORD: "****"')
        .replace('# RCON_PASSWORD: old-rcon-secret', '# RCON_PASSWORD: ****')
        .replace('SERVICE_GAME_ADMIN_PASSWORD=hunter2-admin', 'SERVICE_GAME_ADMIN_PASSWORD=****'),
    );

    const put = await send('PUT', '/config', admin, {
      PLAYERS: 24,
      EXP_RATE: 2,
      SERVER_NAME: 'Early Birds #2',
      RCON_ENABLED: false,
      DIFFICULTY: 'Normal',
      CROSSPLAY_PLATFORMS: ['Steam', 'PS5'],
      TZ: 'yes',
      PGID: 1000,
      ADMIN_PASSWORD: 'new admin pw',
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json.data.changed.sort()).toEqual([
      'ADMIN_PASSWORD',
      'CROSSPLAY_PLATFORMS',
      'DIFFICULTY',
      'EXP_RATE',
      'PLAYERS',
      'RCON_ENABLED',
      'SERVER_NAME',
      'TZ',
    ]);
    // Byte for byte: only the values changed, each in its own quoting; a text that YAML would
    // read as something else bare (`yes`, a comment) is quoted.
    const expected = MAP_FORM.replace('PLAYERS: 16 # at most 32', 'PLAYERS: 24 # at most 32')
      .replace('EXP_RATE: "1.5"', 'EXP_RATE: "2"')
      .replace("SERVER_NAME: 'Night Owls'", "SERVER_NAME: 'Early Birds #2'")
      .replace('RCON_ENABLED: true', 'RCON_ENABLED: false')
      .replace('DIFFICULTY: None', 'DIFFICULTY: Normal')
      .replace('CROSSPLAY_PLATFORMS: (Steam,Xbox,PS5,Mac)', 'CROSSPLAY_PLATFORMS: (Steam,PS5)')
      .replace('TZ: UTC', 'TZ: "yes"')
      .replace('ADMIN_PASSWORD: "hunter2-admin"', 'ADMIN_PASSWORD: "new admin pw"');
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect(readFileSync(file + PREVIOUS_SUFFIX, 'utf8')).toBe(MAP_FORM);
    // What compose will hand the container.
    const env = (parse(expected) as { services: { palworld: { environment: Record<string, unknown> } } }).services.palworld.environment;
    expect(env).toMatchObject({ PLAYERS: 24, EXP_RATE: '2', SERVER_NAME: 'Early Birds #2', TZ: 'yes', RCON_ENABLED: false });
    expect(JSON.stringify(put.json)).not.toContain('new admin pw');
    expect(ts.store.audit.list({ limit: 5, action: 'config.update' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: 'compose.yaml', detail: expect.stringContaining('PLAYERS') }),
    ]);
  });

  it('the list form: each item in its own quoting, the comment after it kept', async () => {
    const { file, send, admin } = await rig(LIST_FORM, 'docker-compose.yml');
    const got = await send('GET', '/config', admin);
    const s = byKey(got.json.data);
    expect(s.get('PLAYERS')).toMatchObject({ value: 16, locked: null });
    expect(s.get('EXP_RATE')).toMatchObject({ value: 1.5 });
    expect(s.get('RCON_ENABLED')!.locked).toMatch(/has no value in the compose file/);
    const put = await send('PUT', '/config', admin, { PLAYERS: 8, SERVER_NAME: "Owls' nest", EXP_RATE: 3, TZ: 'Europe/Paris' });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const expected = LIST_FORM.replace('- PLAYERS=16   # at most 32', '- PLAYERS=8   # at most 32')
      .replace('- "SERVER_NAME=Night Owls"', `- "SERVER_NAME=Owls' nest"`)
      .replace("- 'EXP_RATE=1.5'", "- 'EXP_RATE=3'")
      .replace('- TZ=UTC', '- TZ=Europe/Paris');
    expect(readFileSync(file, 'utf8')).toBe(expected);
    // A text with a blank and a `#`, bare before, is quoted so that it stays one value.
    expect((await send('PUT', '/config', admin, { TZ: 'a b #c' })).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(expected.replace('- TZ=Europe/Paris', '- "TZ=a b #c"'));
  });

  it('CRLF line ends and a flow block are kept as they are', async () => {
    const crlf = MAP_FORM.replaceAll('\n', '\r\n');
    const a = await rig(crlf);
    expect((await a.send('PUT', '/config', a.admin, { PLAYERS: 20, SERVER_NAME: 'x' })).status).toBe(200);
    expect(readFileSync(a.file, 'utf8')).toBe(
      crlf.replace('PLAYERS: 16', 'PLAYERS: 20').replace("SERVER_NAME: 'Night Owls'", "SERVER_NAME: 'x'"),
    );

    const flow = 'services:\n  palworld:\n    environment: {PLAYERS: 16, SERVER_NAME: Owls, TZ: UTC} # inline\n';
    const b = await rig(flow);
    // In a flow block a comma would end the value: quoted, it stays one.
    expect((await b.send('PUT', '/config', b.admin, { SERVER_NAME: 'Owls, ADMIN_PASSWORD: pwned' })).status).toBe(200);
    expect(readFileSync(b.file, 'utf8')).toBe(flow.replace('SERVER_NAME: Owls', 'SERVER_NAME: "Owls, ADMIN_PASSWORD: pwned"'));
    const names = (await b.send('GET', '/config', b.admin)).json.data.settings.map((x: Setting) => x.key);
    expect(names).toEqual(['PLAYERS', 'SERVER_NAME', 'TZ']);
  });

  it('a value that would write another variable, or that compose would read otherwise, is refused 400 and nothing changes', async () => {
    for (const [text, name] of [
      [MAP_FORM, 'compose.yaml'],
      [LIST_FORM, 'compose.yml'],
    ]) {
      const { file, send, admin } = await rig(text, name);
      const refused: [string, unknown, RegExp][] = [
        ['SERVER_NAME', 'x\n      ADMIN_PASSWORD: pwned', /line breaks/],
        ['SERVER_NAME', 'x\r- ADMIN_PASSWORD=pwned', /line breaks/],
        ['TZ', 'UTC\u0000', /control characters/],
        ['TZ', '${ADMIN_PASSWORD}', /\$/],
        ['TZ', '$$pwned', /\$/],
        ['PLAYERS', 33, /"PLAYERS": must be from 1 to 32/],
        ['PLAYERS', '16\n      RCON_ENABLED: true', /"PLAYERS": must be a number/],
        ['RCON_ENABLED', 'yes', /must be true or false/],
        ['NOT_THERE', 'x', /the file has no such setting/],
      ];
      if (name === 'compose.yaml') {
        refused.push(['SERVER_DESCRIPTION', 'plain text', /compose variable/]);
        refused.push(['ADMIN_PASSWORD', 'pw" \n  RCON_PASSWORD: "pwned', /line breaks/]);
      } else {
        refused.push(['SERVER_NAME', 'a "quoted" name', /double quotes may not hold/]);
        refused.push(['RCON_ENABLED', true, /has no value in the compose file/]);
      }
      for (const [key, value, why] of refused) {
        const r = await send('PUT', '/config', admin, { [key]: value });
        expect(r.status, `${key}: ${JSON.stringify(value)}`).toBe(400);
        expect(r.json.error.code).toBe('invalid_request');
        expect(r.json.error.message).toContain(`"${key}"`);
        expect(r.json.error.message).toMatch(why);
        expect(r.json.error.message).not.toContain('pwned');
        expect(readFileSync(file, 'utf8')).toBe(text);
      }
    }
  });

  it('a compose file given as a symbolic link is edited through it', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'stack'));
    const target = join(dir, 'stack', 'docker-compose.yml');
    writeFileSync(target, LIST_FORM);
    const link = join(dir, 'compose.yaml');
    symlinkSync(join('stack', 'docker-compose.yml'), link);
    const { send, admin } = await rigAt(link);
    expect((await send('PUT', '/config', admin, { PLAYERS: 12 })).status).toBe(200);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(LIST_FORM.replace('- PLAYERS=16 ', '- PLAYERS=12 '));
    expect(readFileSync(target + PREVIOUS_SUFFIX, 'utf8')).toBe(LIST_FORM);
  });

  it('a change is read back before it is written: a faulty splice is refused, whatever let it through', () => {
    const parsed = parseConfig(MAP_FORM, { fileName: 'compose.yaml' });
    const players = parsed.entries.find((e) => e.name === 'PLAYERS')!;
    // An entry whose end takes in the line break after it (as a locating bug would).
    const eol = MAP_FORM.indexOf('\n', players.end);
    const faulty = { ...parsed, entries: parsed.entries.map((e) => (e === players ? { ...e, end: eol + 1 } : e)) };
    expect(() => applyChanges(faulty, { PLAYERS: 20 })).toThrow(ConfigFileError);
    expect(() => applyChanges(faulty, { PLAYERS: 20 })).toThrow(/would not read back/);
    expect(applyChanges(parsed, { PLAYERS: 20 }).text).toBe(MAP_FORM.replace('PLAYERS: 16', 'PLAYERS: 20'));
  });

  it('which service: named by SERVICE_CONFIG_COMPOSE_SERVICE, else the only one with the image variables, else palworld; said when unclear', async () => {
    const two = `services:
  game-a:
    environment:
      PLAYERS: 4
  game-b:
    environment:
      - PLAYERS=8
  db:
    image: postgres
`;
    const unclear = await rig(two);
    const r = await unclear.send('GET', '/config', unclear.admin);
    expect(r.status).toBe(409);
    expect(r.json.error.message).toMatch(/2 services of the compose file set palworld-server-docker variables \("game-a", "game-b"\)/);
    expect(r.json.error.message).toContain('SERVICE_CONFIG_COMPOSE_SERVICE');

    const named = await rig(two, 'compose.yaml', 'game-b');
    const got = await named.send('GET', '/config', named.admin);
    expect(got.json.data).toMatchObject({ service: 'game-b', settings: [expect.objectContaining({ key: 'PLAYERS', value: 8 })] });
    const missing = await rig(two, 'compose.yaml', 'game-c');
    expect((await missing.send('GET', '/config', missing.admin)).json.error.message).toMatch(
      /no service "game-c" \(SERVICE_CONFIG_COMPOSE_SERVICE\); it has "game-a", "game-b", "db"/,
    );

    // The image's own variables decide even when the service has another name.
    const one = await rig('services:\n  pal:\n    environment:\n      EXP_RATE: 2\n  web:\n    environment:\n      - TZ=UTC\n');
    expect((await one.send('GET', '/config', one.admin)).json.data.service).toBe('pal');

    // Settings in an env_file: said where they are.
    const envFile = await rig('services:\n  palworld:\n    image: x\n    env_file:\n      - palworld.env\n');
    expect((await envFile.send('GET', '/config', envFile.admin)).json.error.message).toBe(
      'Service "palworld" of the compose file keeps its settings in an env_file (palworld.env), not in an environment: block: point SERVICE_CONFIG_FILE at that file.',
    );
    // A file that does not read as YAML: its line, never its text.
    const broken = await rig('services:\n  palworld:\n    environment:\n      ADMIN_PASSWORD: "unclosed-secret\n');
    const b = await broken.send('GET', '/config', broken.admin);
    expect(b.status).toBe(409);
    expect(b.json.error.message).toMatch(/^The compose file does not read as YAML \(line \d+\)/);
    expect(b.json.error.message).not.toContain('unclosed-secret');
  });
});

describe('configuration editor: how to apply, for each kind of file', () => {
  it('a compose file: docker compose up -d <service>, not restart; an env file: re-created too; an ini: DISABLE_GENERATE_SETTINGS', async () => {
    const compose = await rig(MAP_FORM);
    const got = (await compose.send('GET', '/config', compose.viewer)).json.data;
    expect(got.apply).toEqual(applyAdvice('compose', 'palworld'));
    expect(got.apply.command).toBe('docker compose up -d palworld');
    const post = await compose.send('POST', '/config/apply', compose.admin);
    expect(post.status).toBe(501);
    expect(post.json.error.code).toBe('not_implemented');
    expect(post.json.error.message).toBe(got.apply.words);
    expect(post.json.error.message).toContain('`docker compose up -d palworld`');
    expect(post.json.error.message).toContain('`docker compose restart` is not enough');

    const env = await rig('PLAYERS=16\nTZ=UTC\n', '.env');
    const envApply = (await env.send('POST', '/config/apply', env.admin)).json.error.message;
    expect(envApply).toContain('`docker compose up -d`');
    expect(envApply).toContain('`docker compose restart` is not enough');

    const ini = await rig('[/Script/Pal.PalGameWorldSettings]\r\nOptionSettings=(ExpRate=1.000000)\r\n', 'PalWorldSettings.ini');
    const iniGot = (await ini.send('GET', '/config', ini.admin)).json.data;
    expect(iniGot.apply).toMatchObject({ target: 'ini', command: null });
    expect(iniGot.apply.words).toContain('DISABLE_GENERATE_SETTINGS=true');
    expect((await ini.send('POST', '/config/apply', ini.admin)).json.error.message).toBe(iniGot.apply.words);
  });
});
