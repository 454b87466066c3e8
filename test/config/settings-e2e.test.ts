// serve's settings as the built executable takes them: a bad one stops it with exit 2 naming it,
// and its --help lists every setting with its default.
import { describe, expect, it } from 'vitest';
import { SETTINGS_TABLE } from '../../src/config/settings.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { INVALID_SETTINGS as invalid } from './invalid-settings.js';

describe('serve start-up with a bad setting (built executable)', () => {
  it.each(invalid.filter(([n]) => n !== 'SERVICE_DATA_DIR'))('exits 2 for %s=%j with a message naming it', async (name, value) => {
    const r = await runCli(['serve'], { env: { SERVICE_DATA_DIR: tempDir(), SERVICE_LISTEN: '127.0.0.1:0', [name]: value } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(name);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('serve --help explains every setting with its default', async () => {
    const r = await runCli(['serve', '--help']);
    expect(r.code).toBe(0);
    for (const s of SETTINGS_TABLE) {
      const line = r.stdout.split('\n').find((l) => l.trim().startsWith(s.env + ' '));
      expect(line, s.env).toBeDefined();
      expect(line).toContain(`(default ${s.def ?? 'none'})`);
      if (s.flag) expect(line).toContain(s.flag);
    }
  });

  it('a bad --listen flag exits 2 naming the flag', async () => {
    const r = await runCli(['serve', '--listen', 'nope', '--data-dir', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--listen');
  });
});
