// A bounds-checked cursor over a byte buffer, little-endian as Unreal writes it. Every read checks
// the bytes left before the current `end`; decoders narrow `end` to the value they decode, so a
// broken value can never read into its neighbours. Offsets are positions in the buffer given.

import { Buffer } from 'node:buffer';
import { OutOfBoundsError } from './errors.js';
import { checkLimit, LIMITS } from './limits.js';

const LIMIT_STRING_BYTES = LIMITS.maxStringBytes;

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).toUpperCase().padStart(2, '0'));

/** The all-zero Guid in canonical form (used by the game for "none"). */
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

/**
 * Canonical id form used for every Guid the parser emits (player uid, pal instance id, guild id,
 * base id, container id): dashed, upper-case, the four little-endian u32 words printed in order,
 * so the dash-less form equals the `Players/<UID>.sav` file stem.
 */
export function formatGuid(b: Uint8Array, o: number): string {
  // One String.fromCharCode call gives a flat string; concatenating the 20 parts gave a rope that
  // every later comparison, Map lookup and sort had to flatten (5x slower on a 100k-pal world).
  // No helper closures here: the bundle keeps function names (esbuild keepNames), which wraps
  // every named closure in a `__name` call each time it is created: a third of the decode time
  // of a 100k-pal world went there.
  const H = HEX_HI;
  const L = HEX_LO;
  const b0 = b[o],
    b1 = b[o + 1],
    b2 = b[o + 2],
    b3 = b[o + 3];
  const b4 = b[o + 4],
    b5 = b[o + 5],
    b6 = b[o + 6],
    b7 = b[o + 7];
  const b8 = b[o + 8],
    b9 = b[o + 9],
    b10 = b[o + 10],
    b11 = b[o + 11];
  const b12 = b[o + 12],
    b13 = b[o + 13],
    b14 = b[o + 14],
    b15 = b[o + 15];
  return String.fromCharCode(
    H[b3],
    L[b3],
    H[b2],
    L[b2],
    H[b1],
    L[b1],
    H[b0],
    L[b0],
    45,
    H[b7],
    L[b7],
    H[b6],
    L[b6],
    45,
    H[b5],
    L[b5],
    H[b4],
    L[b4],
    45,
    H[b11],
    L[b11],
    H[b10],
    L[b10],
    45,
    H[b9],
    L[b9],
    H[b8],
    L[b8],
    H[b15],
    L[b15],
    H[b14],
    L[b14],
    H[b13],
    L[b13],
    H[b12],
    L[b12],
  );
}

/** Character codes of the two upper-case hex digits of each byte. */
const HEX_HI = new Uint8Array(256);
const HEX_LO = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  HEX_HI[i] = HEX[i].charCodeAt(0);
  HEX_LO[i] = HEX[i].charCodeAt(1);
}

/** `43797F87000000000000000000000000` (a player file stem) → canonical dashed form, or
 * undefined when the stem is not 32 hex digits. */
