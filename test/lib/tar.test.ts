// The tar format as backups write and read it (src/lib/tar.ts), rule by rule: the writer's header
// fields (read back with the host's own `tar`), the member names a reader accepts, the octal
// fields and the checksum, the ustar prefix, directory entries, the block walk and the end, and
// the bounds of both readers exactly at and one past each. Hostile headers are made here by hand,
// independent of the writer under test, so a header can say anything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readTar,
  readTarStream,
  safeMemberName,
  tarChunks,
  tarEnd,
  TarError,
  tarHeader,
  tarPadding,
  type TarEntry,
  type TarHead,
} from '../../src/lib/tar.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';

const BLOCK = 512;
const LIMITS = { maxTotal: 1 << 20, maxEntries: 100 };
const STREAM_LIMITS = { ...LIMITS, maxTrailing: 10_240 };

// --- Headers by hand -------------------------------------------------------------------------

interface Fields {
  name?: string;
  /** A number (written as 11 octal digits and a NUL) or the field's 12 bytes as they are. */
  size?: number | string;
  mtime?: string;
  /** The type flag; '\0' is the old form of a regular file. */
  type?: string;
  /** Bytes 257..265: 'ustar\0' and '00' unless told (an old v7 header has neither). */
  magic?: string;
  prefix?: string;
}

/** Puts the checksum of `h` (its own field counted as spaces) in place, as 6 digits, NUL, space. */
function seal(h: Buffer): Buffer {
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  return h;
}

function header(f: Fields = {}): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  h.write(f.name ?? 'a.txt', 0, 'utf8');
  h.write('0000644\0', 100, 'latin1');
  h.write('0000000\0', 108, 'latin1');
  h.write('0000000\0', 116, 'latin1');
  const size = f.size ?? 0;
  h.write(typeof size === 'number' ? size.toString(8).padStart(11, '0') + '\0' : size, 124, 'latin1');
  h.write(f.mtime ?? '14000000000\0', 136, 'latin1');
  h.write(f.type ?? '0', 156, 'latin1');
  h.write(f.magic ?? 'ustar\u000000', 257, 'latin1');
  if (f.prefix) h.write(f.prefix, 345, 'utf8');
  return seal(h);
}

/** A member: its header, its data, its padding. */
function member(name: string, data: string | Buffer, f: Fields = {}): Buffer {
  const d = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([header({ name, size: d.length, ...f }), d, Buffer.alloc((BLOCK - (d.length % BLOCK)) % BLOCK)]);
}

const END = Buffer.alloc(2 * BLOCK);
const archive = (...parts: Buffer[]) => Buffer.concat([...parts, END]);

// --- Both readers ----------------------------------------------------------------------------

interface Read {
  name: string;
  data: string;
  mtimeSec: number;
}

const wholeRead = (buf: Buffer, limits = LIMITS): Read[] =>
  readTar(buf, limits).map((e) => ({ name: e.name, data: Buffer.from(e.data).toString('latin1'), mtimeSec: e.mtimeSec! }));

async function* chunks(buf: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < buf.length; at += size) {
    await Promise.resolve();
    yield buf.subarray(at, at + size);
  }
}

/** What readTarStream hands its members, fed `buf` in chunks of `size` bytes; each sink must be
 * ended exactly once, after all its data. */
async function streamRead(buf: Buffer, limits = STREAM_LIMITS, size = 4096): Promise<Read[]> {
  const out: Read[] = [];
  await readTarStream(chunks(buf, size), limits, (head: TarHead) => {
    const parts: Buffer[] = [];
    let ended = false;
    return {
      data: (c) => {
        expect(ended).toBe(false);
        parts.push(Buffer.from(c));
      },
      end: () => {
        expect(ended).toBe(false);
        ended = true;
        out.push({ name: head.name, data: Buffer.concat(parts).toString('latin1'), mtimeSec: head.mtimeSec });
      },
    };
  });
  return out;
}

