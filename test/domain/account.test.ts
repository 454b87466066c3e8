// The user-name grammar the store enforces and the one the web UI's form checks are the same
// rule: the form's `pattern`, read the way a browser reads it (anchored, the `v` flag), accepts
// and refuses exactly what USERNAME_PATTERN does.
import { describe, expect, it } from 'vitest';
import { USERNAME_INPUT_PATTERN, USERNAME_PATTERN } from '../../src/contract/account-words.js';

const SAMPLES = ['ann', 'A.b-c_9', 'x'.repeat(32), 'x'.repeat(33), '', 'two words', 'ann!', 'née', 'a/b', '-', '.', '_', 'a\nb'];

describe('the user-name grammar', () => {
  it("the form's pattern, as a browser compiles it, agrees with the store's on every sample", () => {
    const asBrowser = new RegExp(`^(?:${USERNAME_INPUT_PATTERN})$`, 'v');
    for (const name of SAMPLES) expect(asBrowser.test(name), JSON.stringify(name)).toBe(USERNAME_PATTERN.test(name));
    expect(SAMPLES.filter((n) => USERNAME_PATTERN.test(n))).toEqual(['ann', 'A.b-c_9', 'x'.repeat(32), '-', '.', '_']);
  });
});
