// The items a parse left to their first request (`items: 'lazy'`, the default): the parse worker
// keeps only the item parts' bytes and what mapping them needs (save/lazy-items.ts). They are
// handed to the world the panel serves, which reads them on the first item request, and written
// to a file beside the world database so that after a restart the items still answer. The file
// names the parse it belongs to: the world restored at start-up takes it only when they match.
import { closeSync, fchmodSync, fsyncSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { renameDurably } from '../lib/atomic-file.js';
import { lazyItems, type KeptWorldItems } from '../save/index.js';
import type { PendingItems, WorldRepo } from '../store/world.js';

/** The kept items' file beside the world database. */
export const keptItemsFile = (worldFile: string): string => `${worldFile}.items`;

/** The file's start: its format, then a u32 length of the header (v8-serialized), then the runs. */
const MAGIC = Buffer.from('PPKEPT1\n');

interface Header {
  parsedAt: string;
  length: number;
  runs: { start: number; size: number }[];
  level: KeptWorldItems['level'];
  playerSaves: KeptWorldItems['playerSaves'];
}

/** Writes the kept items beside `worldFile` under a temp name (fsynced) and returns that name;
 * the runs are written as they are, never joined into one copy. */
export function writeKeptItems(worldFile: string, parsedAt: string, data: KeptWorldItems): string {
  const header: Header = {
    parsedAt,
    length: data.kept.length,
    runs: data.kept.runs.map((r) => ({ start: r.start, size: r.bytes.length })),
    level: data.level,
    playerSaves: data.playerSaves,
  };
  const head = serialize(header);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  const target = keptItemsFile(worldFile);
  const tmp = join(dirname(target), `.${basename(target)}.parse.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
    for (const part of [MAGIC, size, head, ...data.kept.runs.map((r) => r.bytes)]) {
      let off = 0;
      while (off < part.length) off += writeSync(fd, part, off, part.length - off);
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  return tmp;
}

/** The kept items of the parse `parsedAt`, read back from beside `worldFile`; undefined when
 * there is no such file, it is another parse's, or it does not read. */
export function readKeptItems(worldFile: string, parsedAt: string): KeptWorldItems | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(keptItemsFile(worldFile));
  } catch {
    return undefined;
  }
  try {
    if (buf.length < MAGIC.length + 4 || !buf.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const headLength = buf.readUInt32LE(MAGIC.length);
    let at = MAGIC.length + 4;
    const header = deserialize(buf.subarray(at, at + headLength)) as Header;
    if (header.parsedAt !== parsedAt) return undefined;
    at += headLength;
    const runs = header.runs.map((r) => {
      const bytes = buf.subarray(at, at + r.size);
      at += r.size;
      return { start: r.start, bytes };
    });
    if (at !== buf.length) return undefined;
    return { kept: { length: header.length, runs }, level: header.level, playerSaves: header.playerSaves };
  } catch {
    return undefined;
  }
}

/** The world's pending items from kept data: read on first use, once. */
export function pendingItems(parsedAt: string, data: KeptWorldItems): PendingItems {
  const lazy = lazyItems(data);
  return { parsedAt, read: () => lazy.read() };
}

/** At start-up: the items of the world restored from the store, when its parse kept them. */
export function restoreKeptItems(world: WorldRepo): boolean {
  const parsedAt = world.parseInfo().lastParseAt;
  if (parsedAt === null) return false;
  const data = readKeptItems(world.file, parsedAt);
  if (!data) return false;
  world.leaveItemsTo(pendingItems(parsedAt, data));
  return true;
}

/** After a parse: its kept items' file renamed into place (before the world database, which
 * names the parse), or a previous parse's file removed when this one kept none. */
export function placeKeptItems(worldFile: string, written: string | undefined): void {
  if (written !== undefined) renameDurably(written, keptItemsFile(worldFile));
  else rmSync(keptItemsFile(worldFile), { force: true });
}
