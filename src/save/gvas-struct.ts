// Struct values. A few engine structs are stored natively (fixed binary layouts); every other
// struct, Palworld's own included, is a nested property list ending in `None`.

import { decodeProps, type DecodeCtx, type Select } from './gvas-props.js';
import type { Value } from './gvas-types.js';
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
    case 'Vector4':
      if (size === 16) return { x: r.f32(), y: r.f32(), z: r.f32(), w: r.f32() };
      return { x: r.f64(), y: r.f64(), z: r.f64(), w: r.f64() };
    case 'Vector2D':
      if (size === 8) return { x: r.f32(), y: r.f32() };
      return { x: r.f64(), y: r.f64() };
    case 'LinearColor':
      return { r: r.f32(), g: r.f32(), b: r.f32(), a: r.f32() };
    case 'Color':
      return { b: r.u8(), g: r.u8(), r: r.u8(), a: r.u8() }; // stored BGRA
    case 'IntPoint':
      return { x: r.i32(), y: r.i32() };
    case 'IntVector':
      return { x: r.i32(), y: r.i32(), z: r.i32() };
    default:
      return decodeProps(r, ctx, path, depth, select);
  }
}
