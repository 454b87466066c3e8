// The world database's item tables: every container of a parse (its owner, kind and slots as one
// JSON row) and one row per occupied slot keyed by the item's lower-case id, so "who has X" is an
// index lookup. Built with the rest of the world database (world-database.ts); read by the
// WorldRepo (world.ts).
import type { Database } from 'sql.js';
import type { ContainerOwnerKind, ItemContainer, WorldItems } from '../domain/world-items.js';
import { queryAll, queryGet } from './durable-db.js';

export const ITEM_SCHEMA = [
  `CREATE TABLE item_containers (id TEXT PRIMARY KEY, owner_kind TEXT NOT NULL, owner_key TEXT NOT NULL, json BLOB NOT NULL)`,
  `CREATE TABLE item_slots (item_key TEXT NOT NULL, item_id TEXT NOT NULL, container_id TEXT NOT NULL, owner_kind TEXT NOT NULL,
     owner_id TEXT, count INTEGER NOT NULL)`,
  // One row when the parse read the items: without it, every item answer says they were not read.
  `CREATE TABLE item_info (id INTEGER PRIMARY KEY CHECK (id = 1), containers INTEGER NOT NULL)`,
  // The players whose own save named their containers (WorldItems.playersRead), by uid key.
  `CREATE TABLE item_players (uid_key TEXT PRIMARY KEY)`,
];

export const ITEM_INDEXES = [
  `CREATE INDEX item_containers_owner ON item_containers (owner_kind, owner_key)`,
  `CREATE INDEX item_slots_item ON item_slots (item_key)`,
];

type Cell = Uint8Array | string;
const utf8 = new TextDecoder();
const decode = (cell: Cell): ItemContainer => JSON.parse(typeof cell === 'string' ? cell : utf8.decode(cell)) as ItemContainer;

/** Owner ids compare as the players' uids do (`ownerKey` of world-database.ts's `uidKey`). */
export type OwnerKeyOf = (id: string) => string;

/** The item rows of one parse, encoded once: their bytes size the database file up front (an
 * estimate that falls short makes sql.js grow its file by copies, and export it whole at the end). */
export interface ItemRows {
  containers: [id: string, ownerKind: string, ownerKey: string, json: string][];
  slots: [itemKey: string, itemId: string, containerId: string, ownerKind: string, ownerId: string | null, count: number][];
  players: string[];
  count: number;
  bytes: number;
}

export function itemRows(items: WorldItems | undefined, keyOf: OwnerKeyOf): ItemRows | undefined {
  if (!items) return undefined;
  const out: ItemRows = { containers: [], slots: [], players: items.playersRead.map(keyOf), count: items.containers.length, bytes: 0 };
  let bytes = 0;
  for (const c of items.containers) {
    const key = ownerKeyOf(c.owner.kind, c.owner.id, keyOf);
    const json = JSON.stringify(c);
    out.containers.push([c.id, c.owner.kind, key, json]);
    // The row, its primary key index and its owner index.
    bytes += json.length + 2 * c.id.length + 2 * key.length + c.owner.kind.length + 24;
    for (const s of c.slots) {
      const itemKey = s.itemId.toLowerCase();
      out.slots.push([itemKey, s.itemId, c.id, c.owner.kind, c.owner.id, s.count]);
      bytes += 2 * itemKey.length + s.itemId.length + c.id.length + c.owner.kind.length + (c.owner.id?.length ?? 0) + 24;
    }
  }
  out.bytes = bytes;
  return out;
}

/** The key an owner's rows are stored under: a player's by their uid key, a base's or guild's by
 * its id in upper case. */
export function ownerKeyOf(kind: ContainerOwnerKind, id: string | null, keyOf: OwnerKeyOf): string {
  if (id === null) return '';
  return kind === 'player' ? keyOf(id) : id.toUpperCase();
}

export function insertItems(db: Database, rows: ItemRows | undefined): void {
  if (!rows) return;
  const insC = db.prepare('INSERT OR REPLACE INTO item_containers (id, owner_kind, owner_key, json) VALUES (?, ?, ?, ?)');
  const insS = db.prepare(
    'INSERT INTO item_slots (item_key, item_id, container_id, owner_kind, owner_id, count) VALUES (?, ?, ?, ?, ?, ?)',
  );
  try {
    for (const r of rows.containers) insC.run(r);
    for (const r of rows.slots) insS.run(r);
  } finally {
    insC.free();
    insS.free();
  }
  for (const key of rows.players) db.run('INSERT OR IGNORE INTO item_players (uid_key) VALUES (?)', [key]);
  db.run('INSERT OR REPLACE INTO item_info (id, containers) VALUES (1, ?)', [rows.count]);
}

/** Whether the current world's parse read the items. */
export function itemsRead(db: Database): boolean {
  return queryGet<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM item_info')!.n > 0;
}

/** Whether the player's own save named their containers (in a parse that read items). */
export function playerItemsRead(db: Database, uidKey: string): boolean {
  return queryGet<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM item_players WHERE uid_key = ?', [uidKey])!.n > 0;
}

export function containersOf(db: Database, kind: ContainerOwnerKind, key: string): ItemContainer[] {
  return queryAll<{ json: Cell }>(db, 'SELECT json FROM item_containers WHERE owner_kind = ? AND owner_key = ? ORDER BY id', [
    kind,
    key,
  ]).map((r) => decode(r.json));
}

export function allContainers(db: Database): ItemContainer[] {
  return queryAll<{ json: Cell }>(db, 'SELECT json FROM item_containers ORDER BY id').map((r) => decode(r.json));
}

/** One holder of one item in the item search: whose, how many, in how many containers. */
export interface HeldRow {
  itemKey: string;
  itemId: string;
  owner: { kind: ContainerOwnerKind; id: string | null };
  count: number;
  containers: number;
}

/** Per item (lower-case ids) and owner: the count and the containers, summed by SQLite (an item
 * such as gold coins sits in thousands of slots; the answer has a row per holder). */
export function holdersOf(db: Database, itemKeys: readonly string[]): HeldRow[] {
  if (itemKeys.length === 0) return [];
  const out: HeldRow[] = [];
  // In chunks: SQLite's bound parameters are limited (999 in older builds).
  for (let i = 0; i < itemKeys.length; i += 500) {
    const chunk = itemKeys.slice(i, i + 500);
    const rows = queryAll<{
      item_key: string;
      item_id: string;
      owner_kind: ContainerOwnerKind;
      owner_id: string | null;
      n: number;
      c: number;
    }>(
      db,
      `SELECT item_key, MIN(item_id) AS item_id, owner_kind, owner_id, SUM(count) AS n, COUNT(DISTINCT container_id) AS c
         FROM item_slots WHERE item_key IN (${chunk.map(() => '?').join(',')}) GROUP BY item_key, owner_kind, owner_id`,
      chunk,
    );
    for (const r of rows) {
      out.push({ itemKey: r.item_key, itemId: r.item_id, owner: { kind: r.owner_kind, id: r.owner_id }, count: r.n, containers: r.c });
    }
  }
  return out;
}

/** The distinct items the world holds (lower-case ids), most held first. */
export function heldItemKeys(db: Database): string[] {
  return queryAll<{ item_key: string }>(db, 'SELECT item_key FROM item_slots GROUP BY item_key ORDER BY SUM(count) DESC, item_key').map(
    (r) => r.item_key,
  );
}
