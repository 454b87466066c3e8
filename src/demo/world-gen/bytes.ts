// A growable little-endian byte writer for GVAS, with the few value shapes palpanel's demo
// world needs. Writes go straight into one buffer (no per-value views or copies), so a world of
// 100,000 pals is built in about a second.

export class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  len = 0;

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  bytes(b: Uint8Array): this {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }

  zeros(n: number): this {
    this.ensure(n);
    this.buf.fill(0, this.len, this.len + n);
    this.len += n;
    return this;
  }

  u8(v: number): this {
    this.ensure(1);
    this.buf[this.len++] = v;
    return this;
  }

  u16(v: number): this {
    this.ensure(2);
    this.view.setUint16(this.len, v, true);
    this.len += 2;
    return this;
  }

  i32(v: number): this {
    this.ensure(4);
    this.view.setInt32(this.len, v, true);
    this.len += 4;
    return this;
  }

  u32(v: number): this {
    this.ensure(4);
    this.view.setUint32(this.len, v, true);
    this.len += 4;
    return this;
  }

  i64(v: bigint): this {
    this.ensure(8);
    this.view.setBigInt64(this.len, v, true);
    this.len += 8;
    return this;
  }

  f32(v: number): this {
    this.ensure(4);
    this.view.setFloat32(this.len, v, true);
    this.len += 4;
    return this;
  }

  f64(v: number): this {
    this.ensure(8);
    this.view.setFloat64(this.len, v, true);
    this.len += 8;
    return this;
  }

  /** FString: Latin-1 when every character fits, else UTF-16 with a negative length. */
  str(s: string): this {
    if (s === '') return this.i32(0);
    let latin = true;
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) latin = false;
    if (latin) {
      this.i32(s.length + 1);
      this.ensure(s.length + 1);
      for (let i = 0; i < s.length; i++) this.buf[this.len++] = s.charCodeAt(i);
      this.buf[this.len++] = 0;
      return this;
    }
    this.i32(-(s.length + 1));
    for (let i = 0; i < s.length; i++) this.u16(s.charCodeAt(i));
    return this.u16(0);
  }

  /** A Guid given in the dashed form: four little-endian u32 words. */
  guid(g: string): this {
    const hex = g.replace(/-/g, '');
    for (let i = 0; i < 4; i++) this.u32(parseInt(hex.slice(i * 8, i * 8 + 8), 16));
    return this;
  }

  /** Reserves an i32 to be patched later (a property's size); returns its position. */
  placeholder(): number {
    const at = this.len;
    this.i32(0);
    return at;
  }

  patchI32(at: number, v: number): void {
    this.view.setInt32(at, v, true);
  }

  done(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
