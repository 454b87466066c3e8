// lib/totp.ts against RFC 6238's own test vectors (Appendix B, SHA-1; their 8 digits end in our
// 6) and RFC 4648's base32 vectors: an implementation that is not ours says what is right.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpStep } from '../../src/lib/totp.js';

const KEY = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238) and base32 (RFC 4648)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is the last six digits of %s', (sec, eight) => {
    expect(hotp(KEY, totpStep(sec * 1000))).toBe(eight.slice(2));
  });

  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('base32 of "%s" is "%s" and back', (text, b32) => {
    expect(base32Encode(Buffer.from(text))).toBe(b32);
    expect(base32Decode(b32.toLowerCase())!.toString()).toBe(text);
  });

  it('matches within one step either side, only after the last accepted step, and refuses what is not 6 digits', () => {
    const secret = base32Encode(KEY);
    const at = 1234567890 * 1000;
    const step = totpStep(at);
    expect(matchTotp(secret, hotp(KEY, step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(secret, hotp(KEY, step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(secret, hotp(KEY, step + 2), at, null)).toBeNull();
    expect(matchTotp(secret, hotp(KEY, step), at, step)).toBeNull();
    expect(matchTotp(secret, hotp(KEY, step), at, step - 1)).toBe(step);
    expect(matchTotp(secret, ' 12345', at, null)).toBeNull();
    expect(base32Decode('not base32!')).toBeNull();
  });
});
