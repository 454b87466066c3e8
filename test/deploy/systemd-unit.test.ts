// deploy/systemd/palpanel.service as systemd itself reads it: `systemd-analyze verify` accepts
// every line (it only warns on an unknown key or a bad value, so any warning fails here).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

const UNIT = join(ROOT, 'deploy', 'systemd', 'palpanel.service');
const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const hasAnalyze = analyze.status === 0;
if (!hasAnalyze) console.log('deploy: systemd-analyze is not on this machine; the unit is not verified here');

describe('the systemd unit', () => {
  it.skipIf(!hasAnalyze)('passes systemd-analyze verify with no warning (skipped without systemd-analyze)', () => {
    // verify checks that ExecStart is executable: point it at a binary this machine has.
    const dir = tempDir();
    const unit = join(dir, 'palpanel.service');
    writeFileSync(unit, readFileSync(UNIT, 'utf8').replace('ExecStart=/usr/local/bin/palpanel', `ExecStart=${process.execPath}`));
    const r = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.includes('palpanel.service'))).toEqual([]);
  });

  it('uses one absolute data dir made by systemd for the service user, and the hardening the README names', () => {
    const text = readFileSync(UNIT, 'utf8');
    for (const line of [
      'User=palpanel',
      'StateDirectory=palpanel',
      'Environment=SERVICE_DATA_DIR=/var/lib/palpanel',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=read-only',
      'PrivateTmp=yes',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    expect(text).toMatch(/^ReadOnlyPaths=-\/home\/steam\/.*\/Pal\/Saved$/m);
    expect(text).toContain('--data-dir /var/lib/palpanel');
  });
});
