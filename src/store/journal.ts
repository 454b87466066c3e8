// An append-only, fsync'd journal of committed write transactions. Each record is
// [u32 length][u32 crc32][JSON payload]. A record is acknowledged only after its fsync returns,
// so at open every complete record is replayed and a torn tail (a crash mid-append) is cut off.
// Damage before the tail is another thing: records after it were acknowledged and cannot be
// read. Open reports it (JournalDamage) with a copy of the file kept aside, and the store
// refuses to start as if nothing happened (durable-db.ts).
import { closeSync, copyFileSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, existsSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { fsErrorReason, StorageError } from '../domain/errors.js';

export type SqlParam = string | number | null;
export interface JournalStatement {
  sql: string;
  params: SqlParam[];
}
export interface JournalRecord {
  seq: number;
  stmts: JournalStatement[];
}

/** A journal unreadable before its tail: the records from `offset` on are lost to replay. */
export interface JournalDamage {
  offset: number;
  /** Complete, intact records found after the damage (each an acknowledged write). */
  laterRecords: number;
  /** Where the damaged file was copied, or null when it could not be. */
  keptAs: string | null;
}

const HEADER = 8;
/** No single transaction of the panel store comes near this; a larger length is a torn record. */
const MAX_RECORD = 16 * 1024 * 1024;

/** Errors that mean "this data dir may be read but not written". */
const READ_ONLY_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

export class Journal {
  private fd: number;
  private bytes: number;

  private constructor(
    readonly path: string,
    fd: number,
    /** Set when the journal could not be opened for writing: reads work, writes fail with it. */
    readonly readOnlyReason: string | null = null,
  ) {
    this.fd = fd;
    this.bytes = fd >= 0 ? fstatSync(fd).size : 0;
  }

  get writable(): boolean {
    return this.readOnlyReason === null;
  }

  /** Opens the journal, returns the complete records, and cuts off any torn tail. `keepAs`
   * names the copy a damaged journal is kept as (before it is cut). */
  static open(
    path: string,
    keepAs: () => string = () => `${path}.damaged`,
  ): { journal: Journal; records: JournalRecord[]; damage: JournalDamage | null } {
    const records: JournalRecord[] = [];
    let good = 0;
    let damage: JournalDamage | null = null;
    if (existsSync(path)) {
      const buf = readFileSync(path);
      for (;;) {
        const rec = recordAt(buf, good);
        if (!rec) break;
        records.push(rec.record);
        good = rec.end;
      }
      const later = good < buf.length ? intactRecordsAfter(buf, good) : 0;
      if (later > 0) {
        let keptAs: string | null = keepAs();
        try {
          copyFileSync(path, keptAs);
        } catch {
          keptAs = null;
        }
        damage = { offset: good, laterRecords: later, keptAs };
      }
    }
    let fd: number;
    try {
      fd = openSync(path, existsSync(path) ? 'r+' : 'w+', 0o600);
    } catch (err) {
      // A read-only data dir (or store files of another user) still answers `keys list`;
      // any write then fails with this reason instead of the whole command failing.
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (!READ_ONLY_CODES.has(code)) throw err;
      return { journal: new Journal(path, -1, fsErrorReason(err) ?? 'read-only'), records, damage };
    }
    if (fstatSync(fd).size !== good) {
      ftruncateSync(fd, good);
      fsyncSync(fd);
    }
    const journal = new Journal(path, fd);
    return { journal, records, damage };
  }

  get size(): number {
    return this.bytes;
  }

  append(record: JournalRecord): void {
    if (this.readOnlyReason) throw new StorageError(`The data dir cannot be written (${this.readOnlyReason}).`);
    const payload = Buffer.from(JSON.stringify(record), 'utf8');
    if (payload.length > MAX_RECORD) throw new StorageError('A write was too large for the store journal.');
    const buf = Buffer.allocUnsafe(HEADER + payload.length);
    buf.writeUInt32LE(payload.length, 0);
    buf.writeUInt32LE(crc32(payload), 4);
    payload.copy(buf, HEADER);
    let off = 0;
    try {
      while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off, this.bytes + off);
      fsyncSync(this.fd);
    } catch (err) {
      // Leave the file as it was so that a half-written record never precedes a later one.
      try {
        ftruncateSync(this.fd, this.bytes);
      } catch {
        /* the torn tail is cut at the next open */
      }
      const reason = fsErrorReason(err);
      throw new StorageError(`The store could not be written to disk${reason ? ` (${reason})` : ''}.`);
    }
    this.bytes += buf.length;
  }

  /** Empties the journal after its records were folded into a durable snapshot. */
  reset(): void {
    ftruncateSync(this.fd, 0);
    fsyncSync(this.fd);
    this.bytes = 0;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
  }
}

/** The complete, intact record at `at` and where it ends, or null. */
function recordAt(buf: Buffer, at: number): { record: JournalRecord; end: number } | null {
  if (at + HEADER > buf.length) return null;
  const len = buf.readUInt32LE(at);
  const sum = buf.readUInt32LE(at + 4);
  if (len === 0 || len > MAX_RECORD || at + HEADER + len > buf.length) return null;
  const payload = buf.subarray(at + HEADER, at + HEADER + len);
  if (crc32(payload) !== sum) return null;
  try {
    const record = JSON.parse(payload.toString('utf8')) as JournalRecord;
    if (typeof record?.seq !== 'number' || !Array.isArray(record.stmts)) return null;
    return { record, end: at + HEADER + len };
  } catch {
    return null;
  }
}

/**
 * How many intact records lie after an unreadable one at `from`. None: the rest is a torn tail
 * (a crash mid-append leaves at most one partial record, or zeros where the file grew). Some:
 * the journal was damaged in place, and they are writes that were acknowledged. Each later
 * offset is tried, since the damaged record's length cannot be trusted; a CRC-32 match on a
 * JSON record with a sequence number does not happen by chance.
 */
function intactRecordsAfter(buf: Buffer, from: number): number {
  for (let at = from + 1; at + HEADER < buf.length; at++) {
    let n = 0;
    let pos = at;
    for (let rec = recordAt(buf, pos); rec; rec = recordAt(buf, pos)) {
      n++;
      pos = rec.end;
    }
    if (n > 0) return n;
  }
  return 0;
}
