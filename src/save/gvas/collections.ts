// ArrayProperty and MapProperty values. Their elements carry no tags, so a broken element cannot be
// stepped over: the elements read so far are kept, a drift warning is recorded, and the rest of
// the value is skipped (the enclosing tag gives its end, which is this reader's `end`).

import { SaveError, SaveFormatError, OutOfBoundsError } from '../errors.js';
import { readTagFree, sanitize } from './tag.js';
import { PropMap, type DecodeCtx, type Select, type Value } from './types.js';
import { checkLimit, LIMITS } from '../limits.js';
import type { ByteReader } from '../reader.js';

const MAX_DEPTH = LIMITS.maxDepth;

/** gvas-props.ts `decodeStruct`, passed in by the caller so that this module does not import the
 * decoder it is called from. A struct named `''` is a property list. */
export type StructDecoder = (r: ByteReader, ctx: DecodeCtx, structName: string, path: string, depth: number, select: Select) => Value;

/**
 * Map keys and values of StructProperty type carry no struct name. The game's maps use either a
 * bare Guid or a property list; a key is a Guid and a value a property list unless listed here
 * (paths without element indices).
 */
const STRUCT_KEYS_AS_PROPS = new Set([
  'worldSaveData.CharacterSaveParameterMap',
  'worldSaveData.CharacterContainerSaveData',
  'worldSaveData.ItemContainerSaveData',
  'worldSaveData.FoliageGridSaveDataMap',
  'worldSaveData.FoliageGridSaveDataMap.ModelMap.InstanceDataMap',
  'worldSaveData.MapObjectSpawnerInStageSaveData',
]);

const FIXED_SIZE: Record<string, number> = {
  IntProperty: 4,
  UInt32Property: 4,
  FloatProperty: 4,
  Int64Property: 8,
  UInt64Property: 8,
  DoubleProperty: 8,
  UInt16Property: 2,
  Int16Property: 2,
  Int8Property: 1,
  BoolProperty: 1,
};

function readScalar(r: ByteReader, type: string): Value {
  switch (type) {
    case 'IntProperty':
      return r.i32();
    case 'UInt32Property':
      return r.u32();
    case 'FloatProperty':
      return r.f32();
    case 'Int64Property':
      return r.i64n();
    case 'UInt64Property':
      return r.u64n();
    case 'DoubleProperty':
      return r.f64();
    case 'UInt16Property':
      return r.u16();
    case 'Int16Property':
      return r.i16();
    case 'Int8Property':
      return r.i8();
    case 'BoolProperty':
      return r.u8() !== 0;
    case 'ByteProperty':
      return r.u8();
    case 'StrProperty':
    case 'NameProperty':
    case 'EnumProperty':
      return r.fstring();
    default:
      throw new SaveFormatError('unknown_type', `unknown element type ${sanitize(type)}`, r.pos);
  }
}

function readCount(r: ByteReader, limit: 'maxArrayCount' | 'maxMapEntries'): number {
  const at = r.pos;
  const count = r.u32();
  if (count > LIMITS[limit]) checkLimit(limit, count, at);
  // Every element takes at least one byte, so a count beyond the bytes left is a lie.
  if (count > r.remaining) throw new OutOfBoundsError(count, r.pos, r.end);
  return count;
}

function stopEarly(r: ByteReader, ctx: DecodeCtx, err: unknown, path: string, read: number): void {
  if (!(err instanceof SaveError)) throw err;
  ctx.warnings.add(ctx.file, err.offset ?? r.pos, path, `elements from ${read} on skipped: ${err.message}`, true);
  r.pos = r.end;
}

