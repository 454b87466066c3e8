// Hostile backup archives, written as a stream (a test never holds the megabytes of zeros it
// packs): a ustar header is made here by hand, independent of the writer under test, so a
// header can say what its data is not.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const MiB = 1024 * 1024;
const ZERO = Buffer.alloc(MiB);

/** `n` zero bytes, a MiB at a time (the same buffer each time). */
export function* zeroChunks(n: number): Generator<Uint8Array> {
  for (let left = n; left > 0; left -= MiB) yield ZERO.subarray(0, Math.min(left, MiB));
}

export function sha256Of(chunks: Iterable<Uint8Array>): string {
  const h = createHash('sha256');
  for (const c of chunks) h.update(c);
  return h.digest('hex');
}

/** A ustar header for a regular file of `size` bytes. */
export function ustarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512, 0);
  h.write(name, 0, 'utf8');
  h.write('0000644\0', 100, 'latin1');
  h.write('0000000\0', 108, 'latin1');
  h.write('0000000\0', 116, 'latin1');
  h.write(size.toString(8).padStart(11, '0') + '\0', 124, 'latin1');
  h.write('15000000000\0', 136, 'latin1');
  h.fill(0x20, 148, 156);
  h.write('0', 156, 'latin1');
  h.write('ustar\0' + '00', 257, 'latin1');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  return h;
}

export interface RawMember {
  name: string;
  /** What the header says (default: the bytes that follow). */
  headerSize?: number;
  chunks: () => Iterable<Uint8Array>;
}

/** A palpanel manifest for `files` (the sizes and hashes the caller says). */
export function manifestBytes(files: { path: string; size: number; sha256: string }[], id = 'x'): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'palpanel-backup/1',
      id,
      trigger: 'imported',
      createdAt: '2026-07-01T00:00:00.000Z',
      gameVersion: null,
      world: null,
      files,
    }),
  );
}

/** Writes a gzip'd tar of `members` to `path`, then `tail` (default: the end-of-archive blocks). */
export async function writeTarGz(path: string, members: RawMember[], tail: Iterable<Uint8Array> = [Buffer.alloc(1024)]): Promise<void> {
  const gz = createGzip({ level: 9 });
  const out = createWriteStream(path, { mode: 0o600 });
  gz.pipe(out);
  const put = async (c: Uint8Array) => {
    if (!gz.write(c)) await new Promise((r) => gz.once('drain', r));
  };
  for (const m of members) {
    let size = 0;
    for (const c of m.chunks()) size += c.length;
    await put(ustarHeader(m.name, m.headerSize ?? size));
    for (const c of m.chunks()) await put(c);
    if (size % 512) await put(Buffer.alloc(512 - (size % 512)));
  }
  for (const c of tail) await put(c);
  gz.end();
  await finished(out);
}
