// Property lists and tags (the pre-UE5.4 tag layout Palworld writes). Each tag carries the byte
// size of its value, which gives two things: properties nobody asked for are skipped without being
// decoded (the bulk of a world save), and a value that fails to decode is skipped as a unit, with
// a format-drift warning, while its siblings are still read.

import { SaveError, SaveFormatError } from './errors.js';
import { decodeArray, decodeMap } from './gvas-collections.js';
import { decodeStruct } from './gvas-struct.js';
import type { Props, Value } from './gvas-types.js';
import { checkLimit, LIMITS } from './limits.js';
import type { ByteReader } from './reader.js';
import type { WarningSink } from './warnings.js';

/** What to decode: `true` = everything below; an object = only the listed properties (applied to
 * a struct's properties, and to the values of a map or elements of an array of structs). */
export type Select = true | { readonly [name: string]: Select };

export interface DecodeCtx {
  file: string;
  warnings: WarningSink;
}

export interface Tag {
  name: string;
  type: string;
  size: number;
  index: number;
  structName: string | undefined;
  boolValue: boolean | undefined;
  enumName: string | undefined;
  innerType: string | undefined;
  valueType: string | undefined;
}

/** UE property types that are known but never needed here: skipped by size, not drift. */
const KNOWN_UNDECODED = new Set([
  'SetProperty', 'TextProperty', 'ObjectProperty', 'SoftObjectProperty', 'WeakObjectProperty',
  'LazyObjectProperty', 'InterfaceProperty', 'DelegateProperty', 'MulticastDelegateProperty',
  'MulticastInlineDelegateProperty', 'MulticastSparseDelegateProperty', 'FieldPathProperty',
  'ClassProperty', 'SoftClassProperty', 'OptionalProperty', 'FixedPoint64Property',
]);

/** Reads one tag; returns undefined at the `None` that ends a property list. */
export function readTag(r: ByteReader): Tag | undefined {
  const name = r.fstring();
  if (name === 'None') return undefined;
  return readTagRest(r, name, r.fstring());
}

/** The rest of a tag after its name and type. Every field is set, so all tags share one shape. */
function readTagRest(r: ByteReader, name: string, type: string): Tag {
  const sizeAt = r.pos;
  const size = r.i32();
  const index = r.i32();
  if (size < 0) throw new SaveFormatError('bad_tag', `negative property size for ${sanitize(name)}`, sizeAt);
  const tag: Tag = {
    name, type, size, index,
    structName: undefined, boolValue: undefined, enumName: undefined, innerType: undefined, valueType: undefined,
  };
  switch (type) {
    case 'StructProperty':
      tag.structName = r.fstring();
      r.skip(16); // struct Guid, always zero
      break;
    case 'BoolProperty':
      tag.boolValue = r.u8() !== 0;
      break;
    case 'ByteProperty':
    case 'EnumProperty':
      tag.enumName = r.fstring();
      break;
    case 'ArrayProperty':
    case 'SetProperty':
      tag.innerType = r.fstring();
      break;
    case 'MapProperty':
      tag.innerType = r.fstring();
      tag.valueType = r.fstring();
      break;
    default:
      break;
  }
  if (r.u8() !== 0) r.skip(16); // optional property Guid
  return tag;
}

/**
 * Steps over the rest of a tag and its value without decoding either (a property nobody asked
 * for): the type-specific tag data is skipped, not read into strings. Returns the value's end.
 */
function skipTagRest(r: ByteReader, name: string, type: string): number {
  const sizeAt = r.pos;
  const size = r.i32();
  r.skip(4); // array index
  if (size < 0) throw new SaveFormatError('bad_tag', `negative property size for ${sanitize(name)}`, sizeAt);
  switch (type) {
    case 'StructProperty':
      r.skipFString();
      r.skip(16);
      break;
    case 'BoolProperty':
      r.skip(1);
      break;
    case 'ByteProperty':
    case 'EnumProperty':
    case 'ArrayProperty':
    case 'SetProperty':
      r.skipFString();
      break;
    case 'MapProperty':
      r.skipFString();
      r.skipFString();
      break;
    default:
      break;
  }
  if (r.u8() !== 0) r.skip(16);
  r.need(size);
  return r.pos + size;
}

/** The element tag of an array of structs (never `None`). */
export function readTagFree(r: ByteReader): Tag {
  const at = r.pos;
  const tag = readTag(r);
  if (!tag || tag.type !== 'StructProperty') {
    throw new SaveFormatError('bad_tag', 'array of structs without its element tag', at);
  }
  return tag;
}

/** Property names are shown in warnings: keep them short and printable. */
export function sanitize(s: string): string {
  const clean = s.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
}

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
    const here = path ? `${path}.${key}` : key;
    const start = r.pos;
    const oldEnd = r.narrow(valueEnd);
    try {
      const v = decodeTagValue(r, ctx, tag, here, depth, sub);
      if (v !== undefined) props.set(key, v);
      if (r.pos !== valueEnd) {
        ctx.warnings.add(ctx.file, start, here, `${tag.type} value used ${r.pos - start} of ${tag.size} bytes`, true);
      }
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
      ctx.warnings.add(ctx.file, err.offset ?? start, here, `${sanitize(tag.type)} skipped: ${err.message}`, true);
    } finally {
      r.restore(oldEnd);
    }
    r.pos = valueEnd;
  }
  return props;
}

function decodeTagValue(r: ByteReader, ctx: DecodeCtx, tag: Tag, path: string, depth: number, select: Select): Value | undefined {
  switch (tag.type) {
    case 'IntProperty': return r.i32();
    case 'Int8Property': return r.i8();
    case 'Int16Property': return r.i16();
    case 'Int64Property': return r.i64n();
    case 'UInt16Property': return r.u16();
    case 'UInt32Property': return r.u32();
    case 'UInt64Property': return r.u64n();
    case 'FloatProperty': return r.f32();
    case 'DoubleProperty': return r.f64();
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
      return decodeArray(r, ctx, tag.innerType ?? '', path, depth + 1, select);
    case 'MapProperty':
      return decodeMap(r, ctx, tag.innerType ?? '', tag.valueType ?? '', path, depth + 1, select);
    default:
      if (KNOWN_UNDECODED.has(tag.type)) {
        r.pos = r.end;
        return undefined;
      }
      throw new SaveFormatError('unknown_type', `unknown property type ${sanitize(tag.type)}`, r.pos);
  }
}
