// The .sav containers: PlZ1/PlZ2 (zlib), PlM (Oodle), the CNK wrapper, bare GVAS, and the errors
// of files that cannot be read; and parseWorld's policy for unreadable Level, LevelMeta and player files.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { openContainer, readContainer, type InflateBounds } from '../../src/save/container/container.js';
import { LimitExceededError, LIMITS, parseWorld, SaveError, SaveReadError } from '../../src/save/index.js';
import { loadWorld, readFixture } from './fixtures.js';
import { decodeGvas } from '../../src/save/gvas/file.js';
import { WarningSink } from '../../src/save/warnings.js';
import { cat, gvas, intProp, props, W } from './writer.js';

const GV = gvas(props());

function header(uncompressed: number, compressed: number, magic: string, type: number): W {
  const w = new W().u32(uncompressed).u32(compressed);
  for (const c of magic) w.u8(c.charCodeAt(0));
  return w.u8(type);
}

const plz1 = (data: Uint8Array) => {
  const z = deflateSync(data);
  return header(data.length, z.length, 'PlZ', 0x31).bytes(z).done();
};
const plz2 = (data: Uint8Array) => {
  const once = deflateSync(data);
  return header(data.length, once.length, 'PlZ', 0x32).bytes(deflateSync(once)).done();
};

async function readError(file: Uint8Array): Promise<SaveReadError> {
  return readErrorWith(file, { limit: 'maxDecompressedBytes' });
}

async function readErrorWith(file: Uint8Array, bounds: InflateBounds): Promise<SaveReadError> {
  try {
    await openContainer(file, bounds);
  } catch (err) {
    expect(err).toBeInstanceOf(SaveReadError);
    return err as SaveReadError;
  }
  throw new Error('expected a SaveReadError');
}

