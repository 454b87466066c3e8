// Property lists and their values (tags: gvas-tag.ts). Each tag carries the byte size of its
// value, which gives two things: properties nobody asked for are skipped without being
// decoded (the bulk of a world save), and a value that fails to decode is skipped as a unit, with
// a format-drift warning, while its siblings are still read.

// The decoder is recursive (a struct holds properties, an array holds structs), and the
// recursion is closed here: gvas-struct.ts and gvas-collections.ts import no decoder of property
// lists, and collections are handed `decodeStruct` for their struct elements, so the modules
// import one another in one direction only.

import { SaveError, SaveFormatError } from '../errors.js';
import { decodeArray, decodeMap } from './collections.js';
import { decodeNativeStruct } from './struct.js';
import { readTagRest, sanitize, skipTagRest, type Tag } from './tag.js';
import type { DecodeCtx, Props, Select, Value } from './types.js';
import { checkLimit, LIMITS } from '../limits.js';
import type { ByteReader } from '../reader.js';

/** UE property types that are known but never needed here: skipped by size, not drift. */
export const KNOWN_UNDECODED = new Set([
  'SetProperty',
  'TextProperty',
  'ObjectProperty',
  'SoftObjectProperty',
  'WeakObjectProperty',
  'LazyObjectProperty',
  'InterfaceProperty',
  'DelegateProperty',
  'MulticastDelegateProperty',
  'MulticastInlineDelegateProperty',
  'MulticastSparseDelegateProperty',
  'FieldPathProperty',
  'ClassProperty',
  'SoftClassProperty',
  'OptionalProperty',
  'FixedPoint64Property',
]);

/** Property types whose values hold properties or elements, so their decoders need a path. */
const COMPOSITE = new Set(['StructProperty', 'ArrayProperty', 'MapProperty']);

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

const MAX_PROPERTIES = LIMITS.maxPropertiesPerStruct;
const MAX_DEPTH = LIMITS.maxDepth;

/**
 * Reads properties up to `None`. A value that cannot be decoded is skipped to the end its tag
 * gives, with a drift warning. A broken tag leaves no way to find the next one: at the top level
 * it propagates (the file cannot be read); below, the properties read so far are kept, a drift
 * warning is recorded and the rest of the enclosing value is skipped.
 */
export function decodeProps(r: ByteReader, ctx: DecodeCtx, path: string, depth: number, select: Select): Props {
  if (!(depth <= MAX_DEPTH)) checkLimit('maxDepth', depth, r.pos);
  const props: Props = new Map();
  for (let count = 0; ; count++) {
    let tag: Tag;
    const tagAt = r.pos;
    try {
      if (count > MAX_PROPERTIES) checkLimit('maxPropertiesPerStruct', count, r.pos);
      const name = r.fstring();
      if (name === 'None') break;
      const type = r.fstring();
      if (select !== true && !Object.hasOwn(select, name)) {
        // Not asked for: skipped by its size, its tag data not even decoded.
        r.pos = skipTagRest(r, name, type);
        if (ctx.skipped) ctx.skipped(path, name, tagAt, r.pos);
        continue;
      }
      tag = readTagRest(r, name, type);
      r.need(tag.size);
    } catch (err) {
      if (depth === 0 || !(err instanceof SaveError)) throw err;
      ctx.warnings.add(ctx.file, err.offset ?? tagAt, path, `properties from here on skipped: ${err.message}`, true);
      r.pos = r.end;
      return props;
    }
    const valueEnd = r.pos + tag.size;
    const sub = select === true ? true : select[tag.name];
    const key = tag.index === 0 ? tag.name : `${tag.name}[${tag.index}]`;
    // The path is only built where it can be used: below a struct, array or map, or in a warning
    // (a world's characters hold a million scalar properties).
    const here = COMPOSITE.has(tag.type) ? join(path, key) : '';
    if (depth === 0) ctx.top = key;
    const start = r.pos;
    const oldEnd = r.narrow(valueEnd);
    try {
      const v = decodeTagValue(r, ctx, tag, here, depth, sub);
      if (v !== undefined) props.set(key, v);
      if (r.pos !== valueEnd) {
        ctx.warnings.add(ctx.file, start, here || join(path, key), `${tag.type} value used ${r.pos - start} of ${tag.size} bytes`, true);
      }
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
      ctx.warnings.add(ctx.file, err.offset ?? start, here || join(path, key), `${sanitize(tag.type)} skipped: ${err.message}`, true);
    } finally {
      r.restore(oldEnd);
    }
    r.pos = valueEnd;
  }
  return props;
}

function decodeTagValue(r: ByteReader, ctx: DecodeCtx, tag: Tag, path: string, depth: number, select: Select): Value | undefined {
  switch (tag.type) {
    case 'IntProperty':
      return r.i32();
    case 'Int8Property':
      return r.i8();
    case 'Int16Property':
      return r.i16();
    case 'Int64Property':
      return r.i64n();
    case 'UInt16Property':
      return r.u16();
    case 'UInt32Property':
      return r.u32();
    case 'UInt64Property':
      return r.u64n();
    case 'FloatProperty':
      return r.f32();
    case 'DoubleProperty':
      return r.f64();
    case 'StrProperty':
    case 'NameProperty':
    case 'EnumProperty':
      return r.fstring();
    case 'ByteProperty':
      // A plain byte has enum "None" and size 1; an enum byte holds the enum value's name.
      return tag.size === 1 ? r.u8() : r.fstring();
    case 'BoolProperty':
      return tag.boolValue ?? false;
    case 'StructProperty':
      return decodeStruct(r, ctx, tag.structName ?? '', path, depth + 1, select, tag.size);
    case 'ArrayProperty':
      return decodeArray(r, ctx, tag.innerType ?? '', path, depth + 1, select, decodeStruct);
    case 'MapProperty':
      return decodeMap(r, ctx, tag.innerType ?? '', tag.valueType ?? '', path, depth + 1, select, decodeStruct);
    default:
      if (KNOWN_UNDECODED.has(tag.type)) {
        r.pos = r.end;
        return undefined;
      }
      throw new SaveFormatError('unknown_type', `unknown property type ${sanitize(tag.type)}`, r.pos);
  }
}

/**
 * Decodes one struct value: a native engine struct by its fixed layout, any other struct as a
 * property list. `size` as in `decodeNativeStruct`.
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
  return decodeNativeStruct(r, structName, size) ?? decodeProps(r, ctx, path, depth, select);
}
