// A digest of the rows one parse yields: a SHA-256 per table (players, pals, guilds), one of the
// warnings and one of the meta. It is computed alike from a parse's snapshot and from a built
// world database, so a change of the parser or of the store path can be checked to give the very
// same rows, byte for byte, in the same order (test/save/row-identity.test.ts, bench/parse).
import { createHash, type Hash } from 'node:crypto';
import type { Database, SqlJsStatic } from 'sql.js';
import type { WorldSnapshot } from '../domain/world.js';
import { byKey } from '../lib/order.js';

export interface RowDigest {
  players: string;
  pals: string;
  guilds: string;
  warnings: string;
  meta: string;
  counts: { players: number; pals: number; guilds: number };
}

/** The world database keeps at most this many warnings (store/world.ts). */
const STORED_WARNINGS = 1000;

const NL = new Uint8Array([10]);

function hashRows(rows: Iterable<string | Uint8Array>): string {
  const h: Hash = createHash('sha256');
  for (const r of rows) {
    h.update(r);
    h.update(NL);
  }
  return h.digest('hex');
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The digest of a parse's snapshot: rows in key order, each as its JSON. */
export function snapshotDigest(snap: WorldSnapshot): RowDigest {
  const players = [...snap.players].sort(byKey((p) => p.uid));
  const pals = [...snap.pals].sort(byKey((p) => p.instanceId));
  const guilds = [...snap.guilds].sort(byKey((g) => g.id));
  return {
    players: hashRows(players.map((p) => JSON.stringify(p))),
    pals: hashRows(pals.map((p) => JSON.stringify(p))),
    guilds: hashRows(guilds.map((g) => JSON.stringify(g))),
    warnings: sha(JSON.stringify(snap.warnings.slice(0, STORED_WARNINGS))),
    meta: sha(JSON.stringify({ formatDrift: snap.formatDrift, meta: snap.meta })),
    counts: { players: players.length, pals: pals.length, guilds: guilds.length },
  };
}

function* column(db: Database, sql: string): Generator<string | Uint8Array> {
  const stmt = db.prepare(sql);
  try {
    while (stmt.step()) yield stmt.get()[0] as string | Uint8Array;
  } finally {
    stmt.free();
  }
}

function count(db: Database, table: string): number {
  const stmt = db.prepare(`SELECT COUNT(*) FROM ${table}`);
  try {
    stmt.step();
    return stmt.get()[0] as number;
  } finally {
    stmt.free();
  }
}

/** The digest of a built world database (store/world.ts `buildWorldDatabase`). */
export function databaseDigest(SQL: SqlJsStatic, bytes: Uint8Array): RowDigest {
  const db = new SQL.Database(bytes);
  try {
    const info = db.exec('SELECT format_drift, meta, warnings FROM parse_info WHERE id = 1')[0]?.values[0];
    const [drift, meta, warnings] = info ?? [0, 'null', '[]'];
    return {
      players: hashRows(column(db, 'SELECT json FROM players ORDER BY uid')),
      pals: hashRows(column(db, 'SELECT json FROM pals ORDER BY instance_id')),
      guilds: hashRows(column(db, 'SELECT json FROM guilds ORDER BY id')),
      // Stored as JSON text already: hashed as stored, which is how the snapshot side writes it.
      warnings: sha(String(warnings)),
      meta: sha(JSON.stringify({ formatDrift: drift === 1, meta: JSON.parse(String(meta)) as unknown })),
      counts: { players: count(db, 'players'), pals: count(db, 'pals'), guilds: count(db, 'guilds') },
    };
  } finally {
    db.close();
  }
}
