// The streaming tar reader against the whole-buffer one: the same entries whatever the chunks
// it is fed (one byte, a header split across two, a whole archive), and what it refuses.
import { describe, expect, it } from 'vitest';
import { readTar, readTarStream, tarChunks, TarError, type TarHead } from '../../src/lib/tar.js';
import { seededRandom } from '../../src/lib/prng.js';

const LIMITS = { maxEntries: 100, maxTotal: 1 << 20, maxTrailing: 10_240 };

async function* chunked(buf: Buffer, sizes: () => number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < buf.length;) {
    const n = Math.max(1, sizes());
    await Promise.resolve(); // as an inflating stream would: each chunk a turn later
    yield buf.subarray(at, at + n);
    at += n;
  }
}

async function entries(source: AsyncIterable<Uint8Array>, limits = LIMITS) {
  const out: { name: string; data: Buffer }[] = [];
  await readTarStream(source, limits, (head: TarHead) => {
    const parts: Buffer[] = [];
    return { data: (c) => void parts.push(Buffer.from(c)), end: () => void out.push({ name: head.name, data: Buffer.concat(parts) }) };
  });
  return out;
}

describe('readTarStream', () => {
  const files = [
    { name: 'manifest.json', data: Buffer.from('{"a":1}') },
    { name: 'world/empty.sav', data: Buffer.alloc(0) },
    { name: 'world/Level.sav', data: Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251)) },
    { name: 'world/Players/x.sav', data: Buffer.alloc(512, 7) },
  ];
  const tar = Buffer.concat([...tarChunks(files)]);

  it('reads the same entries as readTar, fed in chunks of any size', async () => {
    const whole = readTar(tar, { maxTotal: 1 << 20, maxEntries: 100 }).map((e) => ({ name: e.name, data: Buffer.from(e.data) }));
    expect(whole.map((e) => e.name)).toEqual(files.map((f) => f.name));
    const rng = seededRandom(3);
    for (const sizes of [() => 1, () => 511, () => 513, () => tar.length, () => Math.floor(rng() * 2000)]) {
      expect(await entries(chunked(tar, sizes))).toEqual(whole);
    }
  });

  it('refuses zeros past its bound after the end, anything else after it, a cut, and too much', async () => {
    const once = async (b: Buffer, limits = LIMITS) =>
      entries(
        chunked(b, () => 4096),
        limits,
      );
    await expect(once(Buffer.concat([tar, Buffer.alloc(10_240)]))).rejects.toThrow(/goes on past its end/);
    await expect(once(Buffer.concat([tar, Buffer.alloc(8000)]))).resolves.toHaveLength(4);
    await expect(once(Buffer.concat([tar, Buffer.from('x')]))).rejects.toThrow(/goes on past its end/);
    await expect(once(tar.subarray(0, 1500))).rejects.toThrow(/cut short/);
    await expect(once(tar, { ...LIMITS, maxEntries: 3 })).rejects.toThrow(/more files/);
    await expect(once(tar, { ...LIMITS, maxTotal: 5000 })).rejects.toThrow(/more data/);
    // A member refused on its header: nothing of its data is read.
    let dataSeen = 0;
    const refused = readTarStream(
      chunked(tar, () => 4096),
      LIMITS,
      (head) => {
        if (head.name === 'world/Level.sav') throw new TarError('no');
        return { data: () => void (dataSeen += 1), end: () => undefined };
      },
    );
    await expect(refused).rejects.toThrow('no');
    expect(dataSeen).toBe(1); // the manifest's one chunk
  });
});
