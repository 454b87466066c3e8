// Throttling of failed panel logins (interface.md, "Beside a real server": failed logins may slow
// an attacker, but never keep the right password from signing in from another address). Two
// counts, never one per username alone, which anyone could fill to lock a user out:
//   - per client address and username: guesses at one user's password from one address;
//   - per client address: guesses at many usernames from one address.
// An address that has not failed is never held back, whatever is tried against the username
// elsewhere. IPv6 clients count by their /64 (one host usually holds a whole /64, and would
// otherwise get a fresh count per address). The client address is the connection's, or the one
// a trusted proxy names; forwarding headers from anyone else are not believed.
// The first few failures are free; after that each failure doubles the wait before the next
// attempt, up to a minute, and a count with no failure for a few minutes is forgotten.
// Attempts count as failures from the moment they start, so parallel guesses cannot slip
// through while the password hash is being computed; a success takes its count back.
import { isIPv4, isIPv6 } from 'node:net';

export interface ThrottleOptions {
  /** Failures of one address at one username before waits begin. */
  freeFailures: number;
  /** Failures of one address, at any usernames, before waits begin. */
  freeFailuresPerAddress: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  maxEntries: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  freeFailuresPerAddress: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 5 * 60_000,
  maxEntries: 10_000,
};

interface Bucket {
  failures: number;
  free: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** The part of a client address that counts as one client: an IPv4 address (also when written
 * IPv4-mapped), or an IPv6 address's /64. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  // A trailing dotted quad (::ffff:0:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const plain = address
    .toLowerCase()
    .split('%')[0]
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
      [(+a << 8) | +b, (+c << 8) | +d].map((n) => n.toString(16)).join(':'),
    );
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export class LoginThrottle {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly opts: ThrottleOptions = DEFAULT_THROTTLE) {}

  /** Seconds `address` waits before it may try `username` again (0: go ahead). */
  retryAfterSec(address: string, username: string, nowMs: number): number {
    let waitMs = 0;
    for (const [key] of this.keys(address, username)) {
      const b = this.live(key, nowMs);
      if (b && b.blockedUntil > nowMs) waitMs = Math.max(waitMs, b.blockedUntil - nowMs);
    }
    return waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
  }

  /** Counts an attempt as a failure (called before the password is checked). */
  attempt(address: string, username: string, nowMs: number): void {
    for (const [key, free] of this.keys(address, username)) {
      let b = this.live(key, nowMs);
      if (!b) {
        this.makeRoom(nowMs);
        b = { failures: 0, free, lastFailureAt: nowMs, blockedUntil: 0 };
        this.buckets.set(key, b);
      }
      b.failures++;
      b.lastFailureAt = nowMs;
      this.block(b, nowMs);
    }
  }

  /** A successful login: the address's count at this username is cleared, its attempt at the
   * address count taken back. */
  succeeded(address: string, username: string, nowMs: number): void {
    const [[pairKey], [addressKey]] = this.keys(address, username);
    this.buckets.delete(pairKey);
    const b = this.live(addressKey, nowMs);
    if (!b) return;
    b.failures = Math.max(0, b.failures - 1);
    if (b.failures < b.free) b.blockedUntil = 0;
  }

  get size(): number {
    return this.buckets.size;
  }

  /** The two counts an attempt touches, each with its free failures. */
  private keys(address: string, username: string): [string, number][] {
    const client = clientKey(address);
    return [
      [`pair:${client}|${username.toLowerCase()}`, this.opts.freeFailures],
      [`addr:${client}`, this.opts.freeFailuresPerAddress],
    ];
  }

  private block(b: Bucket, nowMs: number): void {
    const over = b.failures - b.free;
    if (over >= 0) b.blockedUntil = nowMs + Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** Math.min(over, 30));
  }

  private live(key: string, nowMs: number): Bucket | undefined {
    const b = this.buckets.get(key);
    if (b && nowMs - b.lastFailureAt > this.opts.forgetAfterMs && b.blockedUntil <= nowMs) {
      this.buckets.delete(key);
      return undefined;
    }
    return b;
  }

  /**
   * A full table first forgets what has expired; if it is still full, it drops a tenth of its
   * entries, those that matter least first: not blocked before blocked, fewer failures before
   * more, older before newer. So a flood of failures with fresh names and addresses only ever
   * pushes out other one-off failures, and a blocked address outlives it.
   */
  private makeRoom(nowMs: number): void {
    if (this.buckets.size < this.opts.maxEntries) return;
    for (const key of [...this.buckets.keys()]) this.live(key, nowMs);
    if (this.buckets.size < this.opts.maxEntries) return;
    const rank = (b: Bucket) => [b.blockedUntil > nowMs ? 1 : 0, b.failures, b.lastFailureAt];
    const order = [...this.buckets].sort(([, a], [, b]) => {
      const ra = rank(a);
      const rb = rank(b);
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
    });
    const drop = this.buckets.size - Math.floor(this.opts.maxEntries * 0.9);
    for (const [key] of order.slice(0, drop)) this.buckets.delete(key);
  }
}
