// The byte reader's typed reads, bounds and limits.
import { describe, expect, it } from 'vitest';
import { LimitExceededError, OutOfBoundsError, SaveError, SaveFormatError } from '../../src/save/errors.js';
import { checkLimit, LIMITS } from '../../src/save/limits.js';
import { ByteReader, formatGuid, guidFromStem } from '../../src/save/reader.js';
import { W } from './writer.js';

describe('ByteReader', () => {
  it('reads little-endian integers and floats', () => {
    const b = new W()
      .u8(0xff)
      .u16(0xbeef)
      .i32(-2)
      .u32(0xfffffffe)
      .i64(-3n)
      .i64(2n ** 60n)
      .f32(1.5)
      .f64(-2.25)
      .done();
    const r = new ByteReader(b);
    expect(r.u8()).toBe(255);
    expect(r.u16()).toBe(0xbeef);
    expect(r.i32()).toBe(-2);
    expect(r.u32()).toBe(0xfffffffe);
    expect(r.i64n()).toBe(-3);
    expect(r.i64()).toBe(2n ** 60n);
    expect(r.f32()).toBe(1.5);
    expect(r.f64()).toBe(-2.25);
    expect(r.remaining).toBe(0);
  });

  it('throws OutOfBoundsError with the offset at the end of the data', () => {
    const r = new ByteReader(new Uint8Array([1, 2, 3]));
    r.u16();
    try {
      r.i32();
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(OutOfBoundsError);
      expect(err).toBeInstanceOf(SaveFormatError);
      expect(err).toBeInstanceOf(SaveError);
      expect((err as SaveError).offset).toBe(2);
      expect((err as SaveError).code).toBe('out_of_bounds');
    }
    expect(r.pos).toBe(2);
    expect(() => r.skip(2)).toThrow(OutOfBoundsError);
    expect(() => r.skip(-1)).toThrow(OutOfBoundsError);
    expect(() => r.need(Number.NaN)).toThrow(OutOfBoundsError);
  });

  it('respects a narrowed end and restores it', () => {
    const r = new ByteReader(new Uint8Array(16), 4);
    const old = r.narrow(8);
    expect(r.remaining).toBe(4);
    expect(() => r.i64n()).toThrow(OutOfBoundsError);
    r.i32();
    r.restore(old);
    expect(r.remaining).toBe(8);
    expect(() => r.narrow(100)).toThrow(OutOfBoundsError);
    expect(() => r.narrow(2)).toThrow(OutOfBoundsError);
    expect(() => r.seek(17)).toThrow(OutOfBoundsError);
  });

  it('reads FStrings: empty, Latin-1, UTF-16 with surrogate pairs', () => {
    const b = new W().str('').str('None').str('café').str('名前 🐑 ok').i32(3).bytes([0x41, 0x42, 0x43]).done();
    const r = new ByteReader(b);
    expect(r.fstring()).toBe('');
    expect(r.fstring()).toBe('None');
    expect(r.fstring()).toBe('café');
    expect(r.fstring()).toBe('名前 🐑 ok');
    expect(r.fstring()).toBe('ABC'); // no terminating NUL: all bytes kept
  });

  it('decodes many distinct short strings correctly through the intern cache', () => {
    const words = Array.from({ length: 20000 }, (_, i) => `p${(i * 7919) % 100000}_${i % 13}`);
    const w = new W();
    for (const s of words) w.str(s);
    const r = new ByteReader(w.done());
    for (const s of words) expect(r.fstring()).toBe(s);
  });

  it('bounds FString lengths by the limit and by the data', () => {
    expect(() => new ByteReader(new W().i32(LIMITS.maxStringBytes + 1).done()).fstring()).toThrow(LimitExceededError);
    expect(() => new ByteReader(new W().i32(-0x80000000).done()).fstring()).toThrow(LimitExceededError);
    expect(() => new ByteReader(new W().i32(-(LIMITS.maxStringBytes / 2 + 1)).done()).fstring()).toThrow(LimitExceededError);
    expect(() => new ByteReader(new W().i32(10).bytes([1, 2]).done()).fstring()).toThrow(OutOfBoundsError);
    expect(() => new ByteReader(new W().i32(-10).bytes([1, 2]).done()).fstring()).toThrow(OutOfBoundsError);
  });

  it('skips FStrings by the same bounds, without decoding them', () => {
    const r = new ByteReader(new W().str('CharacterID').i32(0).i32(-3).bytes([0x41, 0, 0x42, 0, 0, 0]).i32(7).done());
    r.skipFString();
    r.skipFString();
    r.skipFString();
    expect(r.i32()).toBe(7);
    expect(() => new ByteReader(new W().i32(LIMITS.maxStringBytes + 1).done()).skipFString()).toThrow(LimitExceededError);
    expect(() => new ByteReader(new W().i32(-0x80000000).done()).skipFString()).toThrow(LimitExceededError);
    expect(() => new ByteReader(new W().i32(10).bytes([1, 2]).done()).skipFString()).toThrow(OutOfBoundsError);
  });

  it('opens windows over the same bytes, bounds-checked, in the same offsets', () => {
    const bytes = new W().i32(1).i32(2).i32(3).done();
    const root = new ByteReader(bytes);
    const w = root.window(4, 8);
    expect(w.pos).toBe(4);
    expect(w.i32()).toBe(2);
    expect(() => w.i32()).toThrow(OutOfBoundsError);
    expect(root.i32()).toBe(1);
    expect(() => root.window(8, 13)).toThrow(OutOfBoundsError);
    expect(() => root.window(6, 5)).toThrow(OutOfBoundsError);
  });

  it('formats Guids in the canonical form, equal to the player file stem', () => {
    const b = new W().u32(0xe1530496).u32(0).u32(0).u32(0).u32(0x12345678).u32(0x9abcdef0).u32(0x0fedcba9).u32(0x87654321).done();
    const r = new ByteReader(b);
    expect(r.guid()).toBe('E1530496-0000-0000-0000-000000000000');
    expect(r.guid()).toBe('12345678-9ABC-DEF0-0FED-CBA987654321');
    expect(formatGuid(b, 0).replace(/-/g, '')).toBe('E1530496000000000000000000000000');
    expect(guidFromStem('e1530496000000000000000000000000')).toBe('E1530496-0000-0000-0000-000000000000');
    expect(guidFromStem('E1530496000000000000000000000000_DPS')).toBeUndefined();
    expect(guidFromStem('xyz')).toBeUndefined();
  });
});

describe('limits', () => {
  it('throws LimitExceededError naming the limit', () => {
    expect(() => checkLimit('maxArrayCount', LIMITS.maxArrayCount)).not.toThrow();
    try {
      checkLimit('maxMapEntries', LIMITS.maxMapEntries + 1, 42);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(LimitExceededError);
      expect(err).toMatchObject({ limit: 'maxMapEntries', code: 'limit_exceeded', offset: 42 });
    }
    expect(() => checkLimit('maxDepth', -1)).toThrow(LimitExceededError);
    expect(() => checkLimit('maxDepth', Number.NaN)).toThrow(LimitExceededError);
  });
});
