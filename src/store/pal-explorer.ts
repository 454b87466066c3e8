// The pal explorer's tables and query (issue: pals as players talk about them). Beside each pal
// row of world.db, a narrow row of the facts the explorer filters and sorts on, and one row per
// passive skill: filtering and counting then read a few megabytes of small rows instead of every
// pal's JSON, and each sort key has an index, so the first page of 100,000 pals is a short index
// walk. They are derived at build time with the pal rows, so they can never disagree with them.
import type { Database } from 'sql.js';
import type { WorldPal, WorldPlayer } from '../domain/world.js';
import type { Placement } from '../contract/vocabulary.js';
import { playerIdOfSaveUid } from '../domain/player-id.js';
import { queryAll, queryGet } from './durable-db.js';
import type { PalSort, UnknownReason } from '../contract/vocabulary.js';

// `seq` is the pal's position in instance-id order (the rows are inserted in that order), and the
// table's rowid: every index ends in it, so a sort key with the instance-id tie-break is one index
// walk, and a row is found by integer key instead of a text one (several times faster in sql.js).
export const PAL_FACTS_SCHEMA = [
  `CREATE TABLE pal_facts (seq INTEGER PRIMARY KEY, instance_id TEXT NOT NULL, level INTEGER NOT NULL,
     stars INTEGER NOT NULL, alpha INTEGER NOT NULL, lucky INTEGER NOT NULL, placement TEXT NOT NULL, reason TEXT,
     owner_key TEXT NOT NULL, owner_name TEXT NOT NULL, species TEXT NOT NULL, name TEXT NOT NULL, talents INTEGER NOT NULL)`,
  `CREATE TABLE pal_passives (skill TEXT NOT NULL COLLATE NOCASE, seq INTEGER NOT NULL, PRIMARY KEY (skill, seq)) WITHOUT ROWID`,
  // The distinct species and owners: a text search reads these few hundred rows, then finds
  // its pals through an index, instead of reading every pal's text.
  `CREATE TABLE pal_kinds (species TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (species, name)) WITHOUT ROWID`,
  `CREATE TABLE pal_owners (owner_key TEXT NOT NULL, owner_name TEXT NOT NULL, PRIMARY KEY (owner_key, owner_name)) WITHOUT ROWID`,
];

/** One index per sort key (the rowid, `seq`, ends each), so a page is a walk of one index. */
export const PAL_FACTS_INDEXES = [
  `CREATE INDEX pal_facts_level ON pal_facts (level)`,
  `CREATE INDEX pal_facts_name ON pal_facts (name)`,
  `CREATE INDEX pal_facts_owner ON pal_facts (owner_name)`,
  `CREATE INDEX pal_facts_species ON pal_facts (species)`,
  `CREATE INDEX pal_facts_stars ON pal_facts (stars)`,
  `CREATE INDEX pal_facts_talents ON pal_facts (talents)`,
  // Filters: a count of alpha or lucky pals or of a placement reads a narrow index.
  `CREATE INDEX pal_facts_alpha ON pal_facts (alpha)`,
  `CREATE INDEX pal_facts_lucky ON pal_facts (lucky)`,
  `CREATE INDEX pal_facts_placement ON pal_facts (placement)`,
  // How many rows a value of each index holds, for the planner: without it an equality on a
  // two-valued column looks selective, and a filter matching 97% of pals would be sorted whole.
  // A sample of each index is enough for that (a full ANALYZE reads every index whole).
  `PRAGMA analysis_limit = 1000`,
  `ANALYZE`,
];

/**
 * Why a pal's placement is `unknown`, in one word the panel turns into a sentence. Placement comes
 * only from exact container matches (save/world-pals.ts), and a player's party and Palbox are
 * named only in their own `Players/<UID>.sav`:
 * - `owner_file_missing`: the owner is a player of the save whose player file was not read (absent
 *   or unreadable), so their party and Palbox cannot be named. All 1,045 unknown pals of the real
 *   1.0 fixture are this: 8 of its 17 players have no player file.
 * - `owner_not_player`: the owner uid is no player of this save (a deleted character, say).
 * - `no_owner`: the save names no owner, past or present.
 * - `other_container`: the owner's file was read; the pal is in none of their party, Palbox or a
 *   listed base's workers (a guild chest, a cage or another container the panel does not name).
 */

/** The three progression fields are present exactly when the player's file was read (domain/world.ts). */
export function playerFileRead(p: WorldPlayer): boolean {
  return p.captureTotal !== undefined || p.uniquePalsCaptured !== undefined || p.paldeckUnlocked !== undefined;
}

