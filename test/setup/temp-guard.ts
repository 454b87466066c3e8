// The run's temp dir guard. The run gets a temp dir of its own (TMPDIR, which the workers and
// every child process they start inherit, so os.tmpdir() and mkdtemp land there); at the end
// whatever is still in it was left behind by a test, and the run fails naming it. A run dir of its
// own, rather than comparing the shared temp dir before and after, keeps the check exact while
// other runs and programs come and go in the shared one. The run dir itself is always removed.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ACTIVE = Symbol.for('palpanel.test.temp-guard');
/** Caches of tools, not of the tests: tsx compiles into `tsx-<uid>` for the `node --import tsx`
 * children of the store tests, and Node 26 keeps its module compile cache (enabled by tools such
 * as tsx and vitest) in `node-compile-cache`. Removed with the run dir all the same. */
const TOOL_CACHES = /^(tsx-\d+|node-compile-cache)$/;

export default function setup(): (() => void) | void {
  // Both projects list this setup; when they run together, the first one in owns the guard.
  const g = globalThis as { [ACTIVE]?: boolean };
  if (g[ACTIVE]) return;
  g[ACTIVE] = true;
  const previous = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'palpanel-run-'));
  // Traversable by others, as the shared temp dir is: the read-only data dir test runs the
  // executable as nobody on a folder in here.
  chmodSync(runDir, 0o755);
  process.env.TMPDIR = runDir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    g[ACTIVE] = false;
    const left = readdirSync(runDir)
      .filter((name) => !TOOL_CACHES.test(name))
      .sort();
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    if (left.length > 0) {
      const err = new Error(
        `the tests left ${left.length} temporary entr${left.length === 1 ? 'y' : 'ies'} behind in the temp dir: ${left.join(', ')} (make them with tempDir() of test/helpers/temp.ts, or remove them in afterEach/afterAll)`,
      );
      err.stack = err.message; // the message is the news; where the guard threw is not
      throw err;
    }
  };
}
