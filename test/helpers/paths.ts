// Where the tests find the repo, the built executable and the shared data beside the clone.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'dist', 'palpanel');
/** `<repo>/../shared`: the real saves and reference tables (not part of the repo). */
export const SHARED = join(ROOT, '..', 'shared');
export const FIXTURES = join(SHARED, 'fixtures', 'saves') + '/';
/** What of ../shared the tests read: checked before a run starts (test/setup/shared-fixtures.ts). */
export const SHARED_NEEDS = [join(SHARED, 'fixtures', 'saves'), join(SHARED, 'reference', 'names', 'pals.en.json')];
