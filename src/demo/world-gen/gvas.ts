// GVAS property tags (pre-UE5.4 layout, save-format.md §2), written in place: a tag's size is
// patched after its value is written, so nested structures cost no copies.
import { ByteWriter } from './bytes.js';

export type Body = (w: ByteWriter) => void;

/** name, type, size (patched), index 0, type-specific tag data, the 0 "no guid" byte, value. */
export function prop(w: ByteWriter, name: string, type: string, tag: Body | null, value: Body): void {
  w.str(name).str(type);
  const sizeAt = w.placeholder();
  w.i32(0);
  tag?.(w);
  w.u8(0);
  const start = w.len;
  value(w);
  w.patchI32(sizeAt, w.len - start);
}

export const none = (w: ByteWriter) => w.str('None');

export const intProp = (w: ByteWriter, n: string, v: number) => prop(w, n, 'IntProperty', null, (x) => x.i32(v));
export const int64Prop = (w: ByteWriter, n: string, v: bigint) => prop(w, n, 'Int64Property', null, (x) => x.i64(v));
export const byteProp = (w: ByteWriter, n: string, v: number) =>
  prop(
    w,
    n,
    'ByteProperty',
    (t) => t.str('None'),
    (x) => x.u8(v),
  );
export const strProp = (w: ByteWriter, n: string, v: string) => prop(w, n, 'StrProperty', null, (x) => x.str(v));
export const nameProp = (w: ByteWriter, n: string, v: string) => prop(w, n, 'NameProperty', null, (x) => x.str(v));
export const enumProp = (w: ByteWriter, n: string, e: string, v: string) =>
  prop(
    w,
    n,
    'EnumProperty',
    (t) => t.str(e),
    (x) => x.str(v),
  );
export const boolProp = (w: ByteWriter, n: string, v: boolean) =>
  prop(
    w,
    n,
    'BoolProperty',
    (t) => t.u8(v ? 1 : 0),
    () => {},
  );

/** A struct property whose body is a property list (closed with None). */
export function structProp(w: ByteWriter, n: string, struct: string, body: Body): void {
  prop(
    w,
    n,
    'StructProperty',
    (t) => t.str(struct).zeros(16),
    (x) => {
      body(x);
      none(x);
    },
  );
}

/** A struct property holding raw bytes (Guid, DateTime). */
export function rawStructProp(w: ByteWriter, n: string, struct: string, body: Body): void {
  prop(w, n, 'StructProperty', (t) => t.str(struct).zeros(16), body);
}

export const guidProp = (w: ByteWriter, n: string, id: string) => rawStructProp(w, n, 'Guid', (x) => x.guid(id));
export const dateProp = (w: ByteWriter, n: string, ticks: bigint) => rawStructProp(w, n, 'DateTime', (x) => x.i64(ticks));

/** ArrayProperty<ByteProperty>: the Palworld RawData blobs. */
export function bytesProp(w: ByteWriter, n: string, body: Body): void {
  prop(
    w,
    n,
    'ArrayProperty',
    (t) => t.str('ByteProperty'),
    (x) => {
      const countAt = x.placeholder();
      const start = x.len;
      body(x);
      x.patchI32(countAt, x.len - start);
    },
  );
}

export function namesProp(w: ByteWriter, n: string, inner: 'NameProperty' | 'EnumProperty', vs: string[]): void {
  prop(
    w,
    n,
    'ArrayProperty',
    (t) => t.str(inner),
    (x) => {
      x.u32(vs.length);
      for (const v of vs) x.str(v);
    },
  );
}

/** ArrayProperty of Guid structs: the count, one element tag, then the 16-byte values. */
export function guidArrayProp(w: ByteWriter, n: string, ids: string[]): void {
  prop(
    w,
    n,
    'ArrayProperty',
    (t) => t.str('StructProperty'),
    (x) => {
      x.u32(ids.length);
      x.str(n).str('StructProperty');
      const sizeAt = x.placeholder();
      x.i32(0).str('Guid').zeros(16).u8(0);
      const start = x.len;
      for (const id of ids) x.guid(id);
      x.patchI32(sizeAt, x.len - start);
    },
  );
}

/** MapProperty with the given key and value writers. */
export function mapProp<T>(
  w: ByteWriter,
  n: string,
  keyType: string,
  valueType: string,
  entries: readonly T[],
  key: (x: ByteWriter, e: T) => void,
  value: (x: ByteWriter, e: T) => void,
): void {
  prop(
    w,
    n,
    'MapProperty',
    (t) => t.str(keyType).str(valueType),
    (x) => {
      x.u32(0).u32(entries.length);
      for (const e of entries) {
        key(x, e);
        value(x, e);
      }
    },
  );
}

/** A whole GVAS file around a top-level property list. */
export function gvasFile(saveClass: string, body: Body): Uint8Array {
  const w = new ByteWriter();
  w.bytes(new Uint8Array([0x47, 0x56, 0x41, 0x53]))
    .i32(3)
    .i32(522)
    .i32(1008)
    .u16(5)
    .u16(1)
    .u16(1)
    .u32(0)
    .str('++UE5+Release-5.1');
  const versions = 85;
  w.i32(3).i32(versions);
  for (let i = 1; i <= versions; i++) w.guid(`${i.toString(16).toUpperCase().padStart(8, '0')}-0000-0000-0000-000000000000`).i32(1);
  w.str(saveClass);
  body(w);
  none(w);
  w.u32(0);
  return w.done();
}

/** The element tag of an ArrayProperty of structs, then the elements (each a property list closed
 * with None) that `body` writes; `body` returns how many it wrote. */
export function structArrayProp(w: ByteWriter, n: string, struct: string, body: (x: ByteWriter) => number): void {
  prop(
    w,
    n,
    'ArrayProperty',
    (t) => t.str('StructProperty'),
    (x) => {
      const countAt = x.placeholder();
      x.str(n).str('StructProperty');
      const sizeAt = x.placeholder();
      x.i32(0).str(struct).zeros(16).u8(0);
      const start = x.len;
      const count = body(x);
      x.patchI32(sizeAt, x.len - start);
      x.patchI32(countAt, count);
    },
  );
}

/** A MapProperty whose entries `body` writes (key then value each); `body` returns their count. */
export function openMapProp(w: ByteWriter, n: string, keyType: string, valueType: string, body: (x: ByteWriter) => number): void {
  prop(
    w,
    n,
    'MapProperty',
    (t) => t.str(keyType).str(valueType),
    (x) => {
      x.u32(0);
      const countAt = x.placeholder();
      x.patchI32(countAt, body(x));
    },
  );
}
