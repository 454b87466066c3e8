// The runner the off-site copy and check commands share (issue 37, finding 6), on real bash
// scripts: a script that exits leaving a child on its pipes ends at its deadline, the child
// killed with its group; a child that let go of the pipes does not outlive the run either.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/backups/copy-process.js';
import { tempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';

function bash(body: string): { path: string; dir: string } {
  const dir = tempDir('palpanel-run-');
  const path = join(dir, 'cmd.sh');
  writeFileSync(path, `#!/bin/bash\n${body.replaceAll('$DIR', dir)}\n`);
  chmodSync(path, 0o755);
  return { path, dir };
}

/** Whether a process still lives: a zombie (killed, waiting for init to reap it) does not. */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};
const gone = (pid: number) => waitFor(`pid ${pid} to be gone`, () => (alive(pid) ? undefined : true));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

describe('the shared command runner', () => {
  it('a script that exits leaving a child on its pipes ends at the deadline, the child killed', async () => {
    const { path, dir } = bash('sleep 600 &\necho $! > "$DIR/pid"\necho started\nexit 0');
    const t0 = performance.now();
    const r = await runCommand([path], {
      env,
      timeoutMs: 700,
      timeoutSetting: 'SERVICE_BACKUP_CHECK_TIMEOUT',
      killGraceMs: 5_000,
      redact: (l) => l,
    }).done;
    const took = performance.now() - t0;
    expect(r).toMatchObject({ code: null, cut: 'deadline' });
    expect(r.output).toBe('started\n[palpanel] killed: what it started was still running after 700 ms (SERVICE_BACKUP_CHECK_TIMEOUT)');
    // Ends at the deadline itself (the leader is gone, so no grace is waited for).
    expect(took).toBeGreaterThanOrEqual(650);
    expect(took).toBeLessThan(1_500);
    await gone(Number(readFileSync(join(dir, 'pid'), 'utf8')));
  });

  it('a child that let go of the pipes does not outlive a run that succeeded', async () => {
    const { path, dir } = bash('sleep 600 >/dev/null 2>&1 &\necho $! > "$DIR/pid"\necho done');
    const r = await runCommand([path], { env, timeoutMs: 10_000, killGraceMs: 0, redact: (l) => l }).done;
    expect(r).toMatchObject({ code: 0, cut: null, output: 'done' });
    await gone(Number(readFileSync(join(dir, 'pid'), 'utf8')));
  });

  it('a stop ends a run whose leader has exited, at once, its child killed', async () => {
    const { path, dir } = bash('sleep 600 &\necho $! > "$DIR/pid"\nexit 0');
    const run = runCommand([path], { env, timeoutMs: 60_000, killGraceMs: 5_000, redact: (l) => l });
    const pid = await waitFor('the pid file', () => {
      try {
        return Number(readFileSync(join(dir, 'pid'), 'utf8')) || undefined;
      } catch {
        return undefined;
      }
    });
    await new Promise((r) => setTimeout(r, 200));
    const t0 = performance.now();
    run.stop(5_000);
    expect(await run.done).toMatchObject({ cut: 'stopped' });
    expect(performance.now() - t0).toBeLessThan(500);
    await gone(pid);
  });
});
