// deploy/docker: the image builds from the executable and answers /healthz, where a docker
// daemon is at hand; elsewhere the test is skipped with a line saying so.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';

const daemon = spawnSync('docker', ['info'], { encoding: 'utf8' }).status === 0;
if (!daemon) console.log('deploy: no docker daemon on this machine; the container image is not built here');

describe('the container image', () => {
  it.skipIf(!daemon)(
    'builds and reports healthy on /healthz (skipped without a docker daemon)',
    async () => {
      const tag = `palpanel-test:${process.pid}`;
      const build = spawnSync('docker', ['build', '-f', 'deploy/docker/Dockerfile', '-t', tag, '.'], { cwd: ROOT, encoding: 'utf8' });
      expect(build.status, build.stderr).toBe(0);
      const run = spawnSync('docker', ['run', '-d', '-p', '127.0.0.1::8080', tag], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const id = run.stdout.trim();
      onTestFinished(() => void spawnSync('docker', ['rm', '-f', id]));
      const port = spawnSync('docker', ['port', id, '8080/tcp'], { encoding: 'utf8' }).stdout.trim().split(':').at(-1);
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
        30_000,
      );
      expect(body).toEqual({ status: 'ok' });
    },
    300_000,
  );
});
