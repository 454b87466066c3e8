// One GVAS file: header, then the top-level property list, then a 4-byte zero trailer. Only the
// properties named in `select` are decoded; the rest are skipped by their tag sizes.

import { asReadError } from '../errors.js';
import { readGvasHeader, type GvasHeader } from './header.js';
import { decodeProps } from './props.js';
import type { DecodeCtx, EntrySink, Props, RawSink, Select } from './types.js';
import { ByteReader } from '../reader.js';
import type { WarningSink } from '../warnings.js';

export interface GvasFile {
  header: GvasHeader;
  props: Props;
  /** The decompressed bytes; RawData blobs in `props` are views into them. */
  bytes: Uint8Array;
}

/**
 * Decodes a GVAS blob. A broken header or top-level tag throws a SaveReadError (the file cannot be
 * read); a broken value below the top level becomes a drift warning in `warnings`. `sinks` take
 * the entries of the maps they name as each is decoded (gvas-types.ts `EntrySink`).
 */
export function decodeGvas(
  bytes: Uint8Array,
  file: string,
  warnings: WarningSink,
  select: Select,
  sinks?: ReadonlyMap<string, EntrySink>,
  rawSinks?: ReadonlyMap<string, RawSink>,
  skipped?: DecodeCtx['skipped'],
): GvasFile {
  const r = new ByteReader(bytes);
  let header: GvasHeader | undefined;
  let props: Props;
  const ctx: DecodeCtx = sinks ? { file, warnings, sinks } : { file, warnings };
  if (rawSinks) ctx.rawSinks = rawSinks;
  if (skipped) ctx.skipped = skipped;
  try {
    header = readGvasHeader(r);
    props = decodeProps(r, ctx, '', 0, select);
  } catch (err) {
    const where =
      header === undefined ? 'in its GVAS header' : ctx.top ? `after the top-level property ${ctx.top}` : 'in its first top-level property';
    throw asReadError(err, `${file} could not be read (${where})`);
  }
  const trailerOk = r.remaining === 4 && bytes[r.pos] === 0 && bytes[r.pos + 1] === 0 && bytes[r.pos + 2] === 0 && bytes[r.pos + 3] === 0;
  if (!trailerOk) {
    warnings.add(file, r.pos, '', `unexpected ${r.remaining} bytes after the last property`, false);
  }
  return { header, props, bytes };
}
