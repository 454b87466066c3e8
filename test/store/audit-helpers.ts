// Helpers of the audit suites: a real store on a temp dir with a hand-driven clock, removed
// after, and the panel database opened by its own parts where a test must reach the SQL (to read
// raw rows or to make a statement fail mid-transaction).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditRecord } from '../../src/domain/audit.js';
import { AuditRepo } from '../../src/store/audit.js';
import { DurableDb } from '../../src/store/durable-db.js';
import { openStore, PANEL_DB, PANEL_JOURNAL, type Store } from '../../src/store/index.js';
import { KeyRepo } from '../../src/store/keys.js';
import { PANEL_MIGRATIONS } from '../../src/store/migrations.js';
import { SessionRepo } from '../../src/store/sessions.js';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { UserRepo } from '../../src/store/users.js';
import { BackupSettingsRepo } from '../../src/store/backup-settings.js';

export class TestClock {
  constructor(public ms = Date.parse('2026-07-14T10:00:00.000Z')) {}
  now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const tempDirs: string[] = [];
export function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'palpanel-audit-'));
  tempDirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

export async function storeOn(dir: string, clock: TestClock): Promise<Store> {
  return openStore(dir, clock.now);
}

/** The panel database and its repositories, as openStore wires them, without the lock. */
export async function panelParts(dir: string, clock: TestClock) {
  const db = DurableDb.open(await loadSqlJs(), join(dir, PANEL_DB), join(dir, PANEL_JOURNAL), PANEL_MIGRATIONS);
  const audit = new AuditRepo(db, clock.now);
  return {
    db,
    audit,
    keys: new KeyRepo(db, clock.now, audit),
    users: new UserRepo(db, clock.now, audit),
    sessions: new SessionRepo(db, clock.now, audit),
    backupSettings: new BackupSettingsRepo(db, clock.now, audit),
  };
}

/** Every audit row, newest first, walking the pages. */
export function allRows(store: Pick<Store, 'audit'>): AuditRecord[] {
  const out: AuditRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = store.audit.list({ limit: 1000, cursor });
    out.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return out;
}

/** Rows oldest first as `action outcome target actor` lines, for readable expectations. */
export function story(store: Pick<Store, 'audit'>): string[] {
  return allRows(store)
    .reverse()
    .map((r) => `${r.action} ${r.outcome}${r.reason ? `:${r.reason}` : ''} ${r.target} ${r.actor}`);
}