export function decodeArray(
  r: ByteReader,
  ctx: DecodeCtx,
  inner: string,
  path: string,
  depth: number,
  select: Select,
  decodeStruct: StructDecoder,
): Value | undefined {
  if (!(depth <= MAX_DEPTH)) checkLimit('maxDepth', depth, r.pos);
  const count = readCount(r, 'maxArrayCount');
  if (inner === 'ByteProperty') {
    // Raw bytes (every RawData blob); an enum-typed byte array would hold names instead.
    if (r.remaining === count) return r.bytesView(count);
    return readList(r, ctx, count, 'NameProperty', path);
  }
  if (inner === 'StructProperty') {
    const tag = readTagFree(r);
    const structName = tag.structName ?? '';
    r.need(tag.size);
    const out: Value[] = [];
    const start = r.pos;
    // Raw readers are keyed by paths without indices, which only arrays outside any array or map
    // have: the path is looked up as it is, never rewritten for each of a world's arrays.
    const raw = ctx.rawSinks?.get(path);
    try {
      for (let i = 0; i < count; i++) {
        const at = r.pos;
        if (raw?.(r, i)) continue;
        r.pos = at;
        out.push(decodeStruct(r, ctx, structName, `${path}[${i}]`, depth + 1, select));
      }
    } catch (err) {
      stopEarly(r, ctx, err, path, out.length);
      return out;
    }
    if (r.pos - start !== tag.size) {
      ctx.warnings.add(ctx.file, start, path, `array elements used ${r.pos - start} of ${tag.size} bytes`, true);
    }
    return out;
  }
  const fixed = FIXED_SIZE[inner];
  if (fixed !== undefined) r.need(count * fixed);
  else if (inner !== 'StrProperty' && inner !== 'NameProperty' && inner !== 'EnumProperty') {
    if (inner.endsWith('ObjectProperty') || inner === 'SoftClassProperty') {
      r.pos = r.end; // object references: never needed
      return undefined;
    }
    throw new SaveFormatError('unknown_type', `unknown array element type ${sanitize(inner)}`, r.pos);
  }
  return readList(r, ctx, count, inner, path);
}

function readList(r: ByteReader, ctx: DecodeCtx, count: number, type: string, path: string): Value[] {
  const out: Value[] = [];
  try {
    for (let i = 0; i < count; i++) out.push(readScalar(r, type));
  } catch (err) {
    stopEarly(r, ctx, err, path, out.length);
  }
  return out;
}

function decodeElement(
  r: ByteReader,
  ctx: DecodeCtx,
  type: string,
  asProps: boolean,
  path: string,
  depth: number,
  select: Select,
  decodeStruct: StructDecoder,
): Value {
  if (type !== 'StructProperty') return readScalar(r, type);
  // The empty struct name is no native struct: a property list.
  return asProps ? decodeStruct(r, ctx, '', path, depth, select) : r.guid();
}

export function decodeMap(
  r: ByteReader,
  ctx: DecodeCtx,
  keyType: string,
  valueType: string,
  path: string,
  depth: number,
  select: Select,
  decodeStruct: StructDecoder,
): PropMap {
  if (!(depth <= MAX_DEPTH)) checkLimit('maxDepth', depth, r.pos);
  const removedAt = r.pos;
  if (r.u32() !== 0) throw new SaveFormatError('unexpected_layout', 'map with keys to remove', removedAt);
  const count = readCount(r, 'maxMapEntries');
  const bare = path.replace(/\[\d+\]/g, '');
  const keysAsProps = STRUCT_KEYS_AS_PROPS.has(bare);
  const sink = ctx.sinks?.get(bare);
  const raw = ctx.rawSinks?.get(bare);
  const entries: [Value, Value][] = [];
  const map = new PropMap(entries);
  let read = 0;
  try {
    for (let i = 0; i < count; i++) {
      const at = r.pos;
      if (raw?.(r, i)) {
        read++;
        continue;
      }
      r.pos = at;
      const here = `${path}[${i}]`;
      const k = decodeElement(r, ctx, keyType, keysAsProps, `${here}.Key`, depth + 1, true, decodeStruct);
      const v = decodeElement(r, ctx, valueType, true, here, depth + 1, select, decodeStruct);
      read++;
      if (sink) sink(k, v, i, map);
      else entries.push([k, v]);
    }
  } catch (err) {
    stopEarly(r, ctx, err, path, read);
  }
  return map;
}
