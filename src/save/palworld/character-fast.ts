// The common case of a character's RawData, decoded without the generic decoder's overhead: the
// tags of the SaveParameter's scalar properties are read in place (no tag objects, no select or
// path bookkeeping), and the few structs, arrays and maps go to the generic decoders. A world
// holds one such blob per character, 100,000 and more, and this is most of its decoding time.
//
// It either gives exactly the SaveParameter properties the generic decoder would (gvas-props.ts
// `decodeProps` with character.ts's selection) or gives up: on anything the generic decoder
// would warn about or that is not the plain shape (a repeated or indexed property, a value of
// odd size, an unknown type, an error of any kind), it returns undefined and the caller decodes
// the blob the generic way, which reports it as before. So the rows and warnings are the same
// whichever path a blob takes (test/save/row-identity.test.ts, drift-identity.test.ts).

import { SaveError } from '../errors.js';
import { decodeArray, decodeMap } from '../gvas/collections.js';
import { decodeStruct, KNOWN_UNDECODED } from '../gvas/props.js';
import type { DecodeCtx, Props, Value } from '../gvas/types.js';
import { LIMITS } from '../limits.js';
import type { ByteReader } from '../reader.js';
import { WarningSink } from '../warnings.js';

const MAX_PROPERTIES = LIMITS.maxPropertiesPerStruct;

/** Struct names decoded by their fixed layout (gvas-struct.ts), never as a property list. */
const NATIVE = new Set([
  'Guid',
  'DateTime',
  'Timespan',
  'Vector',
  'Rotator',
  'Quat',
  'Vector4',
  'Vector2D',
  'LinearColor',
  'Color',
  'IntPoint',
  'IntVector',
]);

/** The part of a tag read in place; `text` is the struct name, enum name or inner type, and
 * `text2` a map's value type. */
interface TagHead {
  size: number;
  bool: boolean;
  text: string;
  text2: string;
}

/** Reads the rest of a tag after its name and type (gvas-tag.ts `readTagRest`) into `h`; false
 * for what the generic path handles differently (a negative size, an array index). */
function tagHead(r: ByteReader, type: string, h: TagHead): boolean {
  h.size = r.i32();
  const index = r.i32();
  if (h.size < 0 || index !== 0) return false;
  switch (type) {
    case 'StructProperty':
      h.text = r.fstring();
      r.skip(16);
      break;
    case 'BoolProperty':
      h.bool = r.u8() !== 0;
      break;
    case 'ByteProperty':
    case 'EnumProperty':
    case 'ArrayProperty':
    case 'SetProperty':
      h.text = r.fstring();
      break;
    case 'MapProperty':
      h.text = r.fstring();
      h.text2 = r.fstring();
      break;
    default:
      break;
  }
  if (r.u8() !== 0) r.skip(16);
  r.need(h.size);
  return true;
}

/** One value, as gvas-props.ts `decodeTagValue` decodes it; `GIVE_UP` where this path does not. */
const GIVE_UP = Symbol('give up');

function value(r: ByteReader, type: string, h: TagHead, ctx: DecodeCtx, path: string): Value | undefined | typeof GIVE_UP {
  switch (type) {
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
      return h.size === 1 ? r.u8() : r.fstring();
    case 'BoolProperty':
      return h.bool;
    case 'StructProperty':
      return decodeStruct(r, ctx, h.text, path, 3, true, h.size);
    case 'ArrayProperty':
      return decodeArray(r, ctx, h.text, path, 3, true, decodeStruct);
    case 'MapProperty':
      return decodeMap(r, ctx, h.text, h.text2, path, 3, true, decodeStruct);
    default:
      if (KNOWN_UNDECODED.has(type)) {
        r.pos = r.end;
        return undefined;
      }
      return GIVE_UP;
  }
}

/** Warnings of the generic decoders called from here: any at all, and this path gives up. */
const scratch = new WarningSink();

/**
 * The SaveParameter of a character blob whose reader stands at its start, with the reader left
 * after the blob's property list; or undefined, with the reader where it was, when the blob is
 * to be decoded the generic way. `wanted`: the SaveParameter properties to keep.
 */
export function fastSaveParameter(r: ByteReader, file: string, path: string, wanted: ReadonlySet<string>): Props | undefined {
  const start = r.pos;
  const end = r.end;
  scratch.list.length = 0;
  scratch.drift = false;
  scratch.dropped = 0;
  try {
    const sp = saveParameterList(r, file, path, wanted);
    if (sp) return sp;
  } catch (err) {
    if (!(err instanceof SaveError)) throw err;
  }
  r.pos = start;
  r.end = end;
  return undefined;
}

function saveParameterList(r: ByteReader, file: string, path: string, wanted: ReadonlySet<string>): Props | undefined {
  const h: TagHead = { size: 0, bool: false, text: '', text2: '' };
  let sp: Props | undefined;
  for (let count = 0; ; count++) {
    if (count > MAX_PROPERTIES) return undefined;
    const name = r.fstring();
    if (name === 'None') return sp;
    const type = r.fstring();
    if (!tagHead(r, type, h)) return undefined;
    const valueEnd = r.pos + h.size;
    if (name !== 'SaveParameter') {
      r.pos = valueEnd; // not asked for: skipped by its size, as the generic path does
      continue;
    }
    if (sp || type !== 'StructProperty' || NATIVE.has(h.text)) return undefined;
    const outer = r.narrow(valueEnd);
    sp = properties(r, file, `${path}.SaveParameter`, wanted);
    if (!sp || r.pos !== valueEnd) return undefined;
    r.restore(outer);
  }
}

function properties(r: ByteReader, file: string, path: string, wanted: ReadonlySet<string>): Props | undefined {
  const h: TagHead = { size: 0, bool: false, text: '', text2: '' };
  const props: Props = new Map();
  const ctx: DecodeCtx = { file, warnings: scratch };
  for (let count = 0; ; count++) {
    if (count > MAX_PROPERTIES) return undefined;
    const name = r.fstring();
    if (name === 'None') return props;
    const type = r.fstring();
    if (!tagHead(r, type, h)) return undefined;
    const valueEnd = r.pos + h.size;
    if (!wanted.has(name)) {
      r.pos = valueEnd; // not asked for: skipped by its size, as the generic path does
      continue;
    }
    if (props.has(name)) return undefined;
    const outer = r.narrow(valueEnd);
    // Only the generic decoders of structs, arrays and maps use the path (and the warnings).
    const composite = type === 'StructProperty' || type === 'ArrayProperty' || type === 'MapProperty';
    const v = value(r, type, h, ctx, composite ? `${path}.${name}` : path);
    if (v === GIVE_UP || r.pos !== valueEnd || scratch.list.length > 0 || scratch.drift || scratch.dropped > 0) return undefined;
    if (v !== undefined) props.set(name, v);
    r.restore(outer);
  }
}
