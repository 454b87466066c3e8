// Native struct values: the few engine structs stored in a fixed binary layout. Every other
// struct, Palworld's own included, is a nested property list ending in `None`, which
// gvas-props.ts decodes; this module decodes no property lists, so it imports no decoder.

import type { Value } from './types.js';
import type { ByteReader } from '../reader.js';

/**
 * Decodes one native struct value, or returns undefined (having read nothing) when `structName`
 * is not a native struct. `size` is the tag's value size when the struct has its own tag (it
 * tells a UE5 double-precision Vector from an old float one); undefined inside arrays and maps.
 */
export function decodeNativeStruct(r: ByteReader, structName: string, size?: number): Value | undefined {
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
      return undefined;
  }
}
