// Source RCON framing: little-endian int32 size, int32 id, int32 type, body, two NUL bytes;
// `size` counts everything after itself. The reader is a byte accumulator that yields whole
// packets and can hand out the body of a packet that never completed (Palworld sends length
// headers larger than the payload it actually writes: game-interfaces.md §1.2).
import { RconProtocolError } from './errors.js';

export const SERVERDATA_AUTH = 3;
export const SERVERDATA_AUTH_RESPONSE = 2;
export const SERVERDATA_EXECCOMMAND = 2;
export const SERVERDATA_RESPONSE_VALUE = 0;

/** id + type + two NULs. */
const OVERHEAD = 10;

export interface RconPacket {
  id: number;
  type: number;
  body: Buffer;
}

export function encodePacket(id: number, type: number, body: string | Buffer): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const out = Buffer.alloc(4 + OVERHEAD + payload.length);
  out.writeInt32LE(OVERHEAD + payload.length, 0);
  out.writeInt32LE(id, 4);
  out.writeInt32LE(type, 8);
  payload.copy(out, 12);
  // The two trailing NULs are already zero.
  return out;
}

export class RconFrameReader {
  private buf: Buffer = Buffer.alloc(0);

  /** `maxPacket` bounds the size a header may announce before we call the stream garbage. */
  constructor(private readonly maxPacket: number) {}

  /** Appends bytes; returns every packet now complete. Throws RconProtocolError on a bad header. */
  push(chunk: Buffer): RconPacket[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: RconPacket[] = [];
    while (this.buf.length >= 4) {
      const size = this.buf.readInt32LE(0);
      if (size < OVERHEAD - 2 || size > this.maxPacket) {
        throw new RconProtocolError('The RCON stream carried an impossible packet length.');
      }
      if (this.buf.length < 4 + size) break;
      const id = this.buf.readInt32LE(4);
      const type = this.buf.readInt32LE(8);
      // Body ends at the first NUL of the terminator; tolerate servers sending only one NUL.
      let end = 4 + size;
      while (end > 12 && this.buf[end - 1] === 0) end--;
      out.push({ id, type, body: Buffer.from(this.buf.subarray(12, end)) });
      this.buf = this.buf.subarray(4 + size);
    }
    return out;
  }

  /** Bytes of an incomplete packet waiting for the rest. */
  get pendingBytes(): number {
    return this.buf.length;
  }

  /** The body bytes of the incomplete packet received so far (empty when none). */
  partialBody(): Buffer {
    if (this.buf.length <= 12) return Buffer.alloc(0);
    let end = this.buf.length;
    while (end > 12 && this.buf[end - 1] === 0) end--;
    return Buffer.from(this.buf.subarray(12, end));
  }

  reset(): void {
    this.buf = Buffer.alloc(0);
  }
}

/**
 * Decodes UTF-8, dropping a multi-byte sequence cut off at the end (truncated replies cut
 * names mid-character) instead of showing a replacement character.
 */
export function decodeUtf8Tail(bytes: Buffer): string {
  let end = bytes.length;
  // Walk back over continuation bytes to the lead byte of the last sequence.
  let i = end - 1;
  let cont = 0;
  while (i >= 0 && cont < 3 && (bytes[i] & 0xc0) === 0x80) {
    i--;
    cont++;
  }
  if (i >= 0) {
    const lead = bytes[i];
    const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
    if (need > cont) end = i;
  }
  return bytes.subarray(0, end).toString('utf8');
}
