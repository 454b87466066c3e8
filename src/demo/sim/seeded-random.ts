// Deterministic numbers for the simulated game: the same seed gives the same user ids, IPs and
// schedule, so demo screenshots and tests are repeatable.

/** 32-bit integer hash of several integers (a small avalanche mix). */
export function hashInts(...xs: number[]): number {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h ^= x | 0;
    h = Math.imul(h, 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

/** A stream of numbers in [0, 1) from a seed. */
export class SeededRandom {
  private n = 0;
  constructor(private readonly seed: number) {}

  next(): number {
    return hashInts(this.seed, this.n++) / 0x100000000;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  /** `len` upper-case hex digits. */
  hex(len: number): string {
    let s = '';
    while (s.length < len) s += hashInts(this.seed, this.n++, 77).toString(16).padStart(8, '0');
    return s.slice(0, len).toUpperCase();
  }

  digits(len: number): string {
    let s = '';
    while (s.length < len) s += String(this.int(10));
    return s;
  }
}
