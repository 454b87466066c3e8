// The world database's items: one parse's containers (domain/world-items.ts) kept as one JSON row,
// written in a single insert (a row per container and per slot cost the 1.0 world as much time as
// its pals: 17,000 rows against 2,150), and read back whole on the first item request after a
// swap into an index in memory: by owner, and by item for "who has it" (world.ts holds it).
import type { Database } from 'sql.js';
import type { ContainerOwnerKind, ItemContainer, WorldItems } from '../domain/world-items.js';
import { queryGet } from './durable-db.js';

// One row when the parse read the items: without it, every item answer says they were not read.
export const ITEM_SCHEMA = [`CREATE TABLE item_info (id INTEGER PRIMARY KEY CHECK (id = 1), json BLOB NOT NULL)`];

/** Owner ids compare as the players' uids do (world-database.ts `uidKey`). */
export type OwnerKeyOf = (id: string) => string;

/** The key an owner's containers are found by: a player's by their uid key, a base's or guild's
 * by its id in upper case. */
export function ownerKeyOf(kind: ContainerOwnerKind, id: string | null, keyOf: OwnerKeyOf): string {
  if (id === null) return '';
  return kind === 'player' ? keyOf(id) : id.toUpperCase();
}

/** One parse's items, encoded once before the database file is sized. */
export function itemRow(items: WorldItems | undefined): Uint8Array | undefined {
  return items ? Buffer.from(JSON.stringify(items)) : undefined;
}

export function insertItems(db: Database, row: Uint8Array | undefined): void {
  if (row) db.run('INSERT OR REPLACE INTO item_info (id, json) VALUES (1, ?)', [row]);
}

/** One holder of one item in the item search: whose, how many, in how many containers. */
export interface HeldRow {
  itemKey: string;
  itemId: string;
  owner: { kind: ContainerOwnerKind; id: string | null };
  count: number;
  containers: number;
}

interface Held {
  c: ItemContainer;
  count: number;
}

/** A world's items in memory, indexed for the panel's reads. */
export class ItemIndex {
  private readonly byOwner = new Map<string, ItemContainer[]>();
  private readonly byItem = new Map<string, Held[]>();
  private readonly playersRead: Set<string>;
  /** The items held (lower-case ids), most held first. */
  readonly keys: string[];

  constructor(
    readonly items: WorldItems,
    keyOf: OwnerKeyOf,
  ) {
    this.playersRead = new Set(items.playersRead.map(keyOf));
    const totals = new Map<string, number>();
    for (const c of items.containers) {
      const owner = `${c.owner.kind}:${ownerKeyOf(c.owner.kind, c.owner.id, keyOf)}`;
      let list = this.byOwner.get(owner);
      if (!list) this.byOwner.set(owner, (list = []));
      list.push(c);
      for (const s of c.slots) {
        const key = s.itemId.toLowerCase();
        let held = this.byItem.get(key);
        if (!held) this.byItem.set(key, (held = []));
        held.push({ c, count: s.count });
        totals.set(key, (totals.get(key) ?? 0) + s.count);
      }
    }
    this.keys = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
  }

  playerRead(uidKey: string): boolean {
    return this.playersRead.has(uidKey);
  }

  containersOf(kind: ContainerOwnerKind, key: string): ItemContainer[] {
    return this.byOwner.get(`${kind}:${key}`) ?? [];
  }

  /** Per item and owner: the count and the containers. */
  holders(itemKeys: readonly string[]): HeldRow[] {
    const out: HeldRow[] = [];
    for (const itemKey of itemKeys) {
      const per = new Map<string, HeldRow>();
      const seen = new Set<string>();
      for (const h of this.byItem.get(itemKey) ?? []) {
        const k = `${h.c.owner.kind}:${h.c.owner.id ?? ''}`;
        let row = per.get(k);
        if (!row) {
          const itemId = h.c.slots.find((s) => s.itemId.toLowerCase() === itemKey)?.itemId ?? itemKey;
          per.set(k, (row = { itemKey, itemId, owner: h.c.owner, count: 0, containers: 0 }));
        }
        row.count += h.count;
        // A container belongs to one owner: its id alone tells whether it was counted.
        if (!seen.has(h.c.id)) {
          seen.add(h.c.id);
          row.containers++;
        }
      }
      out.push(...per.values());
    }
    return out;
  }
}

/** The current world's items, or null when its parse left them unread. */
export function loadItems(db: Database, keyOf: OwnerKeyOf): ItemIndex | null {
  const row = queryGet<{ json: Uint8Array | string }>(db, 'SELECT json FROM item_info WHERE id = 1');
  if (!row) return null;
  const text =
    typeof row.json === 'string' ? row.json : Buffer.from(row.json.buffer, row.json.byteOffset, row.json.length).toString('utf8');
  return new ItemIndex(JSON.parse(text) as WorldItems, keyOf);
}
