// Building the world database (world.db): its tables, and one whole database file filled from a
// parse's rows, sorted by key and indexed after the rows are in. The repo (world.ts) opens,
// swaps and reads what is built here; a parse worker builds in its own thread with the same code.
import type { Database, SqlJsStatic } from 'sql.js';
import { playerIdOfSaveUid } from '../domain/player-id.js';
import type { WorldGuild, WorldMeta, WorldPal, WorldPlayer, WorldSnapshot, ParseWarning } from '../domain/world.js';
import { queryGet } from './durable-db.js';
import {
  FILL_PAL_DISTINCT,
  INSERT_PAL_FACTS,
  INSERT_PAL_PASSIVE,
  PAL_FACTS_INDEXES,
  PAL_FACTS_SCHEMA,
  palFactsRow,
  playerFileRead,
} from './pal-explorer.js';
import { openHandedOver } from './sqljs.js';
import { insertItems, itemRow, ITEM_SCHEMA, type ItemRow } from './world-items.js';
import type { WorldItems } from '../domain/world-items.js';
import { byKey } from '../lib/order.js';

/** Player uids compare without dashes and case: `/players/{uid}` and the REST playerId join
 * by the one rule of domain/player-id.ts. */
export const uidKey = playerIdOfSaveUid;

// 2: the pal explorer's pal_facts and pal_passives (pal-explorer.ts).
// 3: the item containers (world-items.ts).
// 4: their holders summed per item and owner beside them (world-items.ts).
export const SCHEMA_VERSION = 4;
/** Indexes are created after the rows are in: one sort instead of 100,000 B-tree inserts. */
const INDEXES = [`CREATE INDEX pals_owner ON pals (owner_key, instance_id)`, ...PAL_FACTS_INDEXES];
const SCHEMA = [
  `CREATE TABLE players (uid_key TEXT PRIMARY KEY, uid TEXT NOT NULL, json TEXT NOT NULL)`,
  `CREATE TABLE pals (instance_id TEXT PRIMARY KEY, owner_key TEXT NOT NULL, placement TEXT NOT NULL, json TEXT NOT NULL)`,
  `CREATE TABLE guilds (id TEXT PRIMARY KEY, json TEXT NOT NULL)`,
  `CREATE TABLE parse_info (id INTEGER PRIMARY KEY CHECK (id = 1), last_parse_at TEXT NOT NULL,
     format_drift INTEGER NOT NULL, meta TEXT NOT NULL, warnings TEXT NOT NULL)`,
  ...PAL_FACTS_SCHEMA,
  ...ITEM_SCHEMA,
];

/** `PRAGMA user_version` of a database file, from its header (a big-endian u32 at byte 60). */
export function userVersionOf(bytes: Uint8Array): number | undefined {
  if (bytes.length < 100) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset, 100).getUint32(60);
}

export function hasCurrentSchema(db: Database): boolean {
  return queryGet<{ user_version: number }>(db, 'PRAGMA user_version')?.user_version === SCHEMA_VERSION;
}

/** Row JSON is stored as UTF-8 bytes (a BLOB): sql.js binds and returns those natively, where
 * a TEXT value is encoded character by character in JavaScript (about twice as slow to fill). */
export type JsonCell = Uint8Array | string;
const utf8 = new TextDecoder();
export const decodeRow = <T>(cell: JsonCell): T => JSON.parse(typeof cell === 'string' ? cell : utf8.decode(cell)) as T;

export function emptyWorldDatabase(SQL: SqlJsStatic): Database {
  const db = new SQL.Database();
  db.run('PRAGMA page_size = 16384');
  for (const sql of SCHEMA) db.run(sql);
  db.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  return db;
}

export function addIndexes(db: Database): void {
  for (const sql of INDEXES) db.run(sql);
}

/** A world database being built in memory, and the buffer its file lives in. */
interface BuildingDatabase {
  db: Database;
  file: Uint8Array;
}

/**
 * An empty world database whose in-memory file is a `capacity`-byte buffer of ours.
 *
 * sql.js keeps its database in an Emscripten MEMFS file, which grows by 12.5% at a time and
 * copies itself on every growth: filling 76 MB (100,000 pals) copied about 680 MB and spent more
 * time in that copying and in the garbage collection of the old buffers than in SQLite. A file
 * opened on a larger buffer never grows: page 1 is a valid empty database whose header records
 * its own page count, so SQLite ignores the zero pages after it and writes into them in place.
 * The buffer is handed over, not copied (sqljs.ts `openHandedOver`): its zero pages cost no
 * memory until SQLite writes them, and once the rows are in, the finished file is read straight
 * from it (`finishedFile`), with no export copy.
 */
