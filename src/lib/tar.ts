// The tar format (POSIX ustar) as backups use it: regular files only, names of at most 100
// bytes, written and read here so that an archive is one file a host opens with `tar xzf`.
// Reading is defensive (an uploaded archive is untrusted): every entry must be a regular file
// with a relative name that stays inside the archive, and sizes are bounded before anything is
// allocated.

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Uint8Array;
  mtimeSec?: number;
}

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtimeSec: number): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`tar: name too long: ${name}`);
  nameBytes.copy(h, 0);
  h.write(octal(0o644, 8), 100, 'latin1'); // mode
  h.write(octal(0, 8), 108, 'latin1'); // uid
  h.write(octal(0, 8), 116, 'latin1'); // gid
  h.write(octal(size, 12), 124, 'latin1');
  h.write(octal(Math.floor(mtimeSec), 12), 136, 'latin1');
  h.fill(0x20, 148, 156); // checksum counted as spaces
  h.write('0', 156, 'latin1'); // regular file
  h.write('ustar\0', 257, 'latin1');
  h.write('00', 263, 'latin1');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'latin1');
  return h;
}

/** The archive's bytes, piece by piece (so a large world is never copied into one buffer). */
export function* tarChunks(entries: Iterable<TarEntry>): Generator<Uint8Array> {
  const now = Date.now() / 1000;
  for (const e of entries) {
    yield header(e.name, e.data.length, e.mtimeSec ?? now);
    yield e.data;
    const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad, 0);
  }
  yield Buffer.alloc(BLOCK * 2, 0);
}

/** Why an archive is refused, in words. */
export class TarError extends Error {}

/** A member name that can only name a file inside the archive: relative, no `..`, no empty
 * or `.` segment, printable. */
export function safeMemberName(name: string): boolean {
  if (name.length === 0 || name.length > 100 || name.startsWith('/') || name.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  return name.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

function readOctal(b: Buffer, at: number, len: number): number {
  const text = b
    .toString('latin1', at, at + len)
    .replace(/\0.*$/s, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError('an entry header is damaged');
  return parseInt(text, 8);
}

/**
 * The entries of an (uncompressed) archive. Refuses anything but regular files and their
 * directories' own entries (skipped), names that could leave the archive, a damaged header,
 * and more than `maxTotal` bytes of content or `maxEntries` entries.
 */
export function readTar(buf: Buffer, limits: { maxTotal: number; maxEntries: number }): TarEntry[] {
  const out: TarEntry[] = [];
  let at = 0;
  let total = 0;
  while (at + BLOCK <= buf.length) {
    const h = buf.subarray(at, at + BLOCK);
    if (h.every((x) => x === 0)) break;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
    if (readOctal(h, 148, 8) !== sum) throw new TarError('an entry header is damaged');
    const rawName = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const prefix = h.toString('latin1', 257, 263).startsWith('ustar') ? h.toString('utf8', 345, 500).replace(/\0.*$/s, '') : '';
    const name = prefix ? `${prefix}/${rawName}` : rawName;
    const type = String.fromCharCode(h[156] || 0x30);
    const size = readOctal(h, 124, 12);
    at += BLOCK;
    if (type === '5') continue; // a directory entry: files carry their own paths
    if (type !== '0')
      throw new TarError(`the archive holds something other than a regular file (${name.slice(0, 60)}): links and devices are refused`);
    if (!safeMemberName(name)) throw new TarError(`the archive holds a file named outside it (${name.slice(0, 60)})`);
    total += size;
    if (total > limits.maxTotal) throw new TarError('the archive holds more data than a world save could');
    if (out.length >= limits.maxEntries) throw new TarError('the archive holds more files than a world save could');
    if (at + size > buf.length) throw new TarError('the archive is cut short');
    out.push({ name, data: buf.subarray(at, at + size), mtimeSec: readOctal(h, 136, 12) });
    at += size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
  return out;
}
