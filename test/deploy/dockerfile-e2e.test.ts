// deploy/docker/Dockerfile without a docker engine (CI has the client only, and no registry to
// pull base images from): its run-time instructions are read from the file and followed as the
// engine would follow them, on the executable this run built. The build stage must produce that
// executable with the project's own build; the run stage's user, ENV, data volume, ENTRYPOINT,
// CMD and HEALTHCHECK are carried out as written, so a wrong path, variable, command or user in
// the file fails here. docker-e2e.test.ts builds the real image where a daemon is at hand.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { builtExecutable, ROOT } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';
import { waitFor } from '../helpers/wait.js';
import { freePort } from '../helpers/free-port.js';

interface Stage {
  from: string;
  name?: string;
  lines: { op: string; arg: string }[];
}

/** The Dockerfile's stages, with continuation lines joined and comments dropped. */
function stagesOf(text: string): Stage[] {
  const joined = text.replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, arg] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (op === 'FROM') {
      const [from, , name] = arg.split(/\s+/);
      stages.push({ from, name, lines: [] });
    } else stages.at(-1)?.lines.push({ op, arg: arg.replace(/\s+/g, ' ') });
  }
  return stages;
}

const all = (s: Stage, op: string) => s.lines.filter((l) => l.op === op).map((l) => l.arg);
const one = (s: Stage, op: string) => {
  const found = all(s, op);
  expect(found, `one ${op} in stage ${s.name ?? s.from}`).toHaveLength(1);
  return found[0];
};

/** `KEY=value KEY2=value2` (ENV, ARG defaults). */
const assignments = (args: string[]) =>
  Object.fromEntries(args.flatMap((a) => a.split(' ')).map((kv) => kv.split('=') as [string, string]));

const dockerfile = stagesOf(readFileSync(join(ROOT, 'deploy', 'docker', 'Dockerfile'), 'utf8'));
const asRoot = process.getuid?.() === 0;
if (!asRoot) noteSkip("deploy: not root here, so the Dockerfile test runs serve as this user instead of the image's PUID");

describe('deploy/docker/Dockerfile, followed without an engine', () => {
  it('the build stage makes dist/palpanel with the project build, and the run stage takes exactly that file', () => {
    const [build, run] = dockerfile;
    expect(dockerfile).toHaveLength(2);
    expect(build.name).toBe('build');
    const steps = all(build, 'RUN');
    expect(steps[0]).toMatch(/^npm ci\b/);
    expect(steps.some((s) => /\.\/build\.sh\b/.test(s))).toBe(true);
    const workdir = one(build, 'WORKDIR');
    const copied = all(run, 'COPY').find((c) => c.startsWith('--from=build '));
    expect(copied).toBe(`--from=build ${workdir}/dist/palpanel /usr/local/bin/palpanel`);
    // npm ci runs on the lock file alone, before the sources: the layer stays cached.
    expect(build.lines.findIndex((l) => l.op === 'COPY' && l.arg.startsWith('package.json package-lock.json'))).toBeLessThan(
      build.lines.findIndex((l) => l.op === 'RUN'),
    );
  });

  it(
    'run as the image runs it: as the PUID user on /data, serve answers and the HEALTHCHECK command says healthy; ' +
      'on another SERVICE_LISTEN too; stopped, the healthcheck fails',
    async () => {
      const run = dockerfile[1];
      const args = assignments(all(run, 'ARG'));
      const env = assignments(all(run, 'ENV'));
      expect(one(run, 'USER')).toBe('palpanel');
      expect(one(run, 'VOLUME')).toBe(JSON.stringify([env.SERVICE_DATA_DIR]).replace(',', ', '));
      const entrypoint = JSON.parse(one(run, 'ENTRYPOINT')) as string[];
      const cmd = JSON.parse(one(run, 'CMD')) as string[];
      const health = /^(--\S+ )*CMD (\[.*\])$/.exec(one(run, 'HEALTHCHECK'));
      expect(health, 'HEALTHCHECK … CMD ["…"] (exec form: no shell in the image is needed)').not.toBeNull();
      const healthCmd = JSON.parse(health![2]) as string[];
      expect(one(run, 'EXPOSE')).toBe(env.SERVICE_LISTEN.split(':').at(-1));

      // The image's file system, in a temp root: the executable where COPY put it, the volume
      // owned by the PUID user with the mode the RUN step gives it.
      // (Under the system temp dir, not the run's own: its folders are 0700 to anyone else.)
      const root = mkdtempSync(join(tmpdir(), 'palpanel-image-'));
      onTestFinished(() => rmSync(root, { recursive: true, force: true }));
      chmodSync(root, 0o755);
      const inRoot = (p: string) => join(root, p);
      mkdirSync(inRoot('/usr/local/bin'), { recursive: true });
      copyFileSync(builtExecutable(), inRoot('/usr/local/bin/palpanel'));
      chmodSync(inRoot('/usr/local/bin/palpanel'), 0o755);
      const data = inRoot(env.SERVICE_DATA_DIR);
      mkdirSync(data);
      expect(all(run, 'RUN').join(' ')).toContain(`chmod 0700 ${env.SERVICE_DATA_DIR}`);
      chmodSync(data, 0o700);
      expect(all(run, 'RUN').join(' ')).toContain('useradd --uid "${PUID}" --gid "${PGID}"');
      const uid = Number(args.PUID);
      expect(uid).toBeGreaterThan(0);
      if (asRoot) {
        chownSync(data, uid, Number(args.PGID));
      }
      const user = asRoot ? { uid, gid: Number(args.PGID) } : {};
      const exec = (argv: string[], extra: Record<string, string>) =>
        spawn(inRoot(argv[0]), argv.slice(1), { cwd: data, env: { ...env, SERVICE_DATA_DIR: data, ...extra }, ...user });
      const healthcheck = (extra: Record<string, string>) =>
        spawnSync(inRoot(healthCmd[0]), healthCmd.slice(1), {
          env: { ...env, SERVICE_DATA_DIR: data, ...extra },
          encoding: 'utf8',
          ...user,
        });

      // As `docker run -e SERVICE_LISTEN=0.0.0.0:<port>` (the image's default port may be taken here).
      const listen = { SERVICE_LISTEN: `0.0.0.0:${await freePort()}` };
      const serve = exec([...entrypoint, ...cmd], listen);
      let out = '';
      serve.stdout.on('data', (b: Buffer) => (out += b.toString()));
      serve.stderr.on('data', (b: Buffer) => (out += b.toString()));
      const exited = new Promise<number | null>((r) => serve.on('exit', (code) => r(code)));
      onTestFinished(() => void serve.kill('SIGKILL'));
      await waitFor('serve listening', () => (out.includes('listening on') ? true : serve.exitCode !== null ? out : undefined), 30_000);
      expect(serve.exitCode, out).toBeNull();
      const port = listen.SERVICE_LISTEN.split(':')[1];
      expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ status: 'ok' });
      const ok = healthcheck(listen);
      expect(ok.status, ok.stdout + ok.stderr).toBe(0);
      // The healthcheck follows SERVICE_LISTEN: asked on the image default, where nothing listens
      // here, it fails.
      const elsewhere = healthcheck({ SERVICE_LISTEN: `0.0.0.0:${await freePort()}` });
      expect(elsewhere.status).not.toBe(0);
      // Docker's default stop signal: the store is flushed and the process exits 0.
      serve.kill('SIGTERM');
      expect(await exited).toBe(0);
      const stopped = healthcheck(listen);
      expect(stopped.status).not.toBe(0);
    },
    120_000,
  );
});