/** Both readers read `buf` as `expected` (the stream in one chunk, and a byte at a time). */
async function expectRead(buf: Buffer, expected: Partial<Read>[], limits = LIMITS) {
  const match = expected.map((e) => expect.objectContaining(e));
  expect(wholeRead(buf, limits)).toEqual(match);
  expect(await streamRead(buf, { ...limits, maxTrailing: 10_240 }, buf.length)).toEqual(match);
  expect(await streamRead(buf, { ...limits, maxTrailing: 10_240 }, 1)).toEqual(match);
}

async function refusalOf(read: () => unknown): Promise<string> {
  try {
    await read();
  } catch (e) {
    expect(e).toBeInstanceOf(TarError);
    return (e as Error).message;
  }
  throw new Error('not refused');
}

/** Both readers refuse `buf` with exactly `message`. */
async function expectRefused(buf: Buffer, message: string, limits = LIMITS) {
  expect(await refusalOf(() => wholeRead(buf, limits))).toBe(message);
  expect(await refusalOf(() => streamRead(buf, { ...limits, maxTrailing: 10_240 }))).toBe(message);
}

const DAMAGED = 'an entry header is damaged';
const CUT = 'the archive is cut short';
const MORE_DATA = 'the archive holds more data than a world save could';
const MORE_FILES = 'the archive holds more files than a world save could';
const notRegular = (name: string) => `the archive holds something other than a regular file (${name}): links and devices are refused`;
const outside = (name: string) => `the archive holds a file named outside it (${name})`;

// --- The writer ------------------------------------------------------------------------------

describe('tarHeader', () => {
  const field = (h: Buffer, at: number, len: number) => h.toString('latin1', at, at + len);

  it('writes the ustar fields of a regular file: name, mode 0644, owner 0, size and mtime in octal, type 0, magic and version', () => {
    const h = tarHeader('world/Level.sav', 1234, 1_700_000_000.9);
    expect(h).toHaveLength(BLOCK);
    expect(field(h, 0, 100)).toBe('world/Level.sav'.padEnd(100, '\0'));
    expect(field(h, 100, 8)).toBe('0000644\0');
    expect(field(h, 108, 8)).toBe('0000000\0');
    expect(field(h, 116, 8)).toBe('0000000\0');
    expect(field(h, 124, 12)).toBe('00000002322\0'); // 1234
    expect(field(h, 136, 12)).toBe('14524770400\0'); // 1700000000: whole seconds
    expect(field(h, 156, 1)).toBe('0');
    expect(field(h, 157, 100)).toBe('\0'.repeat(100)); // no link name
    expect(field(h, 257, 6)).toBe('ustar\0');
    expect(field(h, 263, 2)).toBe('00');
    expect(field(h, 265, BLOCK - 265)).toBe('\0'.repeat(BLOCK - 265)); // no owner names, no prefix
    // The checksum: the sum of the header's bytes with its own field as spaces; 6 digits, NUL, space.
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
    expect(field(h, 148, 8)).toBe(sum.toString(8).padStart(6, '0') + '\0 ');
  });

  it('takes a name of exactly 100 bytes and refuses one of 101, counting UTF-8 bytes, not characters', () => {
    const hundred = 'd/' + 'n'.repeat(98);
    expect(field(tarHeader(hundred, 0, 0), 0, 100)).toBe(hundred);
    expect(() => tarHeader(hundred + 'x', 0, 0)).toThrow(`tar: name too long: ${hundred}x`);
    const fifty = 'é'.repeat(50); // 50 characters, 100 bytes
    expect(tarHeader(fifty, 0, 0).toString('utf8', 0, 100)).toBe(fifty);
    expect(() => tarHeader(fifty + 'a', 0, 0)).toThrow(`tar: name too long: ${fifty}a`); // 51 characters, 101 bytes
  });
});

describe('tarPadding and tarEnd', () => {
  it('pads a member to the next 512-byte block, and ends an archive with two zero blocks', () => {
    for (const [size, pad] of [
      [0, 0],
      [1, 511],
      [511, 1],
      [512, 0],
      [513, 511],
      [1024, 0],
    ]) {
      expect(tarPadding(size)).toEqual(Buffer.alloc(pad));
    }
    expect(tarEnd()).toEqual(Buffer.alloc(1024));
  });
});

