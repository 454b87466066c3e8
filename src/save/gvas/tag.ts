// Property tags (the pre-UE5.4 tag layout Palworld writes): reading one, stepping over one, and
// the printable form of names shown in warnings. A leaf of the GVAS decoder: it decodes no values.

import { SaveFormatError } from '../errors.js';
import type { ByteReader } from '../reader.js';

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

/** Reads one tag; returns undefined at the `None` that ends a property list. */
function negativeSize(name: string, at: number): SaveFormatError {
  const which = name === '' ? 'a property with an empty name' : `the property "${sanitize(name)}"`;
  return new SaveFormatError('bad_tag', `${which} declares a negative size at byte ${at}`, at);
}

export function readTag(r: ByteReader): Tag | undefined {
  const name = r.fstring();
  if (name === 'None') return undefined;
  return readTagRest(r, name, r.fstring());
}

/** The rest of a tag after its name and type. Every field is set, so all tags share one shape. */
export function readTagRest(r: ByteReader, name: string, type: string): Tag {
  const sizeAt = r.pos;
  const size = r.i32();
  const index = r.i32();
  if (size < 0) throw negativeSize(name, sizeAt);
  const tag: Tag = {
    name,
    type,
    size,
    index,
    structName: undefined,
    boolValue: undefined,
    enumName: undefined,
    innerType: undefined,
    valueType: undefined,
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
export function skipTagRest(r: ByteReader, name: string, type: string): number {
  const sizeAt = r.pos;
  const size = r.i32();
  r.skip(4); // array index
  if (size < 0) throw negativeSize(name, sizeAt);
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
