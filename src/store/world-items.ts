// The world database's items: one parse's containers (domain/world-items.ts) kept as one JSON row,
// written in a single insert (a row per container and per slot cost the 1.0 world as much time as
// its pals: 17,000 rows against 2,150), and read back whole on the first request for containers
// after a swap into an index in memory by owner (world.ts holds it). "Who has it" has its own,
// much smaller row, summed per item and owner when the database is built (in the parse worker):
// the first search after a parse reads only that, not every container.
import type { Database } from 'sql.js';
import type { ContainerOwnerKind, ItemContainer, WorldItems } from '../domain/world-items.js';
import { queryGet } from './durable-db.js';

// One row when the parse read the items: without it, every item answer says they were not read.
export const ITEM_SCHEMA = [`CREATE TABLE item_info (id INTEGER PRIMARY KEY CHECK (id = 1), json BLOB NOT NULL, held BLOB NOT NULL)`];

/** Owner ids compare as the players' uids do (world-database.ts `uidKey`). */
export type OwnerKeyOf = (id: string) => string;

/** The key an owner's containers are found by: a player's by their uid key, a base's or guild's
 * by its id in upper case. */
export function ownerKeyOf(kind: ContainerOwnerKind, id: string | null, keyOf: OwnerKeyOf): string {
  if (id === null) return '';
  return kind === 'player' ? keyOf(id) : id.toUpperCase();
}

/** One parse's items and their holders, encoded once before the database file is sized. */
export interface ItemRow {
  json: Uint8Array;
  held: Uint8Array;
}

export function itemRow(items: WorldItems | undefined, keyOf: OwnerKeyOf): ItemRow | undefined {
  return items ? { json: Buffer.from(JSON.stringify(items)), held: Buffer.from(JSON.stringify(heldSummary(items, keyOf))) } : undefined;
}

export function insertItems(db: Database, row: ItemRow | undefined): void {
  if (row) db.run('INSERT OR REPLACE INTO item_info (id, json, held) VALUES (1, ?, ?)', [row.json, row.held]);
}

/** One holder of one item in the item search: whose, how many, in how many containers. */
export interface HeldRow {
  itemKey: string;
  itemId: string;
  owner: { kind: ContainerOwnerKind; id: string | null };
  count: number;
  containers: number;
}

/** Who holds what, as stored: the items held (lower-case ids), most held first, and per item its
 * holders summed per owner. */
export interface HeldSummary {
  keys: string[];
  holders: Record<string, HeldRow[]>;
}

/** Sums every item's holders per owner (a count, and the containers holding it). */
export function heldSummary(items: WorldItems, keyOf: OwnerKeyOf): HeldSummary {
  const per = new Map<string, Map<string, HeldRow>>();
  const counted = new Set<string>();
  const totals = new Map<string, number>();
  for (const c of items.containers) {
    if (c.slots.length === 0) continue;
    const owner = `${c.owner.kind}:${ownerKeyOf(c.owner.kind, c.owner.id, keyOf)}`;
    // A container belongs to one owner: it counts once for each item it holds.
    counted.clear();
    for (const s of c.slots) {
      const itemKey = s.itemId.toLowerCase();
      let rows = per.get(itemKey);
      if (!rows) per.set(itemKey, (rows = new Map<string, HeldRow>()));
      let row = rows.get(owner);
      if (!row) rows.set(owner, (row = { itemKey, itemId: s.itemId, owner: c.owner, count: 0, containers: 0 }));
      row.count += s.count;
      if (!counted.has(itemKey)) {
        counted.add(itemKey);
        row.containers++;
      }
      totals.set(itemKey, (totals.get(itemKey) ?? 0) + s.count);
    }
  }
  const holders: Record<string, HeldRow[]> = {};
  for (const [k, rows] of per) holders[k] = [...rows.values()];
  return { keys: [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k), holders };
}

/** A world's containers in memory, indexed by owner for the panel's reads. */
export class ItemIndex {
  private readonly byOwner = new Map<string, ItemContainer[]>();
  private readonly playersRead: Set<string>;

  constructor(
    readonly items: WorldItems,
    keyOf: OwnerKeyOf,
  ) {
    this.playersRead = new Set(items.playersRead.map(keyOf));
    for (const c of items.containers) {
      const owner = `${c.owner.kind}:${ownerKeyOf(c.owner.kind, c.owner.id, keyOf)}`;
      let list = this.byOwner.get(owner);
      if (!list) this.byOwner.set(owner, (list = []));
      list.push(c);
    }
  }

  playerRead(uidKey: string): boolean {
    return this.playersRead.has(uidKey);
  }

  containersOf(kind: ContainerOwnerKind, key: string): ItemContainer[] {
    return this.byOwner.get(`${kind}:${key}`) ?? [];
  }
}

/** Who holds what, read from its own row. */
export class HeldIndex {
  /** The items held (lower-case ids), most held first. */
  readonly keys: string[];
  private readonly byItem: Map<string, HeldRow[]>;

  constructor(summary: HeldSummary) {
    this.keys = summary.keys;
    this.byItem = new Map(Object.entries(summary.holders));
  }

  /** Per item and owner: the count and the containers. */
  holders(itemKeys: readonly string[]): HeldRow[] {
    return itemKeys.flatMap((k) => this.byItem.get(k) ?? []);
  }
}

const text = (cell: Uint8Array | string): string =>
  typeof cell === 'string' ? cell : Buffer.from(cell.buffer, cell.byteOffset, cell.length).toString('utf8');

/** Who holds what, from its encoded cell (`ItemRow.held`). */
export const heldIndexOf = (held: Uint8Array | string): HeldIndex => new HeldIndex(JSON.parse(text(held)) as HeldSummary);

/** The containers by owner, from their encoded cell (`ItemRow.json`). */
export const itemIndexOf = (json: Uint8Array | string, keyOf: OwnerKeyOf): ItemIndex =>
  new ItemIndex(JSON.parse(text(json)) as WorldItems, keyOf);

/** Who holds what in the current world, or null when its parse left the items unread. */
export function loadHeld(db: Database): HeldIndex | null {
  const row = queryGet<{ held: Uint8Array | string }>(db, 'SELECT held FROM item_info WHERE id = 1');
  return row ? heldIndexOf(row.held) : null;
}

/** The current world's items, or null when its parse left them unread. */
export function loadItems(db: Database, keyOf: OwnerKeyOf): ItemIndex | null {
  const row = queryGet<{ json: Uint8Array | string }>(db, 'SELECT json FROM item_info WHERE id = 1');
  return row ? itemIndexOf(row.json, keyOf) : null;
}
