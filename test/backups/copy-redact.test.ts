// What the off-site copy and check commands print, as palpanel keeps it (issue 37, finding 5):
// every secret form is redacted, and redacted before a long line is cut at 300 characters, so a
// secret that straddles the cut shows no part of itself. Checked on the output holder directly and
// on a real bash script run by the shared runner.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINE_CHARS, OutputTail, REDACTED, redactor } from '../../src/backups/copy-output.js';
import { runCommand } from '../../src/backups/copy-process.js';
import { tempDir } from '../helpers/cli.js';

const ENV = { RCLONE_CONFIG_PASS: 'envsecret-0123456789', PATH: process.env.PATH ?? '/usr/bin:/bin' };
const r = redactor(ENV);

/** Secrets in the forms copy tools print them, each with the secret part alone. */
const FORMS: { line: string; secret: string; kept: string }[] = [
  { line: 'mysqldump -u root -p hunter2short db', secret: 'hunter2short', kept: `-p ${REDACTED} db` },
  { line: 'restic --password hunter2long backup', secret: 'hunter2long', kept: `--password ${REDACTED} backup` },
  { line: 'tool --pass=hunter2eq go', secret: 'hunter2eq', kept: `--pass=${REDACTED} go` },
  { line: 'tool --password=hunter2equals go', secret: 'hunter2equals', kept: `--password=${REDACTED} go` },
  {
    line: '> Authorization: token ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    secret: 'ghp_abcdefghij',
    kept: `Authorization: token ${REDACTED}`,
  },
  { line: '> Authorization: Basic Ym9iOmh1bnRlcjI=', secret: 'Ym9iOmh1bnRlcjI', kept: `Authorization: Basic ${REDACTED}` },
  { line: 'proxy-authorization: 0123456789abcdef0123', secret: '0123456789abcdef', kept: `proxy-authorization: ${REDACTED}` },
  { line: 'dump mysql://root:pw/with/slash@db/x done', secret: 'pw/with/slash', kept: `mysql://root:${REDACTED}@db/x done` },
  { line: 'PUT https://user:p@ss/word@host/dir/f', secret: 'p@ss/word', kept: `https://user:${REDACTED}@host/dir/f` },
  { line: 'postgres://app:s3cr3t@10.0.0.2:5432/main', secret: 's3cr3t', kept: `postgres://app:${REDACTED}@10.0.0.2:5432/main` },
  { line: 'reading envsecret-0123456789 from the config', secret: 'envsecret', kept: `reading ${REDACTED} from` },
  { line: 'key AKIAIOSFODNN7EXAMPLE used', secret: 'AKIAIOSF', kept: `key ${REDACTED} used` },
];

describe('secret forms in a command output', () => {
  it.each(FORMS)('redacts $secret', ({ line, secret, kept }) => {
    const out = r(line);
    expect(out).not.toContain(secret);
    expect(out).toContain(kept);
  });

  it('keeps ordinary words', () => {
    for (const line of [
      'Fatal: wrong password or no key found',
      'rsync -a src/ dst/',
      'see https://rclone.org/docs/ for help',
      'mail me@host.example',
    ]) {
      expect(r(line)).toBe(line);
    }
  });

  it('a long hostile line is redacted quickly', () => {
    const t0 = performance.now();
    r('//a:'.repeat(16_000));
    r(`https://u:${'@/'.repeat(30_000)}`);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe('a secret across the 300-character cut', () => {
  it.each(FORMS)('shows no part of $secret', ({ line, secret }) => {
    const at = line.indexOf(secret);
    // The secret begins 4 characters before the cut, so the cut falls inside it.
    const padded = `${'.'.repeat(LINE_CHARS - 4 - at)}${line}`;
    const t = new OutputTail();
    t.push(Buffer.from(`${padded}\n`));
    const out = t.text(r);
    expect(out.length).toBeLessThanOrEqual(LINE_CHARS + 1);
    expect(out).not.toContain(secret.slice(0, 4));
  });

  it('the start of a line lost to the tail bound is not shown', () => {
    const t = new OutputTail();
    // A line longer than the 64 KiB held: what is left of it could start inside a secret.
    t.push(Buffer.from(`--password=${'s'.repeat(70_000)}\nnext line\n`));
    expect(t.text(r)).toBe('next line');
  });

  it('from a real script run by the runner: every form, each placed across the cut', async () => {
    const dir = tempDir('palpanel-redact-');
    const lines = FORMS.map(({ line, secret }) => `${'.'.repeat(LINE_CHARS - 4 - line.indexOf(secret))}${line}`);
    writeFileSync(join(dir, 'out.txt'), `${lines.join('\n')}\n`);
    const script = join(dir, 'copy.sh');
    writeFileSync(script, `#!/bin/bash\ncat "${join(dir, 'out.txt')}"\n`);
    chmodSync(script, 0o755);
    const res = await runCommand([script], { env: ENV, timeoutMs: 10_000, killGraceMs: 0, redact: r }).done;
    expect(res.code).toBe(0);
    expect(res.output.split('\n')).toHaveLength(FORMS.length);
    for (const { secret } of FORMS) expect(res.output).not.toContain(secret.slice(0, 4));
  });
});
