// Prints, at the end of the run, every line a skipped test gave for being skipped
// (test/helpers/skipped.ts), once each. Listed after the temp guard: the notes file lives in the
// run's temp dir and is gone before the guard looks for debris.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { SKIP_NOTES_ENV } from '../helpers/skipped.js';

const ACTIVE = Symbol.for('palpanel.test.skip-report');

export default function setup(): (() => void) | void {
  const g = globalThis as { [ACTIVE]?: boolean };
  if (g[ACTIVE]) return;
  g[ACTIVE] = true;
  const file = join(tmpdir(), 'skipped-tests.txt');
  process.env[SKIP_NOTES_ENV] = file;
  return () => {
    g[ACTIVE] = false;
    const lines = existsSync(file) ? [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))] : [];
    rmSync(file, { force: true });
    delete process.env[SKIP_NOTES_ENV];
    if (lines.length) console.log(`\nSkipped here, and why:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`);
  };
}