describe('containers', () => {
  it('unwraps PlZ1, PlZ2, CNK and bare GVAS', () => {
    expect(readContainer(GV)).toEqual({ gvas: GV, container: 'GVAS' });
    expect(readContainer(plz1(GV))).toMatchObject({ gvas: GV, container: 'PlZ1' });
    expect(readContainer(plz2(GV))).toMatchObject({ gvas: GV, container: 'PlZ2' });
    const inner = plz1(GV);
    const cnk = header(GV.length, inner.length, 'CNK', 0x30).bytes(inner).done();
    expect(readContainer(cnk)).toMatchObject({ gvas: GV, container: 'CNK+PlZ1' });
  });

  it('unwraps Oodle PlM, also inside CNK', async () => {
    const plm = readFixture('v0.6-world2', 'LevelMeta.sav');
    const a = await openContainer(plm);
    expect(a.container).toBe('PlM1');
    expect(a.gvas.length).toBe(new DataView(plm.buffer, plm.byteOffset).getUint32(0, true));
    const cnk = header(0, 0, 'CNK', 0x30).bytes(plm).done();
    const b = await openContainer(cnk);
    expect(b.container).toBe('CNK+PlM1');
    expect(b.gvas).toEqual(a.gvas);
  });

  it('rejects unreadable files with named codes', async () => {
    expect((await readError(new Uint8Array(5))).code).toBe('truncated');
    expect((await readError(header(1, 1, 'XYZ', 0x31).u8(0).done())).code).toBe('bad_magic');
    const good = plz1(GV);
    const lenLie = good.slice();
    lenLie[4] ^= 1;
    expect((await readError(lenLie)).code).toBe('length_mismatch');
    const sizeLie = good.slice();
    sizeLie[0] ^= 1;
    expect((await readError(sizeLie)).code).toMatch(/length_mismatch|decompress_failed/);
    const corrupt = good.slice();
    corrupt.fill(0x55, 14);
    expect((await readError(corrupt)).code).toBe('decompress_failed');
    expect((await readError(header(10, 10, 'PlZ', 0x35).done())).code).toBe('unsupported_container');
    const notGvas = plz1(new Uint8Array(64));
    expect((await readError(notGvas)).code).toBe('not_gvas');
  });

  it('stops a zlib bomb at the size the header promised', async () => {
    const big = new Uint8Array(50_000_000);
    const z = deflateSync(big);
    const bomb = header(1000, z.length, 'PlZ', 0x31).bytes(z).done();
    expect((await readError(bomb)).code).toBe('decompress_failed');
  });

  it('bounds each file by its role, and the whole parse by one budget', async () => {
    const MiB = 1024 * 1024;
    const zeros = (n: number) => deflateSync(new Uint8Array(n));
    // A player save may declare at most 16 MiB, LevelMeta.sav 1 MiB: refused before inflating.
    const player = header(16 * MiB + 1, 10, 'PlZ', 0x31)
      .bytes(new Uint8Array(10))
      .done();
    await expect(openContainer(player, { limit: 'maxPlayerSaveBytes' })).rejects.toMatchObject({
      code: 'limit_exceeded',
      limit: 'maxPlayerSaveBytes',
    });
    const meta = header(MiB + 1, 10, 'PlZ', 0x31)
      .bytes(new Uint8Array(10))
      .done();
    await expect(openContainer(meta, { limit: 'maxLevelMetaBytes' })).rejects.toMatchObject({ limit: 'maxLevelMetaBytes' });
    // A PlZ2 whose first pass is declared far larger than the save data it yields is a lie.
    const lie = header(1000, 500 * MiB, 'PlZ', 0x32)
      .bytes(deflateSync(zeros(1000)))
      .done();
    expect((await readError(lie)).code).toBe('length_mismatch');
    // The budget: two 16 MiB bombs where only one fits; the second is refused before inflating.
    const bomb = (() => {
      const z = zeros(16 * MiB);
      return header(16 * MiB, z.length, 'PlZ', 0x31)
        .bytes(z)
        .done();
    })();
    const budget = { used: LIMITS.maxParseDecompressedBytes - 20 * MiB };
    expect((await readErrorWith(bomb, { limit: 'maxPlayerSaveBytes', budget })).code).toBe('not_gvas'); // inflated, then judged
    const second = await readErrorWith(bomb, { limit: 'maxPlayerSaveBytes', budget });
    expect(second).toMatchObject({ code: 'limit_exceeded', limit: 'maxParseDecompressedBytes' });
    // In a world, a player bomb costs that player only.
    const level = readFixture('v0.6-world2', 'Level.sav');
    const res = await parseWorld({ level, players: new Map([['8C2F1930000000000000000000000000', player]]) });
    expect(res.warnings[0]).toMatchObject({
      file: 'Players/8C2F1930000000000000000000000000.sav',
      message: expect.stringContaining('limit_exceeded'),
    });
  });

  it('a bomb is decompressed into one buffer: a 256 MiB PlZ2 Level.sav peaks near 256 MiB, not twice that', () => {
    const script = `
      import { createDeflate, deflateSync } from 'node:zlib';
      const { openContainer } = await import(${JSON.stringify(new URL('../../src/save/container/container.ts', import.meta.url).pathname)});
      const N = 256 * 1024 * 1024;
      // The inner stream of N zero bytes, made 1 MiB at a time (no N-byte buffer before the measure).
      const parts = [];
      const d = createDeflate();
      d.on('data', (c) => parts.push(c));
      const done = new Promise((r) => d.on('end', r));
      const chunk = new Uint8Array(1024 * 1024);
      for (let i = 0; i < N / chunk.length; i++) d.write(chunk);
      d.end();
      await done;
      const inner = Buffer.concat(parts);
      const head = Buffer.alloc(12);
      head.writeUInt32LE(N, 0); head.writeUInt32LE(inner.length, 4); head.write('PlZ2', 8, 'latin1');
      const file = Buffer.concat([head, deflateSync(inner)]);
      globalThis.gc();
      const before = process.resourceUsage().maxRSS;
      let code = 'none';
      try { await openContainer(file); } catch (e) { code = e.code; }
      console.log(JSON.stringify({ code, grewKiB: process.resourceUsage().maxRSS - before }));`;
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { code: string; grewKiB: number };
    expect(out.code).toBe('not_gvas'); // zeros: inflated in full, then judged
    // One copy is 262,144 KiB; two would be 524,288.
    expect(out.grewKiB).toBeLessThan(1.4 * 262_144);
  });

  it('errors say what is wrong in words: a file that is no save, a size beyond a limit, where in the GVAS', async () => {
    const text = new TextEncoder().encode('this is a plain text file, not a save at all\n');
    const notSave = await readError(text);
    expect(notSave.code).toBe('bad_magic');
    expect(notSave.message).toBe('it has no Palworld save header (PlZ, PlM or CNK) and is not a bare GVAS file');
    expect((await readError(new Uint8Array(5))).message).toBe('it is too short to be a Palworld save (5 bytes)');
    // A top-level property after `Version` whose name declares a string of 80 MiB.
    const body = cat(intProp('Version', 1), new W().i32(80 * 1024 * 1024).done());
    let err: unknown;
    try {
      decodeGvas(gvas(body), 'Level.sav', new WarningSink(), true);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LimitExceededError);
    expect((err as Error).message).toMatch(
      /^Level\.sav could not be read \(after the top-level property Version\): a string of 83886080 bytes is beyond what the parser accepts \(maxStringBytes is 65536\) at byte \d+$/,
    );
    // A negative property size names the property and its byte.
    const negative = cat(new W().str('Version').str('IntProperty').i32(-4).i32(0).done());
    expect(() => decodeGvas(gvas(negative), 'LevelMeta.sav', new WarningSink(), true)).toThrow(
      /^LevelMeta\.sav could not be read \(in its first top-level property\): the property "Version" declares a negative size at byte \d+$/,
    );
  });

  it('refuses sizes beyond the limits before allocating', async () => {
    const err = await readError(header(0xffffffff, 10, 'PlM', 0x31).bytes(new Uint8Array(10)).done());
    expect(err).toBeInstanceOf(LimitExceededError);
  });

  it('reports truncated and corrupt Oodle data', async () => {
    const plm = readFixture('v0.6-world2', 'Level.sav');
    expect((await readError(plm.subarray(0, 5000))).code).toBe('truncated');
    const corrupt = plm.slice();
    corrupt.fill(0xaa, 12, 4000);
    expect((await readError(corrupt)).code).toMatch(/decompress_failed|length_mismatch/);
  });
});

