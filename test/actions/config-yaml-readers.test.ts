// Issue 37, finding 1: a value written into a compose file must read back as that value in every
// YAML reader, not only in the `yaml` package palpanel reads it with. PyYAML and go-yaml (which
// docker compose uses) take U+0085, U+2028 and U+2029 as line breaks, so `SERVER_NAME: a<U+0085>
// privileged: true` written bare gave the container other keys. Each hostile value goes through
// the real editor (PUT /api/v1/config) onto a compose file in a temp dir, both forms of the
// block, a bare and a quoted value; then the file is read by `yaml` AND by PyYAML: either both
// see exactly the settings intended, or the value is refused with 400 and the file is unchanged
// byte for byte. The game's ini takes the same rule (a C1 control in ServerName is refused).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { configPanel } from '../helpers/config-panel.js';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { noteSkip } from '../helpers/skipped.js';

const hasPyYaml = spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }).status === 0;
if (!hasPyYaml)
  noteSkip('config: PyYAML is not on this machine (apt-get install python3-yaml); the second YAML reader of the compose tests is skipped');

const MAP_FORM = `services:
  palworld:
    image: thijsvanloef/palworld-server-docker:latest
    environment:
      PLAYERS: 16
      SERVER_NAME: Night Owls
      SERVER_DESCRIPTION: "A friendly server"
      TZ: UTC
    volumes:
      - ./palworld:/palworld/
`;

const LIST_FORM = `services:
  palworld:
    image: thijsvanloef/palworld-server-docker:latest
    environment:
      - PLAYERS=16
      - SERVER_NAME=Night Owls
      - "SERVER_DESCRIPTION=A friendly server"
      - TZ=UTC
`;

const INI =
  '[/Script/Pal.PalGameWorldSettings]\r\n' +
  'OptionSettings=(Difficulty=None,ExpRate=1.000000,ServerName="Default Palworld Server",ServerDescription="",AdminPassword="a",PublicPort=8211)\r\n';

// The examples and each character class the rule covers; every one must either be
// refused or read back exactly by both readers.
const HOSTILE: string[] = [
  'My Server\u0085    privileged:\u0085      true\u0085    volumes:\u0085      - /:/host\u0085    x-rest:\u0085',
  'x\u2028      - ADMIN_PASSWORD=pwned',
  'x\u0085      ADMIN_PASSWORD: pwned',
  'a\u2028#b',
  'x\u2028---\u2028y',
  'a\u0085b',
  'a\u2028b',
  'a\u2029b',
  '\u2029',
  'a\u0007b',
  'a\u001bb',
  'a\u009bb',
  'a\u0080b',
  'a\ud800b',
  'a\uffffb',
];

// Text that is no threat: accepted, and read back the same by both readers.
const FINE: string[] = ['Café Nuit 夜 ✓', 'a\u00a0b', '🦊 den', 'a # not a comment'];

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const rig = (text: string, name: string) => configPanel(text, name, (c) => cleanup.push(c));

/** The file as PyYAML reads it (bytes given, so PyYAML itself decodes them). */
function pyYaml(file: string): unknown {
  const out = execFileSync('python3', ['-c', 'import yaml,sys,json; print(json.dumps(yaml.safe_load(open(sys.argv[1], "rb"))))', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as unknown;
}

type Doc = { services: { palworld: { environment: Record<string, unknown> | string[] } } };

/** `doc` with one variable of the game's service set to `value`, in the block's own form. */
function withSetting(doc: Doc, key: string, value: string): Doc {
  const out = structuredClone(doc);
  const env = out.services.palworld.environment;
  if (Array.isArray(env)) out.services.palworld.environment = env.map((item) => (item.startsWith(`${key}=`) ? `${key}=${value}` : item));
  else env[key] = value;
  return out;
}

describe.each([
  ['map form', MAP_FORM],
  ['list form', LIST_FORM],
])('a compose value read by two YAML readers (%s)', (_form, text) => {
  const readers = (file: string): [string, unknown][] => [
    ['yaml', parse(readFileSync(file, 'utf8'))],
    ...(hasPyYaml ? [['PyYAML', pyYaml(file)] as [string, unknown]] : []),
  ];

  it('a value holding a YAML line break or a control character is refused 400 and the file is left byte for byte', async () => {
    const { file, send, admin } = await rig(text, 'compose.yaml');
    const before = readers(file);
    for (const key of ['SERVER_NAME', 'SERVER_DESCRIPTION'])
      for (const value of HOSTILE) {
        const r = await send('PUT', '/config', admin, { [key]: value });
        const what = `${key}: ${JSON.stringify(value)}`;
        if (r.status === 200) {
          // Written: then every reader must see exactly the one change (never true of these today).
          for (const [reader, got] of readers(file))
            expect(got, `${reader} reading ${what}`).toEqual(withSetting(before[0][1] as Doc, key, value));
          writeFileSync(file, text);
          continue;
        }
        expect(r.status, what).toBe(400);
        expect(r.json.error.code).toBe('invalid_request');
        expect(r.json.error.message).toContain(`"${key}"`);
        expect(r.json.error.message).not.toContain('pwned');
        expect(readFileSync(file, 'utf8'), what).toBe(text);
      }
  });

  it('other text, accents, a no-break space and emoji included, is written and both readers see exactly it', async () => {
    const { file, send, admin } = await rig(text, 'compose.yaml');
    const [[, original]] = readers(file);
    for (const [reader, got] of readers(file)) expect(got, reader).toEqual(original);
    let want = original as Doc;
    for (const key of ['SERVER_NAME', 'SERVER_DESCRIPTION'])
      for (const value of FINE) {
        const r = await send('PUT', '/config', admin, { [key]: value });
        expect(r.status, `${key}: ${JSON.stringify(value)}`).toBe(200);
        want = withSetting(want, key, value);
        for (const [reader, got] of readers(file)) expect(got, `${reader} reading ${key}: ${JSON.stringify(value)}`).toEqual(want);
      }
  });
});

describe('the same rule for the other files palpanel writes', () => {
  it('PalWorldSettings.ini: a C1 control (or U+2028) in ServerName is refused 400, the file unchanged', async () => {
    const { file, send, admin } = await rig(INI, 'PalWorldSettings.ini');
    for (const value of ['My\u0085Server', 'My\u009bServer', 'My\u2028Server', 'My\u2029Server', 'My\u0080Server', 'My\ud800Server']) {
      const r = await send('PUT', '/config', admin, { ServerName: value });
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect(r.json.error.message).toContain('"ServerName"');
      expect(readFileSync(file, 'utf8')).toBe(INI);
    }
    expect((await send('PUT', '/config', admin, { ServerName: 'Café Nuit 夜' })).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toContain('ServerName="Café Nuit 夜"');
  });

  it('an env file: the same characters are refused 400, the file unchanged', async () => {
    const env = 'PLAYERS=16\nSERVER_NAME="My server"\nTZ=UTC\n';
    const { file, send, admin } = await rig(env, '.env');
    for (const value of ['My\u0085Server', 'My\u2028Server', 'My\u2029Server', 'My\u009bServer', 'My\ud800Server']) {
      const r = await send('PUT', '/config', admin, { SERVER_NAME: value });
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect(r.json.error.message).toContain('"SERVER_NAME"');
      expect(readFileSync(file, 'utf8')).toBe(env);
    }
  });
});
