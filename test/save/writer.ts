// A tiny GVAS writer for synthetic test saves: just enough to build property lists, tags and
// Palworld raw-data blobs with exact, known layouts.

export class W {
  private buf = new Uint8Array(256);
  private len = 0;

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  bytes(b: Uint8Array | number[]): this {
    const a = b instanceof Uint8Array ? b : Uint8Array.from(b);
    this.ensure(a.length);
    this.buf.set(a, this.len);
    this.len += a.length;
    return this;
  }

  private dv(n: number, f: (d: DataView) => void): this {
    this.ensure(n);
    f(new DataView(this.buf.buffer, this.len, n));
    this.len += n;
    return this;
  }

  u8(v: number): this {
    return this.dv(1, (d) => d.setUint8(0, v));
  }
  u16(v: number): this {
    return this.dv(2, (d) => d.setUint16(0, v, true));
  }
  i32(v: number): this {
    return this.dv(4, (d) => d.setInt32(0, v, true));
  }
  u32(v: number): this {
    return this.dv(4, (d) => d.setUint32(0, v, true));
  }
  i64(v: bigint | number): this {
    return this.dv(8, (d) => d.setBigInt64(0, BigInt(v), true));
  }
  f32(v: number): this {
    return this.dv(4, (d) => d.setFloat32(0, v, true));
  }
  f64(v: number): this {
    return this.dv(8, (d) => d.setFloat64(0, v, true));
  }

  /** FString: Latin-1 when every char fits, else UTF-16 with a negative length. */
  str(s: string): this {
    if (s === '') return this.i32(0);
    if ([...s].every((c) => c.charCodeAt(0) < 256 && c.length === 1)) {
      this.i32(s.length + 1);
      for (let i = 0; i < s.length; i++) this.u8(s.charCodeAt(i));
      return this.u8(0);
    }
    this.i32(-(s.length + 1));
    for (let i = 0; i < s.length; i++) this.u16(s.charCodeAt(i));
    return this.u16(0);
  }

  /** A Guid given in the canonical dashed form (four little-endian u32 words). */
  guid(g: string): this {
    const hex = g.replace(/-/g, '');
    for (let i = 0; i < 4; i++) this.u32(parseInt(hex.slice(i * 8, i * 8 + 8), 16));
    return this;
  }

  done(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

export const g = (n: number): string => `${n.toString(16).toUpperCase().padStart(8, '0')}-0000-0000-0000-000000000000`;

/** A property tag followed by its value. `tagData` writes the type-specific tag part. */
export function prop(name: string, type: string, value: Uint8Array, tagData?: (w: W) => void): Uint8Array {
  const w = new W().str(name).str(type).i32(value.length).i32(0);
  tagData?.(w);
  return w.u8(0).bytes(value).done();
}

export const none = (): Uint8Array => new W().str('None').done();
export const cat = (...parts: Uint8Array[]): Uint8Array => {
  const w = new W();
  for (const p of parts) w.bytes(p);
  return w.done();
};
/** A property list: the properties then `None`. */
export const props = (...parts: Uint8Array[]): Uint8Array => cat(...parts, none());

export const intProp = (n: string, v: number) => prop(n, 'IntProperty', new W().i32(v).done());
export const int64Prop = (n: string, v: number) => prop(n, 'Int64Property', new W().i64(v).done());
export const byteProp = (n: string, v: number) => prop(n, 'ByteProperty', new W().u8(v).done(), (w) => w.str('None'));
export const strProp = (n: string, v: string) => prop(n, 'StrProperty', new W().str(v).done());
export const nameProp = (n: string, v: string) => prop(n, 'NameProperty', new W().str(v).done());
export const enumProp = (n: string, e: string, v: string) => prop(n, 'EnumProperty', new W().str(v).done(), (w) => w.str(e));
export const boolProp = (n: string, v: boolean) => prop(n, 'BoolProperty', new Uint8Array(0), (w) => w.u8(v ? 1 : 0));
export const structProp = (n: string, struct: string, body: Uint8Array) =>
  prop(n, 'StructProperty', body, (w) => w.str(struct).bytes(new Uint8Array(16)));
export const guidProp = (n: string, id: string) => structProp(n, 'Guid', new W().guid(id).done());
export const dateProp = (n: string, ticks: bigint) => structProp(n, 'DateTime', new W().i64(ticks).done());
export const bytesProp = (n: string, b: Uint8Array) =>
  prop(n, 'ArrayProperty', new W().u32(b.length).bytes(b).done(), (w) => w.str('ByteProperty'));
export const namesProp = (n: string, inner: 'NameProperty' | 'EnumProperty', vs: string[]) => {
  const w = new W().u32(vs.length);
  for (const v of vs) w.str(v);
  return prop(n, 'ArrayProperty', w.done(), (t) => t.str(inner));
};
export const guidArrayProp = (n: string, ids: string[]) => {
  const body = new W();
  for (const id of ids) body.guid(id);
  const b = body.done();
  const inner = new W().str(n).str('StructProperty').i32(b.length).i32(0).str('Guid').bytes(new Uint8Array(16)).u8(0).done();
  return prop(n, 'ArrayProperty', new W().u32(ids.length).bytes(inner).bytes(b).done(), (w) => w.str('StructProperty'));
};
/** Array of property-list structs. */
export const structArrayProp = (n: string, struct: string, items: Uint8Array[]) => {
  const b = cat(...items);
  const inner = new W().str(n).str('StructProperty').i32(b.length).i32(0).str(struct).bytes(new Uint8Array(16)).u8(0).done();
  return prop(n, 'ArrayProperty', new W().u32(items.length).bytes(inner).bytes(b).done(), (w) => w.str('StructProperty'));
};
export const mapProp = (n: string, keyType: string, valueType: string, entries: [Uint8Array, Uint8Array][]) => {
  const w = new W().u32(0).u32(entries.length);
  for (const [k, v] of entries) w.bytes(k).bytes(v);
  return prop(n, 'MapProperty', w.done(), (t) => t.str(keyType).str(valueType));
};

/** A GVAS file around a top-level property list. */
export function gvas(body: Uint8Array, saveClass = '/Script/Pal.PalWorldSaveGame', customVersions = 85): Uint8Array {
  const w = new W()
    .bytes([0x47, 0x56, 0x41, 0x53])
    .i32(3)
    .i32(522)
    .i32(1008)
    .u16(5)
    .u16(1)
    .u16(1)
    .u32(0)
    .str('++UE5+Release-5.1')
    .i32(3)
    .i32(customVersions);
  for (let i = 0; i < customVersions; i++) w.guid(g(i + 1)).i32(1);
  return w.str(saveClass).bytes(body).u32(0).done();
}