describe('parseWorld failure policy', () => {
  it('throws SaveReadError for an unreadable Level.sav', async () => {
    const files = loadWorld('v0.6-world2');
    await expect(parseWorld({ ...files, level: files.level.subarray(0, 100) })).rejects.toBeInstanceOf(SaveReadError);
    await expect(parseWorld({ ...files, level: new Uint8Array(0) })).rejects.toBeInstanceOf(SaveError);
  });

  it('warns and omits for unreadable LevelMeta and player files, without drift', async () => {
    const files = loadWorld('v0.6-world1');
    const players = new Map([...files.players].map(([k, v]) => [k, v.subarray(0, 20)]));
    const r = await parseWorld({ ...files, levelMeta: new Uint8Array([1, 2, 3]), players });
    expect(r.formatDrift).toBe(false);
    expect(r.warnings.map((w) => w.file).sort()).toEqual([
      'LevelMeta.sav',
      'Players/43797F87000000000000000000000000.sav',
      'Players/8C2F1930000000000000000000000000.sav',
    ]);
    expect(r.meta.worldName).toBeUndefined();
    for (const p of r.players) expect(p.captureTotal).toBeUndefined();
    expect(r.pals.every((p) => p.placement === 'unknown')).toBe(true);
    expect(r.timings.decompressMs).toBeGreaterThan(0);
  });
});
