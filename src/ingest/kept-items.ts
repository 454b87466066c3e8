// The items a parse leaves unread (`items: 'lazy'`, serve's default). The parse worker writes the
// item parts' bytes straight from Level.sav's GVAS into a file beside the world database
// (`world.db.items`) as the walk passes them, so the parse never holds a copy of them; after the
// swap a second worker reads that file (items-reader.ts) and hands the encoded items to the world
// served; an item request during that read waits for it, and one with no read under way reads the
// file itself. The file names the parse it belongs to: the world restored at start-up takes it only
// when they match.
//
// Layout: MAGIC, the runs' bytes one after another, then a v8-serialized trailer (the parse, where
// each run was, what mapping the items needs), then the trailer's length as a u32 (LE). The
// trailer comes last because the runs are written before the parse has finished.
import { closeSync, fchmodSync, fstatSync, fsyncSync, openSync, readSync, rmSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { renameDurably, tempFileName, writeAll } from '../lib/atomic-file.js';
import { laidBuffer, LIMITS, readKeptItems, type ItemKeeper, type KeptWorldItems, type ReadItems } from '../save/index.js';
import type { PendingItems, WorldRepo } from '../store/world.js';

/** The kept items' file beside the world database. */
export const keptItemsFile = (worldFile: string): string => `${worldFile}.items`;

const MAGIC = Buffer.from('PPKEPT2\n');

interface Trailer extends KeptWorldItems {
  parsedAt: string;
}

/** A temp file beside the world database that a parse's keeper writes the item parts to. */
export class KeptItemsWriter {
  private fd: number | undefined;
  private written = 0;
  readonly tmp: string;

  constructor(worldFile: string) {
    this.tmp = tempFileName(keptItemsFile(worldFile), 'parse');
    this.fd = openSync(this.tmp, 'w', 0o600);
    fchmodSync(this.fd, 0o600);
    writeAll(this.fd, MAGIC);
  }

  /** The parse's keeper: writes each run from the GVAS as it is, never copied. */
  readonly keep: ItemKeeper = (gvas, kept) => {
    if (this.fd === undefined) throw new Error('kept items written after their file was closed');
    for (const r of kept.runs) writeAll(this.fd, gvas.subarray(r.start, r.start + r.size));
    this.written = kept.runs.reduce((n, r) => n + r.size, 0);
  };

  /** The trailer written, the file fsynced and closed; returns its temp name (placeKeptItems
   * renames it into place). */
  finish(parsedAt: string, data: KeptWorldItems): string {
    const fd = this.fd!;
    this.fd = undefined;
    try {
      if (data.kept.runs.reduce((n, r) => n + r.size, 0) !== this.written) throw new Error('the kept runs were not all written');
      const trailer: Trailer = { parsedAt, kept: data.kept, level: data.level, playerSaves: data.playerSaves };
      const body = serialize(trailer);
      const size = Buffer.alloc(4);
      size.writeUInt32LE(body.length);
      writeAll(fd, body);
      writeAll(fd, size);
      fsyncSync(fd);
    } catch (err) {
      closeSync(fd);
      rmSync(this.tmp, { force: true });
      throw err;
    }
    closeSync(fd);
    return this.tmp;
  }

  /** Closes and removes the temp file (the parse failed). */
  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.tmp, { force: true });
  }
}

function readAt(fd: number, into: Uint8Array, position: number): void {
  let off = 0;
  while (off < into.length) {
    const n = readSync(fd, into, off, into.length - off, position + off);
    if (n === 0) throw new Error('kept items file ended early');
    off += n;
  }
}

/** The kept file's trailer and its fd, when the file is of the parse `parsedAt` and whole. */
function openKept(worldFile: string, parsedAt: string): { fd: number; trailer: Trailer } | undefined {
  let fd: number;
  try {
    fd = openSync(keptItemsFile(worldFile), 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    if (size < MAGIC.length + 4) throw new Error('short');
    const head = Buffer.alloc(MAGIC.length);
    readAt(fd, head, 0);
    if (!head.equals(MAGIC)) throw new Error('magic');
    const tail = Buffer.alloc(4);
    readAt(fd, tail, size - 4);
    const bodyLength = tail.readUInt32LE(0);
    if (bodyLength > size - MAGIC.length - 4) throw new Error('trailer');
    const body = Buffer.alloc(bodyLength);
    readAt(fd, body, size - 4 - bodyLength);
    const trailer = deserialize(body) as Trailer;
    if (trailer.parsedAt !== parsedAt) throw new Error('another parse');
    // The runs fill the file between the magic and the trailer, in order, inside the GVAS.
    let end = 0;
    let bytes = 0;
    for (const r of trailer.kept.runs) {
      if (!(Number.isSafeInteger(r.start) && Number.isSafeInteger(r.size) && r.start >= end && r.size >= 0)) throw new Error('runs');
      end = r.start + r.size;
      bytes += r.size;
    }
    if (end > trailer.kept.length || trailer.kept.length > LIMITS.maxDecompressedBytes || MAGIC.length + bytes + bodyLength + 4 !== size)
      throw new Error('size');
    return { fd, trailer };
  } catch {
    closeSync(fd);
    return undefined;
  }
}

/** Whether the kept file beside `worldFile` is the parse `parsedAt`'s and whole. */
export function hasKeptItems(worldFile: string, parsedAt: string): boolean {
  const open = openKept(worldFile, parsedAt);
  if (open) closeSync(open.fd);
  return open !== undefined;
}

/** The kept items of the parse `parsedAt`, read from beside `worldFile`: each run is read from the
 * file straight to its offset, then decoded and mapped. Undefined when there is no such file, it
 * is another parse's, or it is not whole. */
export function readKeptFile(worldFile: string, parsedAt: string): ReadItems | undefined {
  const open = openKept(worldFile, parsedAt);
  if (!open) return undefined;
  const { fd, trailer } = open;
  let laid: Uint8Array;
  try {
    laid = laidBuffer(trailer.kept);
    let at = MAGIC.length;
    for (const r of trailer.kept.runs) {
      readAt(fd, laid.subarray(r.start, r.start + r.size), at);
      at += r.size;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  return readKeptItems(laid, trailer);
}

/** The world's pending items from the kept file: read on first use, once. */
export function pendingItems(worldFile: string, parsedAt: string): PendingItems {
  return {
    parsedAt,
    read: () => {
      const read = readKeptFile(worldFile, parsedAt);
      if (!read) throw new Error('kept items unreadable');
      return read;
    },
  };
}

/** At start-up: the items of the world restored from the store, when its parse kept them. */
export function restoreKeptItems(world: WorldRepo): boolean {
  const parsedAt = world.parseInfo().lastParseAt;
  if (parsedAt === null || !hasKeptItems(world.file, parsedAt)) return false;
  world.leaveItemsTo(pendingItems(world.file, parsedAt));
  return true;
}

/** After a parse: its kept items' file renamed into place (before the world database, which
 * names the parse), or a previous parse's file removed when this one kept none. */
export function placeKeptItems(worldFile: string, written: string | undefined): void {
  if (written !== undefined) renameDurably(written, keptItemsFile(worldFile));
  else rmSync(keptItemsFile(worldFile), { force: true });
}
