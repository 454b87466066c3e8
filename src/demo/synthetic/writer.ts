// A streaming GVAS writer for synthetic world saves, adapted from the project's test helper
// (test/save/writer.ts). Everything is written into one growable buffer; a property's size is
// written as a placeholder and patched when its value is complete, so no value is built as a
// separate array and concatenated (100,000 pals are written in one pass).

const ZERO16 = new Uint8Array(16);

/** A Guid as its four little-endian u32 words (the canonical form prints them in order). */
export type Guid = readonly [number, number, number, number];

export const ZERO_GUID: Guid = [0, 0, 0, 0];

const hex8 = (n: number): string => (n >>> 0).toString(16).toUpperCase().padStart(8, '0');

/** Canonical dashed upper-case form, as `src/save/reader.ts` `formatGuid` prints it. */
export function guidString(g: Guid): string {
  const b = hex8(g[1]);
  const c = hex8(g[2]);
  return `${hex8(g[0])}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hex8(g[3])}`;
}

/** The `Players/<STEM>.sav` stem of a uid: the canonical form without dashes. */
export const guidStem = (g: Guid): string => hex8(g[0]) + hex8(g[1]) + hex8(g[2]) + hex8(g[3]);

export class W {
  buf: Uint8Array;
  private dv: DataView;
  len = 0;

  constructor(initial = 1 << 16) {
    this.buf = new Uint8Array(initial);
    this.dv = new DataView(this.buf.buffer);
  }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.dv = new DataView(next.buffer);
  }

  bytes(b: Uint8Array | readonly number[]): this {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }

  u8(v: number): this {
    this.ensure(1);
    this.buf[this.len++] = v;
    return this;
  }
  u16(v: number): this {
    this.ensure(2);
    this.dv.setUint16(this.len, v, true);
    this.len += 2;
    return this;
  }
  i32(v: number): this {
    this.ensure(4);
    this.dv.setInt32(this.len, v, true);
    this.len += 4;
    return this;
  }
  u32(v: number): this {
    this.ensure(4);
    this.dv.setUint32(this.len, v >>> 0, true);
    this.len += 4;
    return this;
  }
  i64(v: bigint | number): this {
    this.ensure(8);
    this.dv.setBigInt64(this.len, BigInt(v), true);
    this.len += 8;
    return this;
  }
  f32(v: number): this {
    this.ensure(4);
    this.dv.setFloat32(this.len, v, true);
    this.len += 4;
    return this;
  }
  f64(v: number): this {
    this.ensure(8);
    this.dv.setFloat64(this.len, v, true);
    this.len += 8;
    return this;
  }

  /** Overwrites an i32 written earlier (a size or count placeholder). */
  patchI32(at: number, v: number): void {
    this.dv.setInt32(at, v, true);
  }

  /** FString: Latin-1 when every char fits, else UTF-16 with a negative length. */
  str(s: string): this {
    const n = s.length;
    if (n === 0) return this.i32(0);
    this.ensure(4 + 2 * (n + 1));
    const buf = this.buf;
    let at = this.len + 4;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 255) return this.utf16(s);
      buf[at++] = c;
    }
    buf[at++] = 0;
    this.dv.setInt32(this.len, n + 1, true);
    this.len = at;
    return this;
  }

  private utf16(s: string): this {
    this.i32(-(s.length + 1));
    for (let i = 0; i < s.length; i++) this.u16(s.charCodeAt(i));
    return this.u16(0);
  }

  guid(g: Guid): this {
    return this.u32(g[0]).u32(g[1]).u32(g[2]).u32(g[3]);
  }

  /** The bytes written (a view: the writer is not used after this). */
  done(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

/** Bytes an FString takes. */
export function strSize(s: string): number {
  if (s === '') return 4;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) return 4 + 2 * (s.length + 1);
  return 4 + s.length + 1;
}

// ---- Property tags (pre-UE5.4 layout: name, type, i32 size, i32 index, type data, u8 guid flag)

/** Starts a property whose size is patched by `end`; `tagData` writes the type-specific part. */
export function begin(w: W, name: string, type: string, tagData?: (w: W) => void): Open {
  w.str(name).str(type);
  const sizeAt = w.len;
  w.i32(0).i32(0);
  tagData?.(w);
  w.u8(0);
  return { sizeAt, start: w.len };
}