function presizedWorldDatabase(SQL: SqlJsStatic, capacity: number): BuildingDatabase {
  const empty = emptyWorldDatabase(SQL);
  let image: Uint8Array;
  try {
    image = empty.export();
  } finally {
    empty.close();
  }
  const file = new Uint8Array(Math.max(capacity, image.length));
  file.set(image);
  return { db: openHandedOver(SQL, file), file };
}

/**
 * The finished database file: a view of the first `page_count` pages of the buffer SQLite wrote
 * into, once the build has committed (no journal, so the buffer holds every page). Should the
 * file have outgrown the buffer (an estimate that fell short), MEMFS moved it elsewhere and the
 * buffer's header no longer records the page count: then the file is exported (a copy).
 */
function finishedFile(b: BuildingDatabase): Uint8Array {
  const [[pages, pageSize]] = b.db.exec('SELECT (SELECT page_count FROM pragma_page_count), (SELECT page_size FROM pragma_page_size)')[0]
    .values as number[][];
  const size = pages * pageSize;
  const header = new DataView(b.file.buffer, b.file.byteOffset, Math.min(100, b.file.length));
  if (size <= b.file.length && header.getUint32(28) === pages) return b.file.subarray(0, size);
  return b.db.export();
}

/** The rows of one parse, as the world database takes them: players and guilds whole, pals as a
 * stream in instance-id order (mapped one by one while they are inserted, so a world's pal rows
 * never all exist at once). */
export interface WorldRowsInput {
  players: readonly WorldPlayer[];
  guilds: readonly WorldGuild[];
  /** In instance-id order, iterated once. */
  pals: Iterable<WorldPal>;
  /** How many pals `pals` yields. */
  palCount: number;
  /** Absent when the parse left the items unread. */
  items?: WorldItems;
  /** The items already encoded (world-items.ts `itemRow`), in place of `items`: the parse job
   * encodes them first so that their objects need not live through the pal stream. */
  itemRow?: ItemRow;
  formatDrift: boolean;
  warnings: ParseWarning[];
  meta: WorldMeta;
}

/** A snapshot as rows to build from: its rows in key order. */
export function snapshotRows(snap: WorldSnapshot): WorldRowsInput {
  return {
    players: [...snap.players].sort(byKey((x) => x.uid)),
    guilds: snap.guilds,
    pals: [...snap.pals].sort(byKey((x) => x.instanceId)),
    palCount: snap.pals.length,
    ...(snap.items ? { items: snap.items } : {}),
    formatDrift: snap.formatDrift,
    warnings: snap.warnings,
    meta: snap.meta,
  };
}

/** Encodes rows into shared 1 MiB buffers and hands out views: one allocation per few
 * thousand rows instead of one per row (which kept the garbage collector busy). */
class RowEncoder {
  private chunk = Buffer.allocUnsafe(0);
  private used = 0;

  encode(row: unknown): Uint8Array {
    const text = JSON.stringify(row);
    const worst = text.length * 3; // UTF-8 bytes per UTF-16 unit at most
    if (this.used + worst > this.chunk.length) {
      this.chunk = Buffer.allocUnsafe(Math.max(1 << 20, worst));
      this.used = 0;
    }
    const n = this.chunk.write(text, this.used);
    const view = this.chunk.subarray(this.used, this.used + n);
    this.used += n;
    return view;
  }
}

/** Pals encoded before the database is made: their average size sizes its file. */
const PAL_SAMPLE = 2000;

/**
 * Builds a complete world.db for one parse and returns its bytes. Pure of the store, so the
 * parse worker runs it: the main thread then only swaps the finished database in, and a large
 * world never holds up requests while its rows are inserted. Rows go in key order, which keeps
 * the B-tree inserts append-only; each is encoded just before its insert, so no more than a
 * sample of encoded rows is held at any time.
 */