describe('tarChunks', () => {
  it('yields each header, the data as it is and its padding when there is any, then the end', () => {
    const five = Buffer.from('hello');
    const full = Buffer.alloc(512, 7);
    const pieces = [
      ...tarChunks([
        { name: 'a', data: five, mtimeSec: 1 },
        { name: 'b', data: full, mtimeSec: 1 },
        { name: 'c', data: Buffer.alloc(0), mtimeSec: 1 },
      ]),
    ];
    expect(pieces.map((p) => p.length)).toEqual([512, 5, 507, 512, 512, 512, 0, 1024]);
    expect(pieces[1]).toBe(five); // not a copy
    expect(pieces[4]).toBe(full);
  });

  it('stamps an entry without a time with the time it is written, in seconds', () => {
    const before = Math.floor(Date.now() / 1000);
    const [e] = readTar(Buffer.concat([...tarChunks([{ name: 'now.txt', data: Buffer.from('x') }])]), LIMITS);
    const after = Date.now() / 1000;
    expect(e.mtimeSec).toBeGreaterThanOrEqual(before);
    expect(e.mtimeSec).toBeLessThanOrEqual(after);
  });

  it("writes an archive the host's tar lists and extracts: names, sizes, times and bytes", () => {
    const dir = tempDir('palpanel-tar-');
    const hundred = 'world/' + 'h'.repeat(90) + '.sav'; // 100 bytes
    const entries: TarEntry[] = [
      { name: 'manifest.json', data: Buffer.from('{"a":1}'), mtimeSec: 1_600_000_000 },
      { name: 'world/LevelMeta.sav', data: readFileSync(join(FIXTURES, 'v0.6-world1', 'LevelMeta.sav')), mtimeSec: 1_700_000_000.75 },
      { name: 'world/Players/empty.sav', data: Buffer.alloc(0), mtimeSec: 1_000_000_000 },
      { name: 'world/block.bin', data: Buffer.alloc(512, 0xab), mtimeSec: 86_400 },
      { name: 'world/ünïcode-名前.sav', data: Buffer.from('utf-8 name'), mtimeSec: 1_234_567_890 },
      { name: hundred, data: Buffer.alloc(700, 1), mtimeSec: 1_750_000_000 },
    ];
    expect(Buffer.byteLength(hundred)).toBe(100);
    const file = join(dir, 'backup.tar');
    writeFileSync(file, Buffer.concat([...tarChunks(entries)]));

    const env = { ...process.env, LC_ALL: 'C.UTF-8' }; // names printed as they are, not escaped
    const list = spawnSync('tar', ['--utc', '--full-time', '--numeric-owner', '-tvf', file], { encoding: 'utf8', env });
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    const utc = (s: number) => new Date(Math.floor(s) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    expect(list.stdout.trimEnd().split('\n')).toEqual(
      entries.map((e) =>
        expect.stringMatching(new RegExp(`^-rw-r--r-- 0/0 +${e.data.length} ${utc(e.mtimeSec!)} ${e.name.replace(/\./g, '\\.')}$`)),
      ),
    );

    const out = join(dir, 'out');
    mkdirSync(out);
    const extract = spawnSync('tar', ['-xf', file, '-C', out], { encoding: 'utf8' });
    expect(extract.stderr).toBe('');
    expect(extract.status).toBe(0);
    for (const e of entries) {
      expect(readFileSync(join(out, e.name))).toEqual(Buffer.from(e.data));
      expect(statSync(join(out, e.name)).mtimeMs).toBe(Math.floor(e.mtimeSec!) * 1000);
    }
    // And the readers read back what was written.
    expect(wholeRead(readFileSync(file)).map((e) => [e.name, e.data.length, e.mtimeSec])).toEqual(
      entries.map((e) => [e.name, e.data.length, Math.floor(e.mtimeSec!)]),
    );
  });
});

// --- Member names ----------------------------------------------------------------------------

describe('safeMemberName', () => {
  it('takes relative names of 1 to 100 characters whose segments are names', () => {
    for (const name of [
      'a',
      'manifest.json',
      'world/Players/x.sav',
      '.hidden',
      'a/.b',
      'a/..b',
      'a..',
      '...',
      'with space.sav',
      'x'.repeat(100),
    ]) {
      expect(safeMemberName(name), name).toBe(true);
    }
  });

  it('refuses an empty name, one over 100 characters, an absolute one and a backslash', () => {
    for (const name of ['', 'x'.repeat(101), 'a/' + 'x'.repeat(99), '/etc/passwd', '/', 'a\\b', '..\\x', 'C:\\x']) {
      expect(safeMemberName(name), name).toBe(false);
    }
  });

  it('refuses control characters (C0 and DEL)', () => {
    for (const name of ['a\u0000b', 'a\u0001b', 'a\tb', 'a\nb', 'a\u001fb', 'a\u007fb', '\u001b[31m.sav']) {
      expect(safeMemberName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('refuses `..`, empty and `.` segments wherever they are', () => {
    for (const name of ['..', '../a', 'a/..', 'a/../b', '.', './a', 'a/.', 'a/./b', 'a//b', 'a/', '//a']) {
      expect(safeMemberName(name), name).toBe(false);
    }
  });
});

// --- Reading: headers ------------------------------------------------------------------------

describe('reading a header', () => {
  it('reads a regular file by hand: name, data and mtime; an old NUL type flag is a regular file too', async () => {
    await expectRead(archive(member('world/Level.sav', 'level'), member('old.txt', 'v7', { type: '\0' })), [
      { name: 'world/Level.sav', data: 'level', mtimeSec: 0o14000000000 },
      { name: 'old.txt', data: 'v7' },
    ]);
  });

  it('reads octal fields ended by a NUL (and whatever follows it) or a space, with spaces around', async () => {
    for (const size of ['00000000012\0', '00000000012 ', ' 0000000012 ', '     12 \0\0\0\0', '12\0garbag\n!!', '000000000012']) {
      await expectRead(archive(member('f', 'x'.repeat(10), { size })), [{ name: 'f', data: 'x'.repeat(10) }]);
    }
    await expectRead(archive(member('f', 'x', { mtime: ' 1750 \0\0\0\0\0\0' })), [{ mtimeSec: 0o1750 }]);
  });

  it('refuses an octal field that is not octal digits: 8 or 9, a letter before or after, or nothing', async () => {
    for (const size of [
      '00000000018\0',
      '00000000090\0',
      'x0000000012\0',
      '0000000012x\0',
      '0000000001-2',
      '\0'.repeat(12),
      ' '.repeat(12),
    ]) {
      await expectRefused(archive(header({ size }), Buffer.alloc(BLOCK)), DAMAGED);
    }
    await expectRefused(archive(header({ mtime: '1400000000a\0' })), DAMAGED);
  });

  it('refuses a header whose checksum is not the sum of its bytes, or is missing', async () => {
    const good = header({ name: 'f', size: 1 });
    const oneOff = Buffer.from(good);
    oneOff[1] = 'x'.charCodeAt(0); // the name changed after the checksum was taken
    await expectRefused(archive(oneOff, Buffer.alloc(BLOCK)), DAMAGED);
    const noSum = Buffer.from(good).fill(0x20, 148, 156);
    await expectRefused(archive(noSum, Buffer.alloc(BLOCK)), DAMAGED);
    const inc = Buffer.from(good);
    const sum = parseInt(good.toString('latin1', 148, 154), 8);
    inc.write((sum + 1).toString(8).padStart(6, '0'), 148, 'latin1');
    await expectRefused(archive(inc, Buffer.alloc(BLOCK)), DAMAGED);
    await expectRead(archive(good, Buffer.alloc(BLOCK)), [{ name: 'f' }]);
  });

  it('joins a ustar prefix to the name, and reads none without the ustar magic', async () => {
    await expectRead(archive(member('Level.sav', 'l', { prefix: 'world' })), [{ name: 'world/Level.sav', data: 'l' }]);
    // 'ustar  ' (GNU's old magic) starts with ustar too.
    await expectRead(archive(member('x.sav', 'p', { prefix: 'world/Players', magic: 'ustar  \0' })), [{ name: 'world/Players/x.sav' }]);
    // A v7 header has no magic: what lies where a prefix would is not a prefix.
    await expectRead(archive(member('a.txt', 'v7', { magic: '', prefix: 'junk' })), [{ name: 'a.txt', data: 'v7' }]);
    await expectRead(archive(member('a.txt', 'v7', { magic: '', prefix: '' })), [{ name: 'a.txt', data: 'v7' }]);
    await expectRefused(archive(member('b', 'x', { prefix: '..' })), outside('../b'));
  });

  it("skips a directory's own entry (type 5, no data) and refuses one that says it has data", async () => {
    const tar = archive(
      header({ name: 'world/', type: '5' }),
      member('world/Level.sav', 'l'),
      header({ name: 'world/Players/', type: '5' }),
      member('world/Players/x.sav', 'p'),
    );
    await expectRead(tar, [
      { name: 'world/Level.sav', data: 'l' },
      { name: 'world/Players/x.sav', data: 'p' },
    ]);
    await expectRefused(archive(member('dir/', 'hidden data', { type: '5' })), notRegular('dir/'));
  });

  it('refuses links, devices, fifos and extended headers, in words', async () => {
    for (const type of ['1', '2', '3', '4', '6', '7', 'x', 'g', 'L', 'K', 'S']) {
      await expectRefused(archive(header({ name: 'evil', type })), notRegular('evil'));
    }
  });

  it('refuses a name that could leave the archive, in words', async () => {
    for (const name of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', './a', 'a\\b', 'a\u0001b']) {
      await expectRefused(archive(member(name, 'x')), outside(name));
    }
    // A prefix and a name of 100 bytes make a name of more than 100.
    const name = 'n'.repeat(100);
    await expectRefused(archive(member(name, 'x', { prefix: 'world' })), outside(`world/${name}`.slice(0, 60)));
  });

  it("cuts a long name to 60 characters in a refusal's words", async () => {
    const long = 'l'.repeat(70) + '/../target';
    await expectRefused(archive(member(long, 'x')), outside('l'.repeat(60)));
    const link = 'k'.repeat(59) + 'XYZ' + 'k'.repeat(20);
    await expectRefused(archive(header({ name: link, type: '2' })), notRegular('k'.repeat(59) + 'X'));
  });
});

// --- Reading: the walk, the end and the bounds -----------------------------------------------

describe('the block walk and the end', () => {
  it('walks sizes of 0, 1, 511, 512 and 513 bytes to the next block', async () => {
    const sizes = [0, 1, 511, 512, 513, 1024];
    const tar = archive(...sizes.map((n, i) => member(`f${i}`, Buffer.alloc(n, 65 + i))));
    await expectRead(
      tar,
      sizes.map((n, i) => ({ name: `f${i}`, data: String.fromCharCode(65 + i).repeat(n) })),
    );
    await expectRead(END, []);
    await expectRead(Buffer.alloc(0), []);
  });

  it('ends at the first zero block: what follows is not read as entries', () => {
    const tar = Buffer.concat([member('a', '1'), Buffer.alloc(BLOCK), member('b', '2'), END]);
    expect(wholeRead(tar).map((e) => e.name)).toEqual(['a']);
  });

  it("reads an archive that ends at a block boundary without its end blocks, as the host's tar does", async () => {
    const noEnd = Buffer.concat([member('a', '1'), member('full', Buffer.alloc(512, 9))]);
    await expectRead(noEnd, [
      { name: 'a', data: '1' },
      { name: 'full', data: '\t'.repeat(512) },
    ]);
    await expectRead(header({ name: 'empty' }), [{ name: 'empty', data: '' }]);
  });

  it("refuses an archive cut inside a member's data, or a header whose data is missing", async () => {
    await expectRefused(Buffer.concat([header({ name: 'f', size: 1024 }), Buffer.alloc(600)]), CUT);
    await expectRefused(Buffer.concat([header({ name: 'f', size: 5 }), Buffer.alloc(4)]), CUT);
    await expectRefused(header({ name: 'f', size: 5 }), CUT);
    await expectRefused(Buffer.concat([member('a', '1'), header({ name: 'f', size: 1 })]), CUT);
  });

  it('both readers refuse a cut in the padding or in a header, and the stream never ends a cut member', async () => {
    const tar = archive(member('f', 'hello'));
    for (const end of [BLOCK + 5 + 100, BLOCK + 5, 100, BLOCK + BLOCK + 100])
      expect(() => readTar(tar.subarray(0, end), LIMITS)).toThrow(CUT);
    expect(await refusalOf(() => streamRead(tar.subarray(0, BLOCK + 5 + 100)))).toBe(CUT);
    expect(await refusalOf(() => streamRead(tar.subarray(0, BLOCK + 5)))).toBe(CUT);
    expect(await refusalOf(() => streamRead(tar.subarray(0, 100)))).toBe(CUT);
    expect(await refusalOf(() => streamRead(tar.subarray(0, BLOCK + BLOCK + 100)))).toBe(CUT);
    const ended: string[] = [];
    const cut = Buffer.concat([header({ name: 'g', size: 1024 }), Buffer.alloc(600)]);
    await expect(
      readTarStream(chunks(cut, 100), STREAM_LIMITS, (h) => ({ data: () => undefined, end: () => void ended.push(h.name) })),
    ).rejects.toThrow(CUT);
    expect(ended).toEqual([]);
  });

  it('the stream takes zeros after the end up to maxTrailing and refuses one more, or anything but zeros', async () => {
    const tar = Buffer.concat([member('a', '1'), Buffer.alloc(BLOCK)]); // one end block
    for (const size of [1, 100, 4096]) {
      expect(await streamRead(Buffer.concat([tar, Buffer.alloc(1000)]), { ...STREAM_LIMITS, maxTrailing: 1000 }, size)).toHaveLength(1);
      expect(
        await refusalOf(() => streamRead(Buffer.concat([tar, Buffer.alloc(1001)]), { ...STREAM_LIMITS, maxTrailing: 1000 }, size)),
      ).toBe('the archive goes on past its end');
    }
    const after = Buffer.concat([tar, Buffer.alloc(100), member('b', '2')]);
    expect(await refusalOf(() => streamRead(after))).toBe('the archive goes on past its end');
  });
});

describe('the bounds of both readers', () => {
  const files = (n: number, size: number) => archive(...Array.from({ length: n }, (_, i) => member(`f${i}`, Buffer.alloc(size, 1))));

  it('takes exactly maxEntries files and refuses one more; directory entries do not count', async () => {
    const three = files(3, 10);
    await expectRead(three, [{ name: 'f0' }, { name: 'f1' }, { name: 'f2' }], { ...LIMITS, maxEntries: 3 });
    await expectRefused(three, MORE_FILES, { ...LIMITS, maxEntries: 2 });
    const withDirs = archive(header({ name: 'd/', type: '5' }), member('d/a', '1'), header({ name: 'e/', type: '5' }));
    await expectRead(withDirs, [{ name: 'd/a' }], { ...LIMITS, maxEntries: 1 });
    await expectRefused(files(1, 0), MORE_FILES, { ...LIMITS, maxEntries: 0 });
  });

  it('takes exactly maxTotal bytes of content, all files together, and refuses one more', async () => {
    const tar = files(3, 700); // 2100 bytes, no one file over 700
    await expectRead(tar, [{ name: 'f0' }, { name: 'f1' }, { name: 'f2' }], { ...LIMITS, maxTotal: 2100 });
    await expectRefused(tar, MORE_DATA, { ...LIMITS, maxTotal: 2099 });
    await expectRefused(tar, MORE_DATA, { ...LIMITS, maxTotal: 1000 });
    // Checked on the header, before its data: a header saying more than the bound is refused
    // as too much even when its data is not there.
    await expectRefused(header({ name: 'big', size: 0o77777777777 }), MORE_DATA);
  });
});
