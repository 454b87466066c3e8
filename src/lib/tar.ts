// The tar format (POSIX ustar) as backups use it: regular files only, names of at most 100
// bytes, written and read here so that an archive is one file a host opens with `tar xzf`.
// Reading is defensive (an uploaded archive is untrusted): every entry must be a regular file
// with a relative name that stays inside the archive, and sizes are bounded before anything is
// allocated. readTarStream reads an archive as it is inflated, never holding it whole.

const BLOCK = 512;
const padOf = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export interface TarEntry {
  name: string;
  data: Uint8Array;
  mtimeSec?: number;
}

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, '0') + '\0';
}

/** The header block of a regular file of `size` bytes. */
export function tarHeader(name: string, size: number, mtimeSec: number): Buffer {
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
    yield tarHeader(e.name, e.data.length, e.mtimeSec ?? now);
    yield e.data;
    const pad = padOf(e.data.length);
    if (pad) yield Buffer.alloc(pad, 0);
  }
  yield tarEnd();
}

/** The zeros after a member of `size` bytes, up to the next block (maybe none). */
export const tarPadding = (size: number): Buffer => Buffer.alloc(padOf(size), 0);

/** The end-of-archive blocks. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2, 0);

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

/** What a header block says: a regular file's name, size and time, or the end of the archive
 * (a block of zeros). Refuses a damaged header, anything but a regular file (a directory's own
 * entry is `skip`), and a name that could leave the archive. */
function readHeader(h: Buffer): TarHead | 'end' | 'skip' {
  if (h.every((x) => x === 0)) return 'end';
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
  if (readOctal(h, 148, 8) !== sum) throw new TarError('an entry header is damaged');
  const rawName = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
  const prefix = h.toString('latin1', 257, 263).startsWith('ustar') ? h.toString('utf8', 345, 500).replace(/\0.*$/s, '') : '';
  const name = prefix ? `${prefix}/${rawName}` : rawName;
  const type = String.fromCharCode(h[156] || 0x30);
  const size = readOctal(h, 124, 12);
  // A directory's entry carries no data: files carry their own paths.
  if (type === '5' && size === 0) return 'skip';
  if (type !== '0')
    throw new TarError(`the archive holds something other than a regular file (${name.slice(0, 60)}): links and devices are refused`);
  if (!safeMemberName(name)) throw new TarError(`the archive holds a file named outside it (${name.slice(0, 60)})`);
  return { name, size, mtimeSec: readOctal(h, 136, 12) };
}

/**
 * The entries of an (uncompressed) archive held whole. Refuses anything but regular files and
 * their directories' own entries (skipped), names that could leave the archive, a damaged header,
 * and more than `maxTotal` bytes of content or `maxEntries` entries.
 */
export function readTar(buf: Buffer, limits: { maxTotal: number; maxEntries: number }): TarEntry[] {
  const out: TarEntry[] = [];
  let at = 0;
  let total = 0;
  // Cut anywhere (inside a header, a member's data or its padding) is refused, as readTarStream
  // refuses it; ending at a member's last block without the two zero blocks is accepted (GNU tar
  // reads it).
  while (at < buf.length) {
    if (at + BLOCK > buf.length) throw new TarError('the archive is cut short');
    const head = readHeader(buf.subarray(at, at + BLOCK));
    if (head === 'end') break;
    at += BLOCK;
    if (head === 'skip') continue;
    total += head.size;
    if (total > limits.maxTotal) throw new TarError('the archive holds more data than a world save could');
    if (out.length >= limits.maxEntries) throw new TarError('the archive holds more files than a world save could');
    const next = at + head.size + padOf(head.size);
    if (next > buf.length) throw new TarError('the archive is cut short');
    out.push({ name: head.name, data: buf.subarray(at, at + head.size), mtimeSec: head.mtimeSec });
    at = next;
  }
  return out;
}

/** A member's header as read: checked before any of its data is. */
export interface TarHead {
  name: string;
  size: number;
  mtimeSec: number;
}

/** Where a member's data goes, in order, as it arrives; `end` once all of it has. */
export interface TarSink {
  data(chunk: Uint8Array): void | Promise<void>;
  end(): void | Promise<void>;
}

export interface TarStreamLimits {
  maxEntries: number;
  /** Bytes of content, all members together, as their headers say (checked at each header). */
  maxTotal: number;
  /** Bytes after the end-of-archive block: only zeros, as tar pads its last record (10 KiB
   * for GNU tar), and no more than this. */
  maxTrailing: number;
}

/**
 * Reads an archive as it arrives (`source`: the inflated stream, in chunks of any size), holding
 * at most one header block of it. `member` is asked for each file on its header, before any of
 * its data is read, and may refuse it by throwing; the sink then gets exactly the bytes the
 * header announced. What follows the end block must be zeros within `maxTrailing`: a header that
 * says less than what follows it does not make the rest disappear unread.
 */
export async function readTarStream(
  source: AsyncIterable<Uint8Array>,
  limits: TarStreamLimits,
  member: (head: TarHead) => TarSink | Promise<TarSink>,
): Promise<void> {
  const header = Buffer.alloc(BLOCK);
  let have = 0; // bytes of `header` filled
  let sink: TarSink | null = null;
  let left = 0; // data bytes of the current member still to come
  let pad = 0; // padding bytes after it
  let entries = 0;
  let total = 0;
  let trailing = -1; // bytes after the end block; -1 before it
  for await (const chunk of source) {
    let at = 0;
    while (at < chunk.length) {
      if (trailing >= 0) {
        const rest = chunk.subarray(at);
        trailing += rest.length;
        if (trailing > limits.maxTrailing || !rest.every((x) => x === 0)) throw new TarError('the archive goes on past its end');
        break;
      }
      if (left > 0) {
        const n = Math.min(left, chunk.length - at);
        await sink!.data(chunk.subarray(at, at + n));
        at += n;
        left -= n;
        if (left === 0) await sink!.end();
        continue;
      }
      if (pad > 0) {
        const n = Math.min(pad, chunk.length - at);
        at += n;
        pad -= n;
        continue;
      }
      const n = Math.min(BLOCK - have, chunk.length - at);
      header.set(chunk.subarray(at, at + n), have);
      have += n;
      at += n;
      if (have < BLOCK) continue;
      have = 0;
      const head = readHeader(header);
      if (head === 'end') {
        trailing = 0;
        continue;
      }
      if (head === 'skip') continue;
      if (++entries > limits.maxEntries) throw new TarError('the archive holds more files than a world save could');
      total += head.size;
      if (total > limits.maxTotal) throw new TarError('the archive holds more data than a world save could');
      sink = await member(head);
      left = head.size;
      pad = padOf(head.size);
      if (left === 0) await sink.end();
    }
  }
  if (have > 0 || left > 0 || pad > 0) throw new TarError('the archive is cut short');
}