export function buildWorldDatabase(SQL: SqlJsStatic, input: WorldRowsInput | WorldSnapshot, parsedAt: string): Uint8Array {
  const rows = 'palCount' in input ? input : snapshotRows(input);
  const enc = new RowEncoder();
  let bytes = 0;
  const players = [...rows.players].sort(byKey((x) => x.uid)).map((p): [string, string, Uint8Array] => {
    const json = enc.encode(p);
    bytes += json.length + 2 * p.uid.length;
    return [uidKey(p.uid), p.uid, json];
  });
  const guilds = rows.guilds.map((g): [string, Uint8Array] => {
    const json = enc.encode(g);
    bytes += json.length + g.id.length;
    return [g.id, json];
  });
  const encodePal = (p: WorldPal): [string, string, string, Uint8Array] => [p.instanceId, uidKey(p.ownerUid), p.placement, enc.encode(p)];
  // The row, its key in the table and again in the owner index with the owner key.
  const palBytes = (r: [string, string, string, Uint8Array]) => r[3].length + 2 * r[0].length + 2 * r[1].length + r[2].length;
  const pals = rows.pals[Symbol.iterator]();
  const sample: [string, string, string, Uint8Array][] = [];
  const sampled: WorldPal[] = [];
  let sampleBytes = 0;
  let next = pals.next();
  for (; !next.done && sample.length < PAL_SAMPLE; next = pals.next()) {
    const r = encodePal(next.value);
    sample.push(r);
    sampled.push(next.value);
    sampleBytes += palBytes(r);
  }
  bytes += sample.length > 0 ? (sampleBytes / sample.length) * Math.max(rows.palCount, sample.length) : 0;
  // The explorer's facts row and its six indexes: about 60 bytes each with the key repeated.
  bytes += rows.palCount * 7 * 60;
  const items = rows.itemRow ?? itemRow(rows.items, uidKey);
  bytes += items ? items.json.length + items.held.length : 0;
  // Per-row B-tree cell overhead and page slack (pages fill to about 90% in key order), plus
  // the schema and parse_info pages. An estimate that falls short only costs some growth.
  const perRow = 24;
  // Every byte reserved is touched when sql.js copies the file in, so the margin is kept small.
  const capacity = Math.ceil((bytes + perRow * (players.length + 2 * rows.palCount + guilds.length)) * 1.1) + (1 << 20);
  const building = presizedWorldDatabase(SQL, capacity);
  const db = building.db;
  try {
    // A database built from nothing needs no rollback journal: a failure discards it whole.
    // The index sort stays in memory instead of going through MEMFS temp files. Rows go in key
    // order, so a small page cache suffices: the pages it spills are final.
    db.exec('PRAGMA journal_mode = OFF; PRAGMA cache_size = -8192; PRAGMA temp_store = MEMORY');
    db.exec('BEGIN');
    const fileRead = new Map(rows.players.map((p) => [uidKey(p.uid), playerFileRead(p)]));
    const insFacts = db.prepare(INSERT_PAL_FACTS);
    const insPassive = db.prepare(INSERT_PAL_PASSIVE);
    let seq = 0;
    let lastId: string | undefined;
    const addFacts = (p: WorldPal) => {
      // A repeated instance id (adjacent, in key order) replaces the pal row: its facts too.
      if (p.instanceId === lastId) {
        db.run('DELETE FROM pal_facts WHERE seq = ?', [seq]);
        db.run('DELETE FROM pal_passives WHERE seq = ?', [seq]);
      }
      lastId = p.instanceId;
      insFacts.run(palFactsRow(++seq, p, fileRead));
      for (const skill of p.passiveSkillIds ?? []) insPassive.run([skill, seq]);
    };
    const insPlayer = db.prepare('INSERT OR REPLACE INTO players (uid_key, uid, json) VALUES (?, ?, ?)');
    for (const r of players) insPlayer.run(r);
    insPlayer.free();
    const insPal = db.prepare('INSERT OR REPLACE INTO pals (instance_id, owner_key, placement, json) VALUES (?, ?, ?, ?)');
    for (const r of sample) insPal.run(r);
    sample.length = 0;
    for (const p of sampled) addFacts(p);
    sampled.length = 0;
    for (; !next.done; next = pals.next()) {
      insPal.run(encodePal(next.value));
      addFacts(next.value);
    }
    insPal.free();
    insFacts.free();
    insPassive.free();
    for (const sql of FILL_PAL_DISTINCT) db.run(sql);
    const insGuild = db.prepare('INSERT OR REPLACE INTO guilds (id, json) VALUES (?, ?)');
    for (const r of guilds) insGuild.run(r);
    insGuild.free();
    insertItems(db, items);
    addIndexes(db);
    db.run(`INSERT OR REPLACE INTO parse_info (id, last_parse_at, format_drift, meta, warnings) VALUES (1, ?, ?, ?, ?)`, [
      parsedAt,
      rows.formatDrift ? 1 : 0,
      JSON.stringify(rows.meta),
      JSON.stringify(rows.warnings.slice(0, 1000)),
    ]);
    db.exec('COMMIT');
    return finishedFile(building);
  } finally {
    db.close();
  }
}
