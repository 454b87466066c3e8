// The world tables: tens of thousands of rows replaced on each parse. They live in a database
// of their own (world.db), written whole and atomically after each replacement, so the small
// journaled writes of the panel database never export megabytes.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Database, SqlJsStatic } from 'sql.js';
import { renameDurably, writeFileAtomic } from '../lib/atomic-file.js';
import type { WorldGuild, WorldMeta, WorldPal, WorldPlayer, WorldSnapshot, ParseWarning } from '../domain/world.js';
import { queryAll, queryGet } from './durable-db.js';
import { explorePals, palSpeciesOf, forgetPalTotals, passiveCounts, type ExploredPal, type PalQuery } from './pal-explorer.js';
import { openHandedOver } from './sqljs.js';
import {
  addIndexes,
  buildWorldDatabase,
  decodeRow,
  emptyWorldDatabase,
  hasCurrentSchema,
  SCHEMA_VERSION,
  userVersionOf,
  type JsonCell,
  uidKey,
  type WorldRowsInput,
} from './world-database.js';

import {
  heldIndexOf,
  heldSummary,
  itemIndexOf,
  loadHeld,
  loadItems,
  ownerKeyOf,
  HeldIndex,
  ItemIndex,
  type HeldRow,
  type ItemRow,
} from './world-items.js';
import type { ContainerOwnerKind, ItemContainer, WorldItems } from '../domain/world-items.js';
export { buildWorldDatabase, snapshotRows, uidKey, type WorldRowsInput } from './world-database.js';

export type { HeldRow } from './world-items.js';
export { itemRow, type ItemRow } from './world-items.js';

export interface ParseInfo {
  lastParseAt: string | null;
  formatDrift: boolean;
  players: number;
  pals: number;
  guilds: number;
  meta: WorldMeta | null;
  warnings: ParseWarning[];
}

/** Items a parse left unread (it kept only their bytes: ingest's kept-items.ts): `read` decodes
 * them, on the first request that comes before they were read in the background. */
export interface PendingItems {
  /** The parse (its `parsedAt`) the items belong to. */
  readonly parsedAt: string;
  read(): { items: WorldItems; warnings: ParseWarning[]; formatDrift: boolean };
}

/** Pending items read off the main thread (ingest's items-reader.ts), encoded as the world
 * database keeps them; their warnings and drift join the parse's. */
export interface ItemsRead {
  row: ItemRow;
  warnings: ParseWarning[];
  formatDrift: boolean;
}

export class WorldRepo {
  private info: ParseInfo;
  /** The current world's items in memory, read on first use (null: the parse left them unread). */
  private itemIndex: ItemIndex | null | undefined;
  /** Who holds what in the current world, read on first use (much smaller than the containers). */
  private heldIndex: HeldIndex | null | undefined;
  /** The current world's items when its parse left them unread. */
  private pending: PendingItems | undefined;
  /** The current world's items as read off the main thread, decoded on first use. */
  private readRow: ItemRow | undefined;
  /** The read of the pending items off the main thread, while under way. */
  private arriving: Promise<void> | undefined;

  private constructor(
    private readonly SQL: SqlJsStatic,
    private db: Database,
    private readonly path: string,
  ) {
    this.info = this.readInfo();
  }

  static open(SQL: SqlJsStatic, path: string): WorldRepo {
    let db: Database | null = null;
    if (existsSync(path)) {
      try {
        db = openHandedOver(SQL, readFileSync(path));
        // World tables are derived data: an old layout is dropped and refilled by the next parse.
        if (!hasCurrentSchema(db)) {
          db.close();
          db = null;
        }
      } catch {
        db = null;
      }
    }
    if (!db) {
      db = emptyWorldDatabase(SQL);
      addIndexes(db);
    }
    return new WorldRepo(SQL, db, path);
  }

  /** Replaces every world table at once (builds a new world database and swaps it in). */
  replace(snap: WorldSnapshot | WorldRowsInput, parsedAt: string): void {
    this.swap(buildWorldDatabase(this.SQL, snap, parsedAt));
  }

  /** Where the world database is kept (a parse worker writes its temp file beside it). */
  get file(): string {
    return this.path;
  }

  /**
   * Makes a world database built by `buildWorldDatabase` the current one: written durably first,
   * then swapped in one step, so every read sees either the old world or the new one whole.
   * `bytes` are handed over to the new database (not copied: a copy of tens of megabytes would
   * be a pause of every reader). `written` is the temp file a parse worker already wrote them to
   * (`writeTempFile` beside `file`), so that here it is only renamed into place.
   */
  swap(bytes: Uint8Array, written?: string, pending?: PendingItems): void {
    // The schema version is read from the file header, so the old world is let go before the new
    // one is opened: the repo never holds two worlds (nothing can read in between).
    if (userVersionOf(bytes) !== SCHEMA_VERSION) {
      if (written !== undefined) rmSync(written, { force: true });
      throw new Error('world database of another schema version');
    }
    if (written === undefined) writeFileAtomic(this.path, bytes);
    else renameDurably(written, this.path);
    this.db.close();
    try {
      this.db = openHandedOver(this.SQL, bytes);
      this.forgetItems();
      this.info = this.readInfo();
      if (pending) this.leaveItemsTo(pending);
    } catch (err) {
      // Not a readable database after all: an empty world until the next parse, never a closed one.
      this.db = emptyWorldDatabase(this.SQL);
      addIndexes(this.db);
      this.forgetItems();
      this.info = this.readInfo();
      throw err;
    }
  }

