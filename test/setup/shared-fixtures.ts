// The real saves and reference tables live in ../shared beside the clone, never in the repo. A
// clone without them would otherwise fail minutes into the run with ENOENT; this stops the run
// before any test starts, with one line naming what is missing and where it is expected.
import { existsSync } from 'node:fs';
import { SHARED_NEEDS } from '../helpers/paths.js';

export default function setup(): void {
  const missing = SHARED_NEEDS.find((p) => !existsSync(p));
  if (missing === undefined) return;
  // One line, not a stack trace: a thrown error here makes vitest print its "no test files"
  // notice and a code frame around it, which hides what is actually wrong.
  process.stderr.write(`palpanel tests need the shared fixtures at ${missing} (../shared beside the clone): not found\n`);
  process.exit(1);
}
