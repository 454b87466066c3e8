// A bounds-checked cursor over a byte buffer, little-endian as Unreal writes it. Every read checks
// the bytes left before the current `end`; decoders narrow `end` to the value they decode, so a
// broken value can never read into its neighbours. Offsets are positions in the buffer given.

import { Buffer } from 'node:buffer';
import { OutOfBoundsError } from './errors.js';
import { checkLimit } from './limits.js';

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
  const h = (i: number) => HEX_HI[b[o + i]];
  const l = (i: number) => HEX_LO[b[o + i]];
  return String.fromCharCode(
    h(3), l(3), h(2), l(2), h(1), l(1), h(0), l(0), 45,
    h(7), l(7), h(6), l(6), 45, h(5), l(5), h(4), l(4), 45,
    h(11), l(11), h(10), l(10), 45, h(9), l(9), h(8), l(8),
    h(15), l(15), h(14), l(14), h(13), l(13), h(12), l(12),
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
const internTable: (string | undefined)[] = new Array(INTERN_SLOTS);

export class ByteReader {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly buf: Buffer;
  pos: number;
  /** Reads may not pass this offset; decoders narrow it to the value being decoded. */
  end: number;

  constructor(bytes: Uint8Array, pos = 0, end = bytes.length) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
    this.end = Math.min(end, bytes.length);
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
    let h = 0x811c9dc5;
    for (let i = start; i < stop; i++) h = Math.imul(h ^ b[i], 0x01000193);
    h = (h ^ (stop - start)) >>> 0;
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
      checkLimit('maxStringBytes', len, at);
      this.need(len);
      const start = this.pos;
      this.pos += len;
      const stop = this.bytes[start + len - 1] === 0 ? start + len - 1 : start + len;
      if (stop - start <= INTERN_MAX_LEN) return this.interned(start, stop);
      return this.buf.toString('latin1', start, stop);
    }
    const units = -len;
    checkLimit('maxStringBytes', units * 2, at);
    this.need(units * 2);
    const start = this.pos;
    this.pos += units * 2;
    let stop = start + units * 2;
    if (this.bytes[stop - 1] === 0 && this.bytes[stop - 2] === 0) stop -= 2;
    return this.buf.toString('utf16le', start, stop);
  }
}