  parseInfo(): ParseInfo {
    return this.info;
  }

  /** One keyset page of players ordered by uid; `onlyKeys` restricts to those uid keys. */
  playersPage(afterUid: string | null, limit: number, onlyKeys?: string[]): WorldPlayer[] {
    if (onlyKeys && onlyKeys.length === 0) return [];
    const params: (string | number)[] = [];
    let where = '1 = 1';
    if (afterUid !== null) {
      where += ' AND uid > ?';
      params.push(afterUid);
    }
    if (onlyKeys) {
      where += ` AND uid_key IN (${onlyKeys.map(() => '?').join(',')})`;
      params.push(...onlyKeys);
    }
    params.push(limit);
    return queryAll<{ json: JsonCell }>(this.db, `SELECT json FROM players WHERE ${where} ORDER BY uid LIMIT ?`, params).map((r) =>
      decodeRow<WorldPlayer>(r.json),
    );
  }

  player(uid: string): WorldPlayer | undefined {
    const row = queryGet<{ json: JsonCell }>(this.db, 'SELECT json FROM players WHERE uid_key = ?', [uidKey(uid)]);
    return row && decodeRow<WorldPlayer>(row.json);
  }

  allPlayers(): WorldPlayer[] {
    return queryAll<{ json: JsonCell }>(this.db, 'SELECT json FROM players ORDER BY uid').map((r) => decodeRow<WorldPlayer>(r.json));
  }

  palsPage(afterInstanceId: string | null, limit: number): WorldPal[] {
    const rows =
      afterInstanceId === null
        ? queryAll<{ json: JsonCell }>(this.db, 'SELECT json FROM pals ORDER BY instance_id LIMIT ?', [limit])
        : queryAll<{ json: JsonCell }>(this.db, 'SELECT json FROM pals WHERE instance_id > ? ORDER BY instance_id LIMIT ?', [
            afterInstanceId,
            limit,
          ]);
    return rows.map((r) => decodeRow<WorldPal>(r.json));
  }

  palsOfOwner(uid: string): WorldPal[] {
    return queryAll<{ json: JsonCell }>(this.db, 'SELECT json FROM pals WHERE owner_key = ? ORDER BY instance_id', [uidKey(uid)]).map((r) =>
      decodeRow<WorldPal>(r.json),
    );
  }

  /** Pals placed at a base: the only ones a live base worker may join (interface.md). */
  basePals(): WorldPal[] {
    return queryAll<{ json: JsonCell }>(this.db, `SELECT json FROM pals WHERE placement = 'base' ORDER BY instance_id`).map((r) =>
      decodeRow<WorldPal>(r.json),
    );
  }

  /** One page of the pal explorer and how many pals match (pal-explorer.ts). */
  explorePals(q: PalQuery): { rows: ExploredPal[]; total: number } {
    return explorePals(this.db, q, decodeRow<WorldPal>);
  }

  /** Forgets the explorer's remembered totals (bench/http/pal-explorer.ts times first pages). */
  forgetPalTotals(): void {
    forgetPalTotals(this.db);
  }

  /** The species (lower-case ids) of this world's pals: the pal explorer's kind filter. */
  palSpecies(): string[] {
    return palSpeciesOf(this.db);
  }

  /** The passive skills held in this world, with their pal counts. */
  palPassives(): { id: string; pals: number }[] {
    return passiveCounts(this.db);
  }

  guilds(): WorldGuild[] {
    return queryAll<{ json: JsonCell }>(this.db, 'SELECT json FROM guilds ORDER BY id').map((r) => decodeRow<WorldGuild>(r.json));
  }

  /**
   * Leaves the current world's items to their first request: `pending` reads them then (a parse
   * that kept only their bytes, or those bytes restored at start-up). Ignored when it is not this
   * world's parse or the world database holds its items itself.
   */
  leaveItemsTo(pending: PendingItems): void {
    if (pending.parsedAt !== this.info.lastParseAt || queryGet(this.db, 'SELECT 1 AS one FROM item_info WHERE id = 1')) return;
    this.forgetItems();
    this.pending = pending;
  }

  /** Forgets every form of the current world's items (a new world, or new items for it). */
  private forgetItems(): void {
    this.itemIndex = undefined;
    this.heldIndex = undefined;
    this.pending = undefined;
    this.readRow = undefined;
    this.arriving = undefined;
  }

