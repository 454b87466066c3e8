// The seeded mutations of the fuzz suite (test/save/fuzz.test.ts), shared with its timing bench
// (bench/parse/fuzz-timing.ts): the same variants are checked for outcome there and timed here.
import { ByteReader } from '../../src/save/reader.js';

export const INTERESTING = [0, 1, 2, 4, 5, 16, 0x7f, 0x80, 0xff, 0x7fff, 0xffff, 0x10000, 0x7fffffff, -1, -2, -0x80000000, 0x40000000];

/** Byte ranges worth mutating: the values of the properties the parser decodes. */
export function hotRanges(gvas: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  const text = Buffer.from(gvas.buffer, gvas.byteOffset, gvas.byteLength);
  for (const name of [
    'CharacterSaveParameterMap',
    'GroupSaveDataMap',
    'BaseCampSaveData',
    'CharacterContainerSaveData',
    'GameTimeSaveData',
    'SaveData',
    'RecordData',
  ]) {
    const at = text.indexOf(`${name}\0`, 0, 'latin1');
    if (at < 4) continue;
    try {
      const r = new ByteReader(gvas, at - 4);
      r.fstring();
      r.fstring();
      const size = r.i32();
      out.push([at - 4, Math.min(gvas.length, r.pos + 60 + Math.max(0, size))]);
    } catch {
      // not a tag after all
    }
  }
  return out.length > 0 ? out : [[0, gvas.length]];
}

export interface Variant {
  bytes: Uint8Array;
  undo: () => void;
}

/** One mutation: in place when the length is kept (undone afterwards), else a new buffer. */
export function mutate(src: Uint8Array, hot: [number, number][], next: () => number, allowResize: boolean): Variant {
  const pick = (): number => {
    if (next() < 0.75) {
      const [a, b] = hot[Math.floor(next() * hot.length)];
      return a + Math.floor(next() * (b - a));
    }
    return Math.floor(next() * src.length);
  };
  const kind = next();
  if (kind < 0.1) return { bytes: src.subarray(0, Math.floor(next() * src.length)), undo: () => {} };
  if (allowResize && kind < 0.2) {
    const n = Math.min(src.length, 1 + Math.floor(next() * 64));
    const at = Math.min(pick(), src.length - n);
    const out = new Uint8Array(src.length + (next() < 0.5 ? -n : n));
    if (out.length < src.length) {
      out.set(src.subarray(0, at));
      out.set(src.subarray(Math.min(src.length, at + n)), at);
    } else {
      out.set(src.subarray(0, at));
      for (let i = 0; i < n; i++) out[at + i] = Math.floor(next() * 256);
      out.set(src.subarray(at), at + n);
    }
    return { bytes: out, undo: () => {} };
  }
  const saved: [number, number][] = [];
  const set = (i: number, v: number): void => {
    if (i < 0 || i >= src.length) return;
    saved.push([i, src[i]]);
    src[i] = v & 0xff;
  };
  const edits = 1 + Math.floor(next() * 6);
  for (let e = 0; e < edits; e++) {
    const at = pick();
    if (next() < 0.5) {
      set(at, Math.floor(next() * 256));
    } else {
      const v = INTERESTING[Math.floor(next() * INTERESTING.length)];
      for (let i = 0; i < 4; i++) set(at + i, v >>> (8 * i));
    }
  }
  return {
    bytes: src,
    undo: () => {
      for (let i = saved.length - 1; i >= 0; i--) src[saved[i][0]] = saved[i][1];
    },
  };
}
