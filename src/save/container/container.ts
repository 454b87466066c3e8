// The .sav container around a GVAS blob. Header: u32 uncompressed length, u32 compressed length,
// 3-byte magic, 1 type byte. Dispatch is on the magic (real PlZ files carry type 0x31 and 0x32):
//   PlZ + '1'  one zlib stream;   PlZ + '2'  zlib twice (the first pass yields `compressed` bytes)
//   PlM        one Oodle stream of `compressed` bytes (game 0.6 and later)
//   CNK        an Xbox wrapper whose real header starts at offset 12
//   GVAS       a bare, uncompressed save
// Every length is checked against the header and the limits before anything is allocated.

import { inflateSync } from 'node:zlib';
import { SaveReadError } from '../errors.js';
import { checkLimit } from '../limits.js';
import { ensureOodle, oodleDecompress } from './oodle.js';

/** What one parse may still decompress, all files together (LIMITS.maxParseDecompressedBytes). */
export interface InflateBudget {
  used: number;
}

/** How much one file may decompress: its own named limit, and the parse's shared budget. */
export interface InflateBounds {
  limit: 'maxDecompressedBytes' | 'maxLevelMetaBytes' | 'maxPlayerSaveBytes' | 'maxWorldOptionBytes';
  budget?: InflateBudget;
}

const LEVEL_BOUNDS: InflateBounds = { limit: 'maxDecompressedBytes' };

export interface Container {
  gvas: Uint8Array;
  /** `PlZ1`, `PlZ2`, `PlM1`, `CNK+PlM1`, `GVAS`, ... */
  container: string;
}

function isGvas(b: Uint8Array, at = 0): boolean {
  return b.length >= at + 4 && b[at] === 0x47 && b[at + 1] === 0x56 && b[at + 2] === 0x41 && b[at + 3] === 0x53;
}

function magicAt(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at], b[at + 1], b[at + 2]);
}

function typeLabel(t: number): string {
  return t >= 0x30 && t <= 0x39 ? String.fromCharCode(t) : `x${t.toString(16).padStart(2, '0')}`;
}

interface Header {
  uncompressed: number;
  compressed: number;
  magic: string;
  type: number;
  payloadAt: number;
}

/** Counts `bytes` against the parse's budget before they are allocated. */
function spend(bounds: InflateBounds, bytes: number, at: number): void {
  if (!bounds.budget) return;
  checkLimit('maxParseDecompressedBytes', bounds.budget.used + bytes, at);
  bounds.budget.used += bytes;
}

function readHeader(file: Uint8Array, at: number): Header {
  if (file.length < at + 12) throw new SaveReadError('truncated', `it is too short to be a Palworld save (${file.length} bytes)`, at);
  // The magic first: a file that is no save at all (a text file, an archive) is told so, not
  // judged by sizes read from bytes that were never a header.
  const magic = magicAt(file, at + 8);
  if (magic !== 'PlZ' && magic !== 'PlM' && magic !== 'CNK') {
    throw new SaveReadError('bad_magic', 'it has no Palworld save header (PlZ, PlM or CNK) and is not a bare GVAS file', at + 8);
  }
  const dv = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const h = {
    uncompressed: dv.getUint32(at, true),
    compressed: dv.getUint32(at + 4, true),
    magic,
    type: file[at + 11],
    payloadAt: at + 12,
  };
  checkLimit('maxDecompressedBytes', h.uncompressed, at);
  checkLimit('maxCompressedBytes', h.compressed, at + 4);
  return h;
}

/** True when the file needs the Oodle decoder (so callers can `await ensureOodle()` first). */
export function needsOodle(file: Uint8Array): boolean {
  if (file.length < 12) return false;
  const m = magicAt(file, 8);
  return m === 'PlM' || (m === 'CNK' && file.length >= 24 && magicAt(file, 20) === 'PlM');
}