export function guidFromStem(stem: string): string | undefined {
  if (!/^[0-9a-fA-F]{32}$/.test(stem)) return undefined;
  const s = stem.toUpperCase();
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const INTERN_MAX_LEN = 64;
const INTERN_SLOTS = 4096;
/** A fixed-size, direct-mapped cache: bounded whatever a file holds. */
const internTable = new Array<string | undefined>(INTERN_SLOTS);

export class ByteReader {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly buf: Buffer;
  pos: number;
  /** Reads may not pass this offset; decoders narrow it to the value being decoded. */
  end: number;

  constructor(bytes: Uint8Array, pos = 0, end = bytes.length, share?: ByteReader) {
    this.bytes = bytes;
    // A reader over the same bytes shares its views: a world has one raw-data blob per character,
    // and a DataView plus a Buffer for each cost more than decoding many a blob.
    this.view = share?.bytes === bytes ? share.view : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.buf = share?.bytes === bytes ? share.buf : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
    this.end = Math.min(end, bytes.length);
  }

  /** A reader over `[start, end)` of the same bytes (bounds-checked against this reader's bytes,
   * not its current window), sharing the views. */
  window(start: number, end: number): ByteReader {
    if (!(start >= 0 && start <= end && end <= this.bytes.length)) throw new OutOfBoundsError(end - start, start, this.bytes.length);
    return new ByteReader(this.bytes, start, end, this);
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  /** Throws OutOfBoundsError unless `n` more bytes can be read. */
  need(n: number): void {
    if (!(n >= 0 && n <= this.end - this.pos)) throw new OutOfBoundsError(n, this.pos, this.end);
  }

  /** Narrows the readable window to `newEnd` and returns the previous end (for `restore`). */
  narrow(newEnd: number): number {
    if (!(newEnd >= this.pos && newEnd <= this.end)) throw new OutOfBoundsError(newEnd - this.pos, this.pos, this.end);
    const old = this.end;
    this.end = newEnd;
    return old;
  }

  restore(oldEnd: number): void {
    this.end = oldEnd;
  }

  seek(pos: number): void {
    if (!(pos >= 0 && pos <= this.end)) throw new OutOfBoundsError(pos - this.pos, this.pos, this.end);
    this.pos = pos;
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++];
  }

  i8(): number {
    this.need(1);
    return this.view.getInt8(this.pos++);
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }

  i16(): number {
    this.need(2);
    const v = this.view.getInt16(this.pos, true);
    this.pos += 2;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /** Signed 64-bit as a number (exact up to 2^53; enough for counts, exp and uptime ticks). */
  i64n(): number {
    this.need(8);
    const lo = this.view.getUint32(this.pos, true);
    const hi = this.view.getInt32(this.pos + 4, true);
    this.pos += 8;
    return hi * 4294967296 + lo;
  }

  /** Unsigned 64-bit as a number (exact up to 2^53). */
  u64n(): number {
    this.need(8);
    const lo = this.view.getUint32(this.pos, true);
    const hi = this.view.getUint32(this.pos + 4, true);
    this.pos += 8;
    return hi * 4294967296 + lo;
  }

  /** Signed 64-bit, exact (DateTime ticks exceed 2^53). */
  i64(): bigint {
    this.need(8);
    const v = this.view.getBigInt64(this.pos, true);
    this.pos += 8;
    return v;
  }

  f32(): number {
    this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  guid(): string {
    this.need(16);
    const s = formatGuid(this.bytes, this.pos);
    this.pos += 16;
    return s;
  }

  /** A view (no copy) of the next `n` bytes. */
  bytesView(n: number): Uint8Array {
    this.need(n);
    const v = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  /**
   * Short 8-bit strings (property names, type names, enum values, species ids) repeat thousands of
   * times; returning one shared string for equal bytes saves allocation and collection time.
   */
  private interned(start: number, stop: number): string {
    const b = this.bytes;
    const n = stop - start;
    if (n === 0) return '';
    // A hash of the length and five sampled bytes, not of every byte: it only picks the slot, and
    // the comparison below decides. Names that share all six land in one slot and take turns.
    let h = Math.imul(n, 0x9e3779b1) ^ b[start] ^ (b[stop - 1] << 8) ^ (b[start + (n >> 1)] << 16);
    if (n > 3) h ^= (b[start + 1] << 24) ^ Math.imul(b[stop - 2] ^ (b[start + (n >> 2)] << 8), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h = (h ^ (h >>> 12)) >>> 0;
    const slot = h & (INTERN_SLOTS - 1);
    const hit = internTable[slot];
    if (hit !== undefined && hit.length === stop - start) {
      let same = true;
      for (let i = 0; i < hit.length; i++) {
        if (hit.charCodeAt(i) !== b[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return hit;
    }
    const str = this.buf.toString('latin1', start, stop);
    internTable[slot] = str;
    return str;
  }

  /** Steps over an FString without decoding it (the tag data of properties nobody asked for). */
  skipFString(): void {
    const at = this.pos;
    const len = this.i32();
    const n = len >= 0 ? len : -len * 2;
    if (!(n <= LIMIT_STRING_BYTES)) checkLimit('maxStringBytes', n, at);
    this.need(n);
    this.pos += n;
  }

  /**
   * Unreal FString: i32 length; 0 is empty; > 0 is that many 8-bit chars (Latin-1) including the
   * NUL; < 0 is -length UTF-16LE code units including the NUL (surrogate pairs come through as
   * pairs, so emoji survive).
   */
  fstring(): string {
    const at = this.pos;
    const len = this.i32();
    if (len === 0) return '';
    if (len > 0) {
      if (len > LIMIT_STRING_BYTES) checkLimit('maxStringBytes', len, at);
      this.need(len);
      const start = this.pos;
      this.pos += len;
      const stop = this.bytes[start + len - 1] === 0 ? start + len - 1 : start + len;
      if (stop - start <= INTERN_MAX_LEN) return this.interned(start, stop);
      return this.buf.toString('latin1', start, stop);
    }
    const units = -len;
    if (!(units * 2 <= LIMIT_STRING_BYTES)) checkLimit('maxStringBytes', units * 2, at);
    this.need(units * 2);
    const start = this.pos;
    this.pos += units * 2;
    let stop = start + units * 2;
    if (this.bytes[stop - 1] === 0 && this.bytes[stop - 2] === 0) stop -= 2;
    return this.buf.toString('utf16le', start, stop);
  }
}
