// Temporary folders of the tests. Every folder made here is removed after the test file that made
// it (test/setup/after-each-file.ts, a setup file of both projects), whether its tests passed or
// not; the run's guard (test/setup/temp-guard.ts) fails the run if anything is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A fresh empty folder in the temp dir, removed after the current test file. */
export function tempDir(prefix = 'palpanel-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made so far (and whatever the tests put in them). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