  /** The parse whose items are pending (left unread, not yet read in the background), if any. */
  pendingItemsOf(): string | undefined {
    return this.pending?.parsedAt;
  }

  /** The pending items are being read off the main thread (`read` settles once `takeItems` was
   * called, or the read failed): item reads may wait for it (`itemsArrival`). */
  expectItems(read: Promise<void>): void {
    const arriving: Promise<void> = read.finally(() => {
      if (this.arriving === arriving) this.arriving = undefined;
    });
    this.arriving = arriving;
  }

  /** While pending items are being read off the main thread: that read. */
  itemsArrival(): Promise<void> | undefined {
    return this.pending ? this.arriving : undefined;
  }

  /**
   * The pending items of the parse `parsedAt`, read off the main thread (null: they could not be
   * read, as a parse without items). Ignored when the world has moved on, or a request came
   * first and read them itself.
   */
  takeItems(parsedAt: string, read: ItemsRead | null): void {
    if (this.pending?.parsedAt !== parsedAt) return;
    this.pending = undefined;
    if (!read) {
      this.itemIndex = null;
      this.heldIndex = null;
      return;
    }
    this.readRow = read.row;
    this.itemIndex = undefined;
    this.heldIndex = undefined;
    this.addItemWarnings(read);
  }

  /** The pending items read here, by a request that came before the background read (once: every
   * later request finds the indexes). */
  private readPending(): void {
    const pending = this.pending!;
    this.pending = undefined;
    let read: ReturnType<PendingItems['read']>;
    try {
      read = pending.read();
    } catch {
      // Bytes that no longer read (a damaged file restored at start-up): as a parse without items.
      this.itemIndex = null;
      this.heldIndex = null;
      return;
    }
    this.itemIndex = new ItemIndex(read.items, uidKey);
    this.heldIndex = new HeldIndex(heldSummary(read.items, uidKey));
    this.addItemWarnings(read);
  }

  private addItemWarnings({ warnings, formatDrift }: Pick<ItemsRead, 'warnings' | 'formatDrift'>): void {
    if (warnings.length > 0 || formatDrift) {
      this.info = { ...this.info, warnings: [...this.info.warnings, ...warnings], formatDrift: this.info.formatDrift || formatDrift };
    }
  }

  private items(): ItemIndex | null {
    if (this.itemIndex === undefined) {
      if (this.pending) this.readPending();
      else this.itemIndex = this.readRow ? itemIndexOf(this.readRow.json, uidKey) : loadItems(this.db, uidKey);
    }
    return this.itemIndex!;
  }

  private held(): HeldIndex | null {
    if (this.heldIndex === undefined) {
      if (this.pending) this.readPending();
      else this.heldIndex = this.readRow ? heldIndexOf(this.readRow.held) : loadHeld(this.db);
    }
    return this.heldIndex!;
  }

  /** Whether the current world's parse read the item containers. */
  itemsRead(): boolean {
    return this.held() !== null;
  }

  /** Whether the player's inventory was read: items parsed and their own save named it. */
  playerItemsRead(uid: string): boolean {
    return this.items()?.playerRead(uidKey(uid)) ?? false;
  }

  /** The containers of one owner (a player uid, a base or guild id), in id order. */
  containersOf(kind: ContainerOwnerKind, id: string): ItemContainer[] {
    return this.items()?.containersOf(kind, ownerKeyOf(kind, id, uidKey)) ?? [];
  }

  allContainers(): ItemContainer[] {
    return this.items()?.items.containers ?? [];
  }

  /** The holders of the items (lower-case ids), summed per owner. */
  holders(itemKeys: readonly string[]): HeldRow[] {
    return this.held()?.holders(itemKeys) ?? [];
  }

  /** The distinct items (lower-case ids) the world's containers hold, most held first. */
  heldItemKeys(): string[] {
    return this.held()?.keys ?? [];
  }

  /** Forgets the items read on first use (bench/http/item-search.ts times a first search). */
  forgetHeldItems(): void {
    if (this.pending) return;
    this.itemIndex = undefined;
    this.heldIndex = undefined;
  }

  close(): void {
    this.db.close();
  }

  private readInfo(): ParseInfo {
    const row = queryGet<{ last_parse_at: string; format_drift: number; meta: string; warnings: string }>(
      this.db,
      'SELECT * FROM parse_info WHERE id = 1',
    );
    const count = (t: string) => queryGet<{ n: number }>(this.db, `SELECT COUNT(*) AS n FROM ${t}`)!.n;
    return {
      lastParseAt: row?.last_parse_at ?? null,
      formatDrift: row ? row.format_drift === 1 : false,
      players: count('players'),
      pals: count('pals'),
      guilds: count('guilds'),
      meta: row ? (JSON.parse(row.meta) as WorldMeta) : null,
      warnings: row ? (JSON.parse(row.warnings) as ParseWarning[]) : [],
    };
  }
}
