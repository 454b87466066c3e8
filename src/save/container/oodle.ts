// The only module that touches `ooz-wasm` (GPL-3.0-or-later, an Oodle decoder compiled to wasm).
// ooz-wasm instantiates its wasm with a top-level await on import; the single-executable build
// rewrites that, so all use of the package stays behind this explicit async init plus a sync call.

import { SaveReadError } from '../errors.js';

interface Ooz {
  decompress(data: Uint8Array, rawSize: number): Uint8Array;
  decompressUnsafe(data: Uint8Array, rawSize: number): Uint8Array;
}

let ooz: Ooz | undefined;
let loading: Promise<Ooz> | undefined;

/** Loads and instantiates the decoder once; later calls return at once. */
export async function ensureOodle(): Promise<void> {
  if (ooz) return;
  // Inside the single executable the bundler turns ooz-wasm's top-level await into an explicit
  // `initOoz()` (scripts/bundle.mjs); from the checkout the import itself has initialised it.
  loading ??= import('ooz-wasm').then(async (m) => {
    const mod = m as unknown as Ooz & { initOoz?: () => Promise<void> };
    if (typeof mod.initOoz === 'function') await mod.initOoz();
    return mod;
  });
  try {
    ooz = await loading;
  } catch (err) {
    loading = undefined;
    throw new SaveReadError('oodle_unavailable', 'the Oodle decoder could not be loaded', undefined, { cause: err });
  }
}

/**
 * Decompresses one Oodle stream (Palworld writes Mermaid) to exactly `rawSize` bytes. Any failure
 * of the decoder, a wasm trap included, becomes a SaveReadError. With `view`, the bytes are a
 * view into the decoder's memory that the next call of this function reuses: the caller must be
 * done with them before it decompresses anything else.
 */
export function oodleDecompress(data: Uint8Array, rawSize: number, view = false): Uint8Array {
  if (!ooz) throw new SaveReadError('oodle_unavailable', 'ensureOodle() must complete before Oodle decompression');
  let out: Uint8Array;
  try {
    // A view into the decoder's own memory, valid until the next call, or a copy of it. The copy
    // of a world (37 MB at 1.0) is as much memory again, and its first touch costs time.
    out = view ? ooz.decompressUnsafe(data, rawSize) : ooz.decompress(data, rawSize);
  } catch (err) {
    throw new SaveReadError('decompress_failed', 'Oodle decompression failed', undefined, { cause: err });
  }
  if (out.length !== rawSize) {
    throw new SaveReadError('length_mismatch', `Oodle produced ${out.length} bytes, the header says ${rawSize}`);
  }
  return out;
}
