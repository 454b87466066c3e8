// The failed-login throttle's rules one by one (http/panel/auth/login-throttle.ts), on its own
// clock: which addresses count as one client, when a count is forgotten, what a success gives
// back, and what a full table drops. The login route's use of it is in panel.test.ts and
// test/app/login-lockout.test.ts; these were written for the mutants Stryker found surviving.
import { describe, expect, it } from 'vitest';
import { clientKey, LoginThrottle, type ThrottleOptions } from '../../src/http/panel/auth/login-throttle.js';

const opts = (o: Partial<ThrottleOptions> = {}): ThrottleOptions => ({
  freeFailures: 5,
  freeFailuresPerAddress: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 5 * 60_000,
  maxEntries: 10_000,
  ...o,
});

describe('clientKey', () => {
  it('an IPv4-mapped address is its IPv4 address; an IPv6 address with an embedded IPv4 is not', () => {
    expect(clientKey('::ffff:1.2.3.45')).toBe('1.2.3.45');
    expect(clientKey('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('2001:db8::ffff:1.2.3.4')).toBe('2001:db8:0:0::/64');
  });

  it("an embedded IPv4 counts as two groups when the '::' is filled", () => {
    expect(clientKey('1::2:3:4:5:192.168.10.20')).toBe('1:0:2:3::/64');
    expect(clientKey('1:2::3:4:5:6')).toBe('1:2:0:0::/64');
    expect(clientKey('2001:DB8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
  });
});

describe('LoginThrottle', () => {
  it('a success gives back its attempt: below the free count the address may try again, at it not', () => {
    const t = new LoginThrottle(opts({ freeFailuresPerAddress: 2 }));
    t.attempt('10.0.0.1', 'a', 0);
    t.attempt('10.0.0.1', 'b', 0);
    expect(t.retryAfterSec('10.0.0.1', 'c', 0)).toBe(1);
    t.succeeded('10.0.0.1', 'c', 0);
    expect(t.retryAfterSec('10.0.0.1', 'c', 0)).toBe(0);

    const u = new LoginThrottle(opts({ freeFailuresPerAddress: 2 }));
    for (const name of ['a', 'b', 'c']) u.attempt('10.0.0.2', name, 0);
    u.succeeded('10.0.0.2', 'd', 0);
    expect(u.retryAfterSec('10.0.0.2', 'd', 0)).toBeGreaterThan(0);
  });

  it('a count is forgotten only after the quiet time has fully passed, and never while it still blocks', () => {
    const t = new LoginThrottle(opts({ freeFailures: 1, forgetAfterMs: 1_000, maxDelayMs: 10_000, baseDelayMs: 5_000 }));
    t.attempt('10.0.0.1', 'a', 0); // blocked until 5 s
    expect(t.retryAfterSec('10.0.0.1', 'a', 1_000)).toBe(4); // quiet time over, still blocked: kept
    expect(t.size).toBe(2);
    expect(t.retryAfterSec('10.0.0.1', 'a', 5_000)).toBe(0);
    expect(t.size).toBe(0); // forgotten once read after both

    const u = new LoginThrottle(opts({ freeFailures: 2, forgetAfterMs: 1_000 }));
    u.attempt('10.0.0.1', 'a', 0);
    u.attempt('10.0.0.1', 'a', 1_000); // exactly the quiet time later: the first still counts
    expect(u.retryAfterSec('10.0.0.1', 'a', 1_000)).toBe(1);
  });

  it('a full table forgets what expired first, and then drops the least: a blocked address outlives a flood', () => {
    const t = new LoginThrottle(opts({ maxEntries: 10, freeFailures: 2, forgetAfterMs: 60_000, maxDelayMs: 600_000 }));
    for (let i = 0; i < 3; i++) t.attempt('10.0.0.99', 'victim', 1_000 + i);
    const blocked = t.retryAfterSec('10.0.0.99', 'victim', 2_000);
    expect(blocked).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) {
      t.attempt(`192.0.2.${i}`, `user${i}`, 2_000 + i);
      expect(t.size).toBeLessThanOrEqual(10);
    }
    expect(t.retryAfterSec('10.0.0.99', 'victim', 2_000)).toBe(blocked);

    // Expired counts go first: nothing that still counts is dropped to make room.
    const u = new LoginThrottle(opts({ maxEntries: 10, forgetAfterMs: 1_000 }));
    for (let i = 0; i < 5; i++) u.attempt(`192.0.2.${i}`, 'old', 0);
    u.attempt('10.0.0.7', 'fresh', 5_000);
    expect(u.size).toBe(2);
  });

  it('a full table drops one-off failures before counts with more failures', () => {
    const t = new LoginThrottle(opts({ maxEntries: 6, freeFailures: 5, freeFailuresPerAddress: 10 }));
    t.attempt('10.0.0.1', 'twice', 0);
    t.attempt('10.0.0.1', 'twice', 1);
    t.attempt('10.0.0.2', 'once', 2);
    t.attempt('10.0.0.3', 'once', 3);
    t.attempt('10.0.0.4', 'once', 4); // the table is full here, room is made
    // 10.0.0.1's two failures are still counted: three more block it at the fifth.
    for (let i = 0; i < 3; i++) t.attempt('10.0.0.1', 'twice', 10 + i);
    expect(t.retryAfterSec('10.0.0.1', 'twice', 20)).toBeGreaterThan(0);
  });
  it('a full table drops a tenth, the oldest one-offs, and never grows past its size', () => {
    const t = new LoginThrottle(opts({ maxEntries: 10 }));
    // Four clients, one failure each: eight counts (each attempt counts at the address and at
    // the address with the username). A fifth fills the table to exactly its size: nothing goes.
    for (let i = 1; i <= 5; i++) t.attempt(`10.0.0.${i}`, `user${i}`, i);
    expect(t.size).toBe(10);
    expect(t.retryAfterSec('10.0.0.1', 'user1', 6)).toBe(0);
    // A sixth makes room for each of its two counts: one entry (a tenth of ten) at a time, the
    // oldest first, so the table stays full.
    t.attempt('10.0.0.6', 'user6', 6);
    expect(t.size).toBe(10);
    // Each drop was of one entry: the table never empties itself to make room.
    t.attempt('10.0.0.7', 'user7', 7);
    expect(t.size).toBe(10);
    // A new username from an address already counted needs one entry: room is made for it too.
    t.attempt('10.0.0.7', 'someone else', 8);
    expect(t.size).toBe(10);
  });

  it('a full table drops the oldest of equal counts, and nothing once forgetting the expired made room', () => {
    const t = new LoginThrottle(opts({ maxEntries: 10 }));
    for (let i = 1; i <= 6; i++) t.attempt(`10.0.0.${i}`, `user${i}`, i);
    // 10.0.0.1's two counts, the oldest, made room for 10.0.0.6's: four more failures (five in
    // all, with its first) do not block it; 10.0.0.5's four more do.
    for (let i = 0; i < 4; i++) t.attempt('10.0.0.1', 'user1', 10 + i);
    expect(t.retryAfterSec('10.0.0.1', 'user1', 20)).toBe(0);
    for (let i = 0; i < 4; i++) t.attempt('10.0.0.5', 'user5', 10 + i);
    expect(t.retryAfterSec('10.0.0.5', 'user5', 20)).toBeGreaterThan(0);

    // Two clients' counts expire, three stay: the new one fits without dropping any.
    const u = new LoginThrottle(opts({ maxEntries: 10, forgetAfterMs: 1_000 }));
    for (let i = 1; i <= 2; i++) u.attempt(`192.0.2.${i}`, 'old', 0);
    for (let i = 1; i <= 3; i++) u.attempt(`198.51.100.${i}`, 'fresh', 1_500);
    expect(u.size).toBe(10);
    u.attempt('203.0.113.1', 'new', 1_600);
    expect(u.size).toBe(8);
  });

  it('at equal counts a full table drops an unblocked count before a blocked one; a block that ends now is over', () => {
    // Two failures block the address with this username (two free) but not the address alone
    // (ten free): two counts of two failures each, at the same instant, one blocked.
    const make = () => {
      const t = new LoginThrottle(opts({ maxEntries: 4, freeFailures: 2, freeFailuresPerAddress: 10, baseDelayMs: 1_000 }));
      t.attempt('10.0.0.1', 'u', 0);
      t.attempt('10.0.0.1', 'u', 0); // blocked until 1000
      for (let i = 0; i < 3; i++) t.attempt('10.0.0.2', 'v', 0); // three failures each: kept longer
      return t;
    };
    // While the block lasts, the address's count goes and the blocked pair stays.
    const t = make();
    t.attempt('10.0.0.3', 'w', 500);
    expect(t.retryAfterSec('10.0.0.1', 'u', 500)).toBe(1);
    // At the instant the block ends it is no longer blocked: the pair is the one dropped (it was
    // counted first), so one more failure leaves the username free.
    const e = make();
    e.attempt('10.0.0.3', 'w', 1_000);
    e.attempt('10.0.0.1', 'u', 1_000);
    expect(e.retryAfterSec('10.0.0.1', 'u', 1_000)).toBe(0);
  });
});
