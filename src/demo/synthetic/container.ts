// The PlZ save container (see /work/shared/design/save-format.md §1 and src/save/container.ts):
// u32 uncompressed length, u32 compressed length, `PlZ`, type byte, then the zlib payload.
//   0x31: one zlib stream, compressed length = payload length (LevelMeta.sav, player saves)
//   0x32: zlib twice, compressed length = the length after the first inflate (Level.sav)

import { deflateSync } from 'node:zlib';

/** zlib level: fast; the output is still byte-identical for the same input. */
const LEVEL = 1;
/** The second pass of PlZ2 runs over deflated data, which does not compress further: stored
 * blocks (a valid zlib stream) are 30x faster to write than level 1 and no larger. */
const OUTER_LEVEL = 0;

function header(uncompressed: number, compressed: number, type: 0x31 | 0x32): Uint8Array {
  const h = new Uint8Array(12);
  const dv = new DataView(h.buffer);
  dv.setUint32(0, uncompressed, true);
  dv.setUint32(4, compressed, true);
  h.set([0x50, 0x6c, 0x5a, type], 8);
  return h;
}

function join(h: Uint8Array, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(h.length + payload.length);
  out.set(h);
  out.set(payload, h.length);
  return out;
}

export function plz1(gvas: Uint8Array): Uint8Array {
  const z = deflateSync(gvas, { level: LEVEL });
  return join(header(gvas.length, z.length, 0x31), z);
}

export function plz2(gvas: Uint8Array): Uint8Array {
  const once = deflateSync(gvas, { level: LEVEL });
  const twice = deflateSync(once, { level: OUTER_LEVEL });
  return join(header(gvas.length, once.length, 0x32), twice);
}
