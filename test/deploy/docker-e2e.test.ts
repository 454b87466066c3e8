// deploy/docker: the image builds from the source alone (the Dockerfile's build stage runs npm ci
// and build.sh), answers /healthz, and docker's own healthcheck reports it healthy on another
// SERVICE_LISTEN than the image's default (the healthcheck follows the setting). Where no docker
// daemon is at hand the test is skipped with a line saying so.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { noteSkip } from '../helpers/skipped.js';

const daemon = spawnSync('docker', ['info'], { encoding: 'utf8' }).status === 0;
if (!daemon) noteSkip('deploy: no docker daemon on this machine; the container image is not built here');

const docker = (...args: string[]) => spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8' });

describe('the container image', () => {
  it.skipIf(!daemon)(
    'builds inside docker, answers /healthz, and is reported healthy on the SERVICE_LISTEN it was given (skipped without a docker daemon)',
    async () => {
      const tag = `palpanel-test:${process.pid}`;
      const build = docker(
        'build',
        '-f',
        'deploy/docker/Dockerfile',
        '--build-arg',
        'PUID=1234',
        '--build-arg',
        'PGID=1234',
        '-t',
        tag,
        '.',
      );
      expect(build.status, build.stderr).toBe(0);
      onTestFinished(() => void docker('rmi', '-f', tag));
      const run = docker(
        'run',
        '-d',
        '-e',
        'SERVICE_LISTEN=0.0.0.0:9090',
        '--health-interval=1s',
        '--health-start-period=1s',
        '-p',
        '127.0.0.1::9090',
        tag,
      );
      expect(run.status, run.stderr).toBe(0);
      const id = run.stdout.trim();
      onTestFinished(() => void docker('rm', '-f', id));
      expect(docker('exec', id, 'id', '-u').stdout.trim()).toBe('1234');
      const port = docker('port', id, '9090/tcp').stdout.trim().split(':').at(-1);
      const body = await waitFor(
        'healthz',
        async () => {
          try {
            const r = await fetch(`http://127.0.0.1:${port}/healthz`);
            return r.status === 200 ? await r.json() : undefined;
          } catch {
            return undefined;
          }
        },
        60_000,
      );
      expect(body).toEqual({ status: 'ok' });
      const health = await waitFor(
        'docker reports healthy',
        () => {
          const s = docker('inspect', '--format', '{{.State.Health.Status}}', id).stdout.trim();
          return s === 'healthy' || s === 'unhealthy' ? s : undefined;
        },
        60_000,
      );
      expect(health).toBe('healthy');
    },
    900_000,
  );
});
