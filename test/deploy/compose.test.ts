// deploy/docker as shipped: `docker compose config` accepts compose.yaml where the machine has the
// compose plugin (skipped with a line otherwise), and everywhere the file is parsed as YAML and its
// wiring checked against palpanel's settings table and the Dockerfile: no world id, the game's
// Saved folder mounted writable at SERVICE_SAVE_DIR, REST and RCON on the game service with the
// same password, the settings file the game reads mounted for the editor, palpanel built with the
// game's uid and gid, the published port where SERVICE_LISTEN listens, a multi-stage Dockerfile
// whose healthcheck follows SERVICE_LISTEN.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSettings, SETTINGS_TABLE } from '../../src/config/settings.js';
import { parseConfig } from '../../src/game-config/config-file.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';

const DIR = join(ROOT, 'deploy', 'docker');
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
const compose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
const hasCompose = compose.status === 0;
if (!hasCompose) noteSkip('deploy: the docker compose plugin is not on this machine; compose.yaml is checked by a YAML parse only');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; args: Record<string, string> };
  environment: Record<string, string>;
  env_file?: string | string[];
  volumes: string[];
  ports?: string[];
  restart?: string;
  depends_on?: string[];
}
const file = parse(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const game = file.services.palworld;
const panel = file.services.palpanel;

/** Compose's interpolation of `${VAR}`, `${VAR:-default}` and `${VAR:?message}` from `vars`. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{([A-Z_][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    if (vars[name]) return vars[name];
    if (op === '-') return arg ?? '';
    throw new Error(`${name} is required: ${arg ?? ''}`);
  });
}
const dotenv = Object.fromEntries(
  read('env.example')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** A volume `host:container[:mode]` as its parts. */
const mount = (v: string) => {
  const [host, container, mode] = v.split(':');
  return { host, container, readOnly: mode === 'ro' };
};
/** The mount whose container side holds `path`. */
const mountOf = (s: Service, path: string) =>
  s.volumes.map(mount).find((m) => path === m.container || path.startsWith(`${m.container}/`)) ?? null;

describe('deploy/docker/compose.yaml', () => {
  it.skipIf(!hasCompose)('docker compose config accepts it with the example .env (skipped without the compose plugin)', () => {
    const env = join(tempDir(), '.env');
    writeFileSync(env, read('env.example'));
    const r = spawnSync('docker', ['compose', '-f', join(DIR, 'compose.yaml'), '--env-file', env, 'config', '--quiet'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
  });

  it('needs no world id, and every variable it interpolates is in env.example', () => {
    const text = read('compose.yaml');
    expect(text).not.toMatch(/WORLD_ID/);
    const used = new Set([...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(['ADMIN_PASSWORD', 'PGID', 'PUID']);
    for (const v of used) expect(Object.keys(dotenv)).toContain(v);
  });

  it("palpanel's environment is settings palpanel knows and accepts, with the example .env", () => {
    const known = new Set(SETTINGS_TABLE.map((s) => s.env));
    expect(Object.keys(panel.environment).filter((k) => !known.has(k))).toEqual([]);
    const env = Object.fromEntries(Object.entries(panel.environment).map(([k, v]) => [k, interpolate(v, dotenv)]));
    const s = loadSettings(env);
    expect(s.listen).toEqual({ host: '0.0.0.0', port: 8080 });
    expect(s.gameAdminPassword).toBe(dotenv.ADMIN_PASSWORD);
    expect(s.rconPassword).toBe(dotenv.ADMIN_PASSWORD);
  });

  it("the game's Saved folder is mounted writable where SERVICE_SAVE_DIR points (a restore writes there)", () => {
    const saves = panel.environment.SERVICE_SAVE_DIR;
    expect(posix.basename(saves)).toBe('Saved');
    const m = mountOf(panel, saves)!;
    expect(m).not.toBeNull();
    expect(m.readOnly).toBe(false);
    // The same host folder as the game's own Pal/Saved below its volume.
    const g = game.volumes.map(mount).find((v) => v.container === '/palworld')!;
    expect(posix.join(m.host, posix.relative(m.container, saves))).toBe(posix.join(g.host, 'Pal', 'Saved'));
  });

  it('REST and RCON are wired to the game service, enabled there, with the same admin password', () => {
    expect(panel.environment.SERVICE_GAME_REST_URL).toBe(`http://palworld:${game.environment.REST_API_PORT}`);
    expect(game.environment.REST_API_ENABLED).toBe('true');
    expect(panel.environment.SERVICE_RCON_ADDR).toBe(`palworld:${game.environment.RCON_PORT}`);
    expect(game.environment.RCON_PORT).toBe('25575');
    expect(game.environment.RCON_ENABLED).toBe('true');
    expect(panel.environment.SERVICE_GAME_ADMIN_PASSWORD).toBe(game.environment.ADMIN_PASSWORD);
    expect(panel.environment.SERVICE_RCON_PASSWORD).toBe(game.environment.ADMIN_PASSWORD);
    // Scheduled restarts shut the game down; docker must start it again.
    expect(game.restart).toMatch(/^(always|unless-stopped)$/);
  });

  it("the settings file the game reads is mounted writable for the editor, and it is a file of the image's variables", () => {
    const cfg = panel.environment.SERVICE_CONFIG_FILE;
    const m = mountOf(panel, cfg)!;
    expect(m).not.toBeNull();
    expect(m.readOnly).toBe(false);
    const onHost = posix.join(m.host, posix.relative(m.container, cfg));
    expect([game.env_file].flat().map((f) => posix.normalize(f!))).toContain(posix.normalize(onHost));
    const parsed = parseConfig(read(onHost));
    expect(parsed.format).toBe('env');
    const known = parsed.entries.filter((e) => e.known).map((e) => e.name);
    expect(known).toEqual(expect.arrayContaining(['SERVER_NAME', 'PLAYERS', 'EXP_RATE', 'PAL_CAPTURE_RATE', 'DEATH_PENALTY']));
    // What palpanel relies on is not left to the editable file.
    for (const k of ['ADMIN_PASSWORD', 'REST_API_ENABLED', 'RCON_ENABLED', 'PUID', 'PGID'])
      expect(parsed.entries.map((e) => e.name)).not.toContain(k);
  });

  it("palpanel is built here with the game's uid and gid, and published where SERVICE_LISTEN listens", () => {
    expect(panel.build).toMatchObject({ context: '../..', dockerfile: 'deploy/docker/Dockerfile' });
    expect(panel.build!.args.PUID).toBe(game.environment.PUID);
    expect(panel.build!.args.PGID).toBe(game.environment.PGID);
    const port = panel.environment.SERVICE_LISTEN.split(':').at(-1);
    expect(panel.ports).toEqual([`127.0.0.1:8080:${port}`]);
    expect(file.volumes).toHaveProperty(mount(panel.volumes.find((v) => v.endsWith(':/data'))!).host);
  });
});

describe('deploy/docker/Dockerfile', () => {
  const text = read('Dockerfile');
  const lines = text.split('\n').filter((l) => !l.startsWith('#'));

  it('builds inside: npm ci and build.sh in a build stage, only the executable in the final one', () => {
    const froms = lines.filter((l) => l.startsWith('FROM '));
    expect(froms).toHaveLength(2);
    expect(froms[0]).toMatch(/^FROM node:(2[0-9]|[3-9][0-9])[-.\w]* AS build$/);
    expect(text).toMatch(/^RUN npm ci\b/m);
    expect(text).toMatch(/^RUN .*\.\/build\.sh/m);
    expect(text).toContain('COPY --from=build /src/dist/palpanel /usr/local/bin/palpanel');
    expect(text).toMatch(/^ARG PUID=1000$/m);
    expect(text).toMatch(/^ARG PGID=1000$/m);
    // The build context carries the sources, not a checkout's installs or secrets.
    const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const p of ['node_modules/', 'dist/', '.git/', 'deploy/docker/.env']) expect(ignore).toContain(p);
    expect(ignore).not.toContain('*');
  });

  it('its healthcheck is palpanel healthcheck, which reads SERVICE_LISTEN (no port written into it)', () => {
    const hc = lines.find((l) => l.startsWith('HEALTHCHECK'))!;
    expect(hc).toContain('CMD ["/usr/local/bin/palpanel", "healthcheck"]');
    expect(hc).not.toMatch(/8080/);
    expect(text).toMatch(/^ENV SERVICE_DATA_DIR=\/data \\\n\s+SERVICE_LISTEN=0\.0\.0\.0:8080$/m);
    expect(text).toMatch(/^EXPOSE 8080$/m);
  });
});