export function unknownReason(p: WorldPal, fileRead: ReadonlyMap<string, boolean>): UnknownReason | null {
  if (p.placement !== 'unknown') return null;
  if (!p.ownerUid) return 'no_owner';
  const read = fileRead.get(playerIdOfSaveUid(p.ownerUid));
  if (read === undefined) return 'owner_not_player';
  return read ? 'other_container' : 'owner_file_missing';
}

/** Condenser stars: rank 1 (never condensed) to 5 is 0 to 4 stars. The game leaves `Rank` out of
 * the save at its default, so a pal without one has never been condensed: 0 stars. */
export function starsOf(rank: number | null): number {
  return Number.isInteger(rank) && (rank as number) >= 1 && (rank as number) <= 5 ? (rank as number) - 1 : 0;
}

export type PalFactsRow = [number, string, number, number, number, number, string, string | null, string, string, string, string, number];

/** A pal's facts row. Written for any row the store is handed: a missing text is empty and a
 * missing number 0, never a failed build (the JSON row keeps whatever came). */
export function palFactsRow(seq: number, p: WorldPal, fileRead: ReadonlyMap<string, boolean>): PalFactsRow {
  const text = (v: string | undefined | null) => (typeof v === 'string' ? v : '');
  const num = (v: number | undefined | null) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return [
    seq,
    p.instanceId,
    num(p.level),
    starsOf(p.rank),
    p.isAlpha ? 1 : 0,
    p.isLucky ? 1 : 0,
    text(p.placement),
    unknownReason(p, fileRead),
    playerIdOfSaveUid(text(p.ownerUid)),
    text(p.ownerName).toLowerCase(),
    text(p.characterId).toLowerCase(),
    text(p.displayName).toLowerCase(),
    p.talents ? num(p.talents.hp) + num(p.talents.shot) + num(p.talents.defense) : 0,
  ];
}

export const INSERT_PAL_FACTS = 'INSERT INTO pal_facts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
export const INSERT_PAL_PASSIVE = 'INSERT OR IGNORE INTO pal_passives (skill, seq) VALUES (?, ?)';
/** Fills pal_kinds and pal_owners from the facts, once every pal is in. */
export const FILL_PAL_DISTINCT = [
  'INSERT INTO pal_kinds SELECT DISTINCT species, name FROM pal_facts',
  'INSERT INTO pal_owners SELECT DISTINCT owner_key, owner_name FROM pal_facts',
];

const SORT_COLUMN: Record<PalSort, string> = {
  level: 'level',
  name: 'name',
  owner: 'owner_name',
  species: 'species',
  stars: 'stars',
  talents: 'talents',
  instanceId: 'seq',
};

