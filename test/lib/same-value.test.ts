// The file's value against the running game's (the configuration screen's "waits for the next
// start"): the game's single-precision floats, its True for a file's true, a list in any order.
import { describe, expect, it } from 'vitest';
import { sameSettingValue } from '../../src/lib/same-value.js';

describe('sameSettingValue', () => {
  it('takes what only looks different as the same', () => {
    expect(sameSettingValue(0.2, Math.fround(0.2))).toBe(true);
    expect(sameSettingValue(1, 1.0)).toBe(true);
    expect(sameSettingValue(true, 'True')).toBe(true);
    expect(sameSettingValue('1.000000', 1)).toBe(true);
    expect(sameSettingValue(['Steam', 'Xbox'], ['Xbox', 'Steam'])).toBe(true);
    expect(sameSettingValue('(Steam,Xbox)', ['Steam', 'Xbox'])).toBe(true);
  });
  it('tells real differences', () => {
    expect(sameSettingValue(2, 1)).toBe(false);
    expect(sameSettingValue(1.5, 1.4999)).toBe(false);
    expect(sameSettingValue(false, true)).toBe(false);
    expect(sameSettingValue('Owls', 'owls')).toBe(false);
    expect(sameSettingValue(['Steam'], ['Steam', 'Xbox'])).toBe(false);
    expect(sameSettingValue('', 0)).toBe(false);
  });
});