function inflateExact(data: Uint8Array, size: number, what: string): Uint8Array {
  let out: Uint8Array;
  try {
    // maxOutputLength stops a zlib bomb before it allocates past what the header promised. One
    // output chunk of the promised size: zlib writes into it and hands it back, where smaller
    // chunks would be joined into a second copy at the end (twice the memory, at the peak).
    out = inflateSync(data, { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, size + 1) });
  } catch (err) {
    throw new SaveReadError('decompress_failed', `zlib ${what} failed or produced more than the header says`, undefined, { cause: err });
  }
  if (out.length !== size) {
    throw new SaveReadError('length_mismatch', `zlib ${what} produced ${out.length} bytes, the header says ${size}`);
  }
  // A plain Uint8Array view of the Buffer: every container hands out the same type.
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

function unpack(file: Uint8Array, h: Header, bounds: InflateBounds, view: boolean): Uint8Array {
  checkLimit(bounds.limit, h.uncompressed, h.payloadAt - 12);
  spend(bounds, h.uncompressed, h.payloadAt - 12);
  const payloadLen = file.length - h.payloadAt;
  if (h.magic === 'PlZ') {
    const payload = file.subarray(h.payloadAt);
    if (h.type === 0x31) {
      if (h.compressed !== payloadLen) {
        throw new SaveReadError('length_mismatch', `PlZ1 payload is ${payloadLen} bytes, the header says ${h.compressed}`, 4);
      }
      return inflateExact(payload, h.uncompressed, 'inflate');
    }
    if (h.type === 0x32) {
      // The first pass yields the zlib stream of the GVAS, never much larger than the GVAS itself
      // (zlib's worst case adds a few bytes per 16 KiB); it counts against the budget too.
      if (h.compressed > h.uncompressed + (h.uncompressed >> 10) + 1024) {
        throw new SaveReadError(
          'length_mismatch',
          `PlZ2 declares a first pass of ${h.compressed} bytes for ${h.uncompressed} bytes of save data`,
          4,
        );
      }
      spend(bounds, h.compressed, 4);
      const once = inflateExact(payload, h.compressed, 'first inflate');
      return inflateExact(once, h.uncompressed, 'second inflate');
    }
    throw new SaveReadError('unsupported_container', `PlZ with save type 0x${h.type.toString(16)} is not known`, 11);
  }
  if (h.magic === 'PlM') {
    if (h.compressed > payloadLen) {
      throw new SaveReadError('truncated', `PlM payload is ${payloadLen} bytes, the header says ${h.compressed}`, 4);
    }
    return oodleDecompress(file.subarray(h.payloadAt, h.payloadAt + h.compressed), h.uncompressed, view);
  }
  throw new SaveReadError('bad_magic', 'not a Palworld save container (unknown magic)', h.payloadAt - 4);
}

/**
 * Unwraps a save file to its GVAS blob. Synchronous; for PlM files `ensureOodle()` must have
 * completed (use `openContainer` to have that done). `view`: a PlM file's GVAS may be a view into
 * the Oodle decoder's memory, valid only until the next Oodle decompression (oodle.ts).
 */
export function readContainer(file: Uint8Array, bounds: InflateBounds = LEVEL_BOUNDS, view = false): Container {
  if (isGvas(file)) {
    checkLimit(bounds.limit, file.length, 0);
    return { gvas: file, container: 'GVAS' };
  }
  let h = readHeader(file, 0);
  let label = '';
  if (h.magic === 'CNK') {
    h = readHeader(file, 12);
    label = 'CNK+';
    if (h.magic === 'CNK') throw new SaveReadError('bad_magic', 'nested CNK wrapper', 20);
  }
  label += h.magic + typeLabel(h.type);
  const gvas = unpack(file, h, bounds, view);
  if (!isGvas(gvas)) throw new SaveReadError('not_gvas', 'the decompressed data is not a GVAS save', 0);
  return { gvas, container: label };
}

/** Unwraps a save file, loading the Oodle decoder first when the file needs it. */
export async function openContainer(file: Uint8Array, bounds: InflateBounds = LEVEL_BOUNDS): Promise<Container> {
  if (needsOodle(file)) await ensureOodle();
  return readContainer(file, bounds);
}