export interface Open {
  sizeAt: number;
  start: number;
}

export function end(w: W, o: Open): void {
  w.patchI32(o.sizeAt, w.len - o.start);
}

export const none = (w: W): W => w.str('None');

export function intProp(w: W, n: string, v: number): void {
  w.str(n).str('IntProperty').i32(4).i32(0).u8(0).i32(v);
}
export function int64Prop(w: W, n: string, v: bigint | number): void {
  w.str(n).str('Int64Property').i32(8).i32(0).u8(0).i64(v);
}
export function byteProp(w: W, n: string, v: number): void {
  w.str(n).str('ByteProperty').i32(1).i32(0).str('None').u8(0).u8(v);
}
export function strProp(w: W, n: string, v: string): void {
  w.str(n).str('StrProperty').i32(strSize(v)).i32(0).u8(0).str(v);
}
export function nameProp(w: W, n: string, v: string): void {
  w.str(n).str('NameProperty').i32(strSize(v)).i32(0).u8(0).str(v);
}
export function enumProp(w: W, n: string, e: string, v: string): void {
  w.str(n).str('EnumProperty').i32(strSize(v)).i32(0).str(e).u8(0).str(v);
}
export function boolProp(w: W, n: string, v: boolean): void {
  w.str(n).str('BoolProperty').i32(0).i32(0).u8(v ? 1 : 0).u8(0);
}
export function structBegin(w: W, n: string, struct: string): Open {
  return begin(w, n, 'StructProperty', (t) => t.str(struct).bytes(ZERO16));
}
export function guidProp(w: W, n: string, id: Guid): void {
  const o = structBegin(w, n, 'Guid');
  w.guid(id);
  end(w, o);
}
export function dateProp(w: W, n: string, ticks: bigint): void {
  const o = structBegin(w, n, 'DateTime');
  w.i64(ticks);
  end(w, o);
}
/** A struct property holding a property list: `body` writes the properties, `None` is added. */
export function structProps(w: W, n: string, struct: string, body: (w: W) => void): void {
  const o = structBegin(w, n, struct);
  body(w);
  none(w);
  end(w, o);
}
/** `ArrayProperty<ByteProperty>` whose bytes `body` writes (a Palworld RawData blob). */
export function rawDataProp(w: W, n: string, body: (w: W) => void): void {
  const o = begin(w, n, 'ArrayProperty', (t) => t.str('ByteProperty'));
  const countAt = w.len;
  w.u32(0);
  body(w);
  w.patchI32(countAt, w.len - countAt - 4);
  end(w, o);
}
export function namesProp(w: W, n: string, inner: 'NameProperty' | 'EnumProperty', vs: readonly string[]): void {
  const o = begin(w, n, 'ArrayProperty', (t) => t.str(inner));
  w.u32(vs.length);
  for (const v of vs) w.str(v);
  end(w, o);
}
export function guidArrayProp(w: W, n: string, ids: readonly Guid[]): void {
  const o = begin(w, n, 'ArrayProperty', (t) => t.str('StructProperty'));
  w.u32(ids.length);
  w.str(n).str('StructProperty').i32(16 * ids.length).i32(0).str('Guid').bytes(ZERO16).u8(0);
  for (const id of ids) w.guid(id);
  end(w, o);
}
/** A map property; `body` writes the entries (keys and values) and returns their count. */
export function mapProp(w: W, n: string, keyType: string, valueType: string, body: (w: W) => number): void {
  const o = begin(w, n, 'MapProperty', (t) => t.str(keyType).str(valueType));
  w.u32(0);
  const countAt = w.len;
  w.u32(0);
  w.patchI32(countAt, body(w));
  end(w, o);
}

/** A GVAS file: header, save class, then `body` writes the top-level property list (without
 * the `None`, which is added). 85 custom versions is the 1.0 count. */
export function gvas(w: W, saveClass: string, body: (w: W) => void, customVersions = 85): Uint8Array {
  w.bytes([0x47, 0x56, 0x41, 0x53]).i32(3).i32(522).i32(1008).u16(5).u16(1).u16(1).u32(0)
    .str('++UE5+Release-5.1').i32(3).i32(customVersions);
  for (let i = 0; i < customVersions; i++) w.guid([i + 1, 0, 0, 0]).i32(1);
  w.str(saveClass);
  body(w);
  none(w);
  w.u32(0);
  return w.done();
}
