// Struct values. A few engine structs are stored natively (fixed binary layouts); every other
// struct, Palworld's own included, is a nested property list ending in `None`.

import { decodeProps, type DecodeCtx, type Select } from './gvas-props.js';
import { newProps, type Value } from './gvas-types.js';
import type { ByteReader } from './reader.js';

/**
 * Decodes one struct value. `size` is the tag's value size when the struct has its own tag (it
 * tells a UE5 double-precision Vector from an old float one); undefined inside arrays and maps.
 */
export function decodeStruct(
  r: ByteReader,
  ctx: DecodeCtx,
  structName: string,
  path: string,
  depth: number,
  select: Select,
  size?: number,
): Value {
  switch (structName) {
    case 'Guid':
      return r.guid();
    case 'DateTime':
    case 'Timespan':
      return r.i64();
    case 'Vector':
    case 'Rotator':
      if (size === 12) return { x: r.f32(), y: r.f32(), z: r.f32() };
      return { x: r.f64(), y: r.f64(), z: r.f64() };
    case 'Quat':
    case 'Vector4': {
      const q = newProps();
      if (size === 16) for (const k of ['x', 'y', 'z', 'w']) q[k] = r.f32();
      else for (const k of ['x', 'y', 'z', 'w']) q[k] = r.f64();
      return q;
    }
    case 'Vector2D': {
      const v = newProps();
      if (size === 8) { v.x = r.f32(); v.y = r.f32(); } else { v.x = r.f64(); v.y = r.f64(); }
      return v;
    }
    case 'LinearColor': {
      const c = newProps();
      for (const k of ['r', 'g', 'b', 'a']) c[k] = r.f32();
      return c;
    }
    case 'Color': {
      const c = newProps();
      for (const k of ['b', 'g', 'r', 'a']) c[k] = r.u8(); // stored BGRA
      return c;
    }
    case 'IntPoint': {
      const p = newProps();
      p.x = r.i32();
      p.y = r.i32();
      return p;
    }
    case 'IntVector':
      return { x: r.i32(), y: r.i32(), z: r.i32() };
    default:
      return decodeProps(r, ctx, path, depth, select);
  }
}
