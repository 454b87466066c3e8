// A sql.js database that never loses an acknowledged write. The database lives in memory; on
// disk it is a snapshot file (always a complete database, replaced atomically) plus a journal
// of the transactions committed since that snapshot. `write()` returns only after the
// transaction's statements are fsync'd in the journal; `checkpoint()` folds the journal into a
// new snapshot. Small writes therefore cost one fsync, never a full export.
import { existsSync, readFileSync } from 'node:fs';
import type { Database, SqlJsStatic } from 'sql.js';
import { writeFileAtomic } from '../lib/atomic-file.js';
import { JournalDamagedError, StorageError } from '../domain/errors.js';
import { Journal, type JournalStatement, type SqlParam } from './journal.js';
import type { Migration } from './migrations.js';

export type Row = Record<string, SqlParam>;

/** Read access, shared by `DurableDb` and the transaction handle. */
export interface Reader {
  get<T = Row>(sql: string, params?: SqlParam[]): T | undefined;
  all<T = Row>(sql: string, params?: SqlParam[]): T[];
}

export interface Tx extends Reader {
  run(sql: string, params?: SqlParam[]): void;
}

const CHECKPOINT_BYTES = 4 * 1024 * 1024;

export function queryAll<T>(db: Database, sql: string, params: SqlParam[] = []): T[] {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    const out: T[] = [];
    while (stmt.step()) out.push(stmt.getAsObject() as T);
    return out;
  } finally {
    stmt.free();
  }
}

export function queryGet<T>(db: Database, sql: string, params: SqlParam[] = []): T | undefined {
  return queryAll<T>(db, sql, params)[0];
}

export class DurableDb implements Reader {
  private seq: number;
  private inWrite = false;
  private readonly commitListeners = new Set<() => void>();

  private constructor(
    private readonly db: Database,
    private readonly snapshotPath: string,
    private readonly journal: Journal,
  ) {
    this.seq = Number(queryGet<{ v: string }>(db, `SELECT value AS v FROM store_meta WHERE key = 'journal_seq'`)?.v ?? 0);
  }

  static open(SQL: SqlJsStatic, snapshotPath: string, journalPath: string, migrations: Migration[]): DurableDb {
    let db: Database;
    try {
      db = existsSync(snapshotPath) ? new SQL.Database(readFileSync(snapshotPath)) : new SQL.Database();
      db.exec(`CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    } catch {
      throw new StorageError(`The store file ${snapshotPath} is not a readable database.`);
    }
    const snapSeq = Number(queryGet<{ v: string }>(db, `SELECT value AS v FROM store_meta WHERE key = 'journal_seq'`)?.v ?? 0);
    const { journal, records, damage } = Journal.open(
      journalPath,
      () => `${journalPath}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    // Replay what the snapshot does not hold yet. Records at or below its sequence were folded
    // in before a crash that came between the snapshot rename and the journal reset.
    for (const rec of records) {
      if (rec.seq <= snapSeq) continue;
      db.exec('BEGIN');
      for (const s of rec.stmts) db.run(s.sql, s.params);
      db.run(`INSERT OR REPLACE INTO store_meta (key, value) VALUES ('journal_seq', ?)`, [String(rec.seq)]);
      db.exec('COMMIT');
    }
    const store = new DurableDb(db, snapshotPath, journal);
    if (damage) {
      // What could be read is kept (folded into the snapshot), and this start fails loudly: the
      // operator learns that acknowledged writes were lost, and the next start goes on from here.
      store.close();
      throw new JournalDamagedError(damage);
    }
    // Migrations are ordinary journaled writes, so a crash during one is replayed or absent.
    runMigrations(store, migrations);
    if (records.length > 0 || !existsSync(snapshotPath)) store.tryCheckpoint();
    return store;
  }

  get<T = Row>(sql: string, params: SqlParam[] = []): T | undefined {
    return queryGet<T>(this.db, sql, params);
  }

  all<T = Row>(sql: string, params: SqlParam[] = []): T[] {
    return queryAll<T>(this.db, sql, params);
  }

  /** Runs `fn` in one transaction; returns after its statements are durable. Synchronous, so
   * no other write can interleave (atomic checks such as the active-key cap rely on this). */
  write<T>(fn: (tx: Tx) => T): T {
    if (this.inWrite) throw new Error('nested store write');
    const stmts: JournalStatement[] = [];
    const tx: Tx = {
      get: (sql, params) => this.get(sql, params),
      all: (sql, params) => this.all(sql, params),
      run: (sql, params = []) => {
        this.db.run(sql, params);
        stmts.push({ sql, params });
      },
    };
    this.inWrite = true;
    this.db.exec('BEGIN');
    let result: T;
    try {
      result = fn(tx);
      if (stmts.length > 0) {
        const seq = this.seq + 1;
        this.db.run(`INSERT OR REPLACE INTO store_meta (key, value) VALUES ('journal_seq', ?)`, [String(seq)]);
        this.journal.append({ seq, stmts });
        this.seq = seq;
      }
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    } finally {
      this.inWrite = false;
    }
    // Outside the transaction, so a listener may read the rows just committed.
    if (stmts.length > 0) for (const l of this.commitListeners) l();
    return result;
  }

  /** Calls `listener` after every write that changed something, once it is durable (a reader
   * such as the live event stream then sees the committed rows, whichever repository wrote
   * them). Returns the unsubscribe function. */
  onCommit(listener: () => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Writes a complete snapshot atomically, then empties the journal. */
  checkpoint(): void {
    writeFileAtomic(this.snapshotPath, this.db.export());
    this.journal.reset();
  }

  /** A checkpoint that may fail without loss: every acknowledged write is still in the journal,
   * which the next open replays. Used where the caller has nothing better to do with the error
   * (open and close on a data dir that has become read-only or full). */
  private tryCheckpoint(): void {
    if (!this.journal.writable) return;
    try {
      this.checkpoint();
    } catch {
      /* the journal keeps everything; the next checkpoint retries */
    }
  }

  /** Checkpoints when the journal has grown large; cheap to call after every write. */
  maybeCheckpoint(): void {
    if (this.journal.size > CHECKPOINT_BYTES) this.checkpoint();
  }

  /** Folds the journal into the snapshot when it holds anything (a read-only command leaves
   * the files untouched), then closes. */
  close(): void {
    try {
      if (this.journal.size > 0) this.tryCheckpoint();
    } finally {
      this.journal.close();
      this.db.close();
    }
  }
}

function runMigrations(db: DurableDb, migrations: Migration[]): void {
  const current = Number(db.get<{ v: string }>(`SELECT value AS v FROM store_meta WHERE key = 'schema_version'`)?.v ?? 0);
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.write((tx) => {
      for (const sql of m.sql) tx.run(sql);
      tx.run(`INSERT OR REPLACE INTO store_meta (key, value) VALUES ('schema_version', ?)`, [String(m.version)]);
    });
  }
}
