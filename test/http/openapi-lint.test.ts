// The served contract passes `redocly lint` with redocly's recommended rules, with no error
// (issue 10). The linter runs offline on the pinned @redocly/cli, with its telemetry and update
// check off; the document is written to a temp file that is removed afterwards.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { inProcessSend, silentLog, tempStore, TestLive, type TempStore } from '../helpers/fixture.js';

const REDOCLY = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

async function lint(doc: unknown): Promise<LintReport> {
  const dir = mkdtempSync(join(tmpdir(), 'palpanel-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    // Exit code 1 means "problems found": the report on stdout says which.
    const out = await run(process.execPath, [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', file], {
      env,
      timeout: 60_000,
    }).catch((err: { stdout?: string; code?: number }) => {
      if (err.code === 1 && err.stdout) return { stdout: err.stdout };
      throw err;
    });
    return JSON.parse(out.stdout) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('redocly lint (recommended rules) on the served document', () => {
  let ts: TempStore;
  let served: Record<string, unknown>;

  beforeAll(async () => {
    ts = await tempStore();
    const send = inProcessSend(
      createHandler({
        store: ts.store,
        live: new TestLive(),
        settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
        clock: () => new Date(),
        log: silentLog,
        version: '1.2.3',
      }),
    );
    served = JSON.parse((await send({ method: 'GET', path: '/api/openapi.json' })).body);
  });
  afterAll(() => ts.cleanup());

  it('reports no error', { timeout: 60_000 }, async () => {
    const report = await lint(served);
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('is a real check: the same document without servers fails it', { timeout: 60_000 }, async () => {
    const report = await lint({ ...served, servers: undefined });
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}`)).toContain('error no-empty-servers');
  });
});
