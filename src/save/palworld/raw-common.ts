// Shared helpers of the Palworld RawData decoders. A RawData blob is an ArrayProperty<Byte> whose
// bytes follow a private layout per structure; the decoders read it with a reader narrowed to the
// blob, so offsets in warnings stay offsets into the file's GVAS.

import { SaveError, SaveFormatError } from '../errors.js';
import type { DecodeCtx } from '../gvas/types.js';
import { checkLimit } from '../limits.js';
import { ByteReader } from '../reader.js';
import type { StringPool } from '../gvas/string-pool.js';

export interface RawCtx extends DecodeCtx {
  /** The whole decompressed GVAS the blobs are views of. */
  gvas: Uint8Array;
  /** A reader over `gvas` whose views the blob readers share (made on first use). */
  root?: ByteReader;
  /** Shares the ids many entries repeat, among the decoded facts a parse holds. */
  pool?: StringPool;
}

/** A reader over exactly the blob, positioned in GVAS coordinates when the blob is a view of it. */
export function blobReader(ctx: RawCtx, blob: Uint8Array): ByteReader {
  const g = ctx.gvas;
  const start = blob.byteOffset - g.byteOffset;
  if (blob.buffer === g.buffer && start >= 0 && start + blob.length <= g.length) {
    ctx.root ??= new ByteReader(g);
    return ctx.root.window(start, start + blob.length);
  }
  return new ByteReader(blob);
}

/** Offset of a blob in the GVAS, for warnings. */
export function blobOffset(ctx: RawCtx, blob: Uint8Array): number {
  const start = blob.byteOffset - ctx.gvas.byteOffset;
  return blob.buffer === ctx.gvas.buffer && start >= 0 ? start : 0;
}

/** `u32 n` then n fixed-size items: the count is checked before anything is allocated. */
export function readCount(r: ByteReader, itemSize: number): number {
  const at = r.pos;
  const n = r.u32();
  checkLimit('maxArrayCount', n, at);
  r.need(n * itemSize);
  return n;
}

export function readGuids(r: ByteReader): string[] {
  const n = readCount(r, 16);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = r.guid();
  return out;
}

/** An FTransform as Palworld stores it in raw data: rotation Quat, translation, scale (f64). */
export function readTransform(r: ByteReader): { x: number; y: number; z: number } {
  r.skip(32); // rotation
  const t = { x: r.f64(), y: r.f64(), z: r.f64() };
  r.skip(24); // scale
  return t;
}

/** The v0.6+ 4-byte trailer, or nothing for older saves; anything else is an unknown layout. */
export function readTrailer(r: ByteReader, what: string): boolean {
  if (r.remaining === 0) return false;
  if (r.remaining === 4) {
    r.skip(4);
    return true;
  }
  throw new SaveFormatError('unknown_layout', `${what} has ${r.remaining} unexpected bytes at its end`, r.pos);
}

/**
 * Tries layouts in order and returns the first that reads without error and ends exactly at the
 * end of the blob; undefined when none fits.
 */
export function firstExactFit<T>(r: ByteReader, layouts: readonly ((r: ByteReader) => T)[]): T | undefined {
  const start = r.pos;
  for (const layout of layouts) {
    r.pos = start;
    try {
      const v = layout(r);
      if (r.remaining === 0) return v;
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
    }
  }
  r.pos = start;
  return undefined;
}
