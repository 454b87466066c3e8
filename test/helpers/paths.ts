// Where the tests find the repo, the built executable and the shared data beside the clone.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not `new URL('../..', import.meta.url)`: for the web UI's tests (jsdom) Vite transforms code as
// for a browser, and rewrites that form into an asset URL of the page.
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'dist', 'palpanel');
/** `<repo>/../shared`: the real saves and reference tables (not part of the repo). The mutation run
 * tests a copy of the repo in a sandbox folder, so it names the real one (stryker.config.mjs). */
export const SHARED = process.env.PALPANEL_SHARED_DIR ?? join(ROOT, '..', 'shared');
export const FIXTURES = join(SHARED, 'fixtures', 'saves') + '/';
/** What of ../shared the tests read: checked before a run starts (test/setup/shared-fixtures.ts). */
export const SHARED_NEEDS = [join(SHARED, 'fixtures', 'saves'), join(SHARED, 'reference', 'names', 'pals.en.json')];