/** What the explorer asks for; every field but sort, order, offset and limit is optional. */
export interface PalQuery {
  /** A save uid (any dashes and case) or a case-insensitive part of the owner's name. */
  owner?: string;
  /** A case-insensitive part of the species id or its name. */
  species?: string;
  /** Species ids (lower-case) that `species` also matches: those whose name in the user's
   * language contains it (the caller reads the language's tables). */
  speciesAlso?: string[];
  placement?: Placement;
  minLevel?: number;
  maxLevel?: number;
  alpha?: boolean;
  lucky?: boolean;
  minStars?: number;
  maxStars?: number;
  /** Skill ids the pal must all have (case-insensitive, exact). */
  passives?: string[];
  /** Species ids (lower-case) kept, or left out: the kind filter (captured humans or pals). */
  speciesIn?: string[];
  speciesNotIn?: string[];
  sort: PalSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface ExploredPal {
  pal: WorldPal;
  stars: number;
  reason: UnknownReason | null;
}

function whereOf(q: PalQuery): { sql: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  const owner = q.owner?.trim() ?? '';
  if (owner !== '') {
    // A test per row, not an index: a name part often matches half the players, and walking
    // the sort index with this test beats sorting the half of all pals the owner index finds.
    parts.push(
      'owner_key || char(0) || owner_name IN (SELECT owner_key || char(0) || owner_name FROM pal_owners WHERE owner_key = ? OR instr(owner_name, ?) > 0)',
    );
    params.push(playerIdOfSaveUid(owner), owner.toLowerCase());
  }
  const species = q.species?.trim().toLowerCase() ?? '';
  if (species !== '') {
    const also = q.speciesAlso?.length ? ` OR species IN (${q.speciesAlso.map(() => '?').join(', ')})` : '';
    parts.push(`((species, name) IN (SELECT species, name FROM pal_kinds WHERE instr(species, ?) > 0 OR instr(name, ?) > 0)${also})`);
    params.push(species, species, ...(q.speciesAlso ?? []));
  }
  if (q.placement !== undefined) {
    parts.push('placement = ?');
    params.push(q.placement);
  }
  const range = (column: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) {
      parts.push(`${column} >= ?`);
      params.push(min);
    }
    if (max !== undefined) {
      parts.push(`${column} <= ?`);
      params.push(max);
    }
  };
  range('level', q.minLevel, q.maxLevel);
  range('stars', q.minStars, q.maxStars);
  if (q.alpha !== undefined) {
    parts.push('alpha = ?');
    params.push(q.alpha ? 1 : 0);
  }
  if (q.lucky !== undefined) {
    parts.push('lucky = ?');
    params.push(q.lucky ? 1 : 0);
  }
  if (q.speciesIn !== undefined) {
    // None of that kind in this world: nothing matches.
    parts.push(q.speciesIn.length ? `species IN (${q.speciesIn.map(() => '?').join(', ')})` : '0');
    params.push(...q.speciesIn);
  }
  if (q.speciesNotIn?.length) {
    parts.push(`species NOT IN (${q.speciesNotIn.map(() => '?').join(', ')})`);
    params.push(...q.speciesNotIn);
  }
  for (const skill of q.passives ?? []) {
    parts.push('seq IN (SELECT seq FROM pal_passives WHERE skill = ?)');
    params.push(skill);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** Totals of recent filters, per world database: paging through a filter counts it once. */
const totals = new WeakMap<Database, Map<string, number>>();

function countOf(db: Database, where: { sql: string; params: (string | number)[] }): number {
  let known = totals.get(db);
  if (!known) totals.set(db, (known = new Map<string, number>()));
  const key = JSON.stringify([where.sql, where.params]);
  let n = known.get(key);
  if (n === undefined) {
    n = queryGet<{ n: number }>(db, `SELECT COUNT(*) AS n FROM pal_facts ${where.sql}`, where.params)!.n;
    if (known.size >= 64) known.delete(known.keys().next().value!);
    known.set(key, n);
  }
  return n;
}

/** Drops the remembered totals of `db`: the next page of any filter counts it afresh (the
 * benchmark times first pages this way). */
export function forgetPalTotals(db: Database): void {
  totals.delete(db);
}

/** One page of pals in the asked order (ties by instance id, in the same direction, so the
 * reversed order is the exact reverse list), and how many match in all. */
export function explorePals(
  db: Database,
  q: PalQuery,
  decode: (cell: Uint8Array | string) => WorldPal,
): { rows: ExploredPal[]; total: number } {
  const where = whereOf(q);
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMN[q.sort];
  const order = column === 'seq' ? `seq ${dir}` : `${column} ${dir}, seq ${dir}`;
  // Only the keys of the page first: without filters this reads the sort index alone.
  const seqs = queryAll<{ seq: number }>(db, `SELECT seq FROM pal_facts ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [
    ...where.params,
    q.limit,
    q.offset,
  ]).map((r) => r.seq);
  const total = countOf(db, where);
  if (seqs.length === 0) return { rows: [], total };
  // Then the page's rows by key: the sort never touches the big JSON rows.
  const found = new Map(
    queryAll<{ seq: number; stars: number; reason: UnknownReason | null; json: Uint8Array | string }>(
      db,
      `SELECT f.seq, f.stars, f.reason, p.json FROM pal_facts f JOIN pals p ON p.instance_id = f.instance_id
        WHERE f.seq IN (${seqs.map(() => '?').join(',')})`,
      seqs,
    ).map((r) => [r.seq, r]),
  );
  const rows: ExploredPal[] = [];
  for (const seq of seqs) {
    const r = found.get(seq);
    if (r) rows.push({ pal: decode(r.json), stars: r.stars, reason: r.reason });
  }
  return { rows, total };
}

/** Every passive skill held by a pal of the world, with how many pals hold it, most held first. */
/** The species (lower-case ids) of this world's pals. */
export function palSpeciesOf(db: Database): string[] {
  return queryAll<{ species: string }>(db, 'SELECT DISTINCT species FROM pal_kinds ORDER BY species').map((r) => r.species);
}

export function passiveCounts(db: Database): { id: string; pals: number }[] {
  return queryAll<{ id: string; pals: number }>(
    db,
    'SELECT skill AS id, COUNT(*) AS pals FROM pal_passives GROUP BY skill ORDER BY pals DESC, skill LIMIT 1000',
  );
}
