import { describe, expect, it } from 'vitest';
import { RconProtocolError } from '../../src/game/errors.js';
import { decodeUtf8Tail, encodePacket, RconFrameReader } from '../../src/game/rcon-packet.js';

describe('RCON framing', () => {
  it('frames packets split and joined arbitrarily', () => {
    const bytes = Buffer.concat([encodePacket(0, 0, 'hello'), encodePacket(7, 2, 'wörld')]);
    const r = new RconFrameReader(4096);
    const got = [];
    for (let i = 0; i < bytes.length; i += 3) got.push(...r.push(bytes.subarray(i, i + 3)));
    expect(got.map((p) => [p.id, p.type, p.body.toString('utf8')])).toEqual([
      [0, 0, 'hello'],
      [7, 2, 'wörld'],
    ]);
    expect(r.pendingBytes).toBe(0);
  });

  it('exposes the body of a packet that never completes', () => {
    const full = encodePacket(0, 0, 'abcdef');
    full.writeInt32LE(500, 0);
    const r = new RconFrameReader(4096);
    expect(r.push(full.subarray(0, 15))).toEqual([]);
    expect(r.partialBody().toString()).toBe('abc');
  });

  it('rejects impossible length headers', () => {
    const r = new RconFrameReader(4096);
    const b = Buffer.alloc(12);
    b.writeInt32LE(1 << 30, 0);
    expect(() => r.push(b)).toThrow(RconProtocolError);
  });

  it('drops an incomplete UTF-8 sequence at the end only', () => {
    const s = Buffer.from('aé日😀', 'utf8');
    expect(decodeUtf8Tail(s)).toBe('aé日😀');
    expect(decodeUtf8Tail(s.subarray(0, s.length - 1))).toBe('aé日');
    expect(decodeUtf8Tail(s.subarray(0, 3))).toBe('aé');
    expect(decodeUtf8Tail(s.subarray(0, 2))).toBe('a');
  });
});
