// The built executable's `dash` against a real Integration API (test-panel.ts): a snapshot from
// the environment or the flags, and the exit codes of a refused or missing key.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestPanel } from './test-panel.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('palpanel dash (built executable)', () => {
  it('a snapshot from PALPANEL_URL and PALPANEL_KEY; a revoked key exits 2', async () => {
    const p = await startTestPanel(cleanup);
    const ok = await runCli(['dash'], { env: { PALPANEL_URL: p.url, PALPANEL_KEY: p.key } });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('== Server');
    expect(ok.stdout).toContain('Test Server');
    const flags = await runCli(['dash', '--once', '--url', p.url, '--key', p.key]);
    expect(flags.code).toBe(0);
    p.store.keys.revoke(p.keyId, 'cli');
    const refused = await runCli(['dash', '--url', p.url, '--key', p.key]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'palpanel dash: The panel refused the key (401): check --key or PALPANEL_KEY; the key may be revoked.',
    ]);
    const missing = await runCli(['dash', '--url', p.url], { env: { PALPANEL_KEY: '' } });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^palpanel: No API key: pass --key or set PALPANEL_KEY\.\n$/);
  });
});
