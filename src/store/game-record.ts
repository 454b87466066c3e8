// The game's record (issue 40): its crashes, with the uptime, memory and log tail each had and
// when the game came back; and the versions its REST API reported at each start, with the first
// and last day seen.
import type { ServerMessage } from '../contract/messages/index.js';
import type { DurableDb } from './durable-db.js';
import { insertEvent } from './events.js';
import type { Crash, StartRun } from '../contract/panel/game-health.js';

type CrashRow = {
  id: number;
  at: string;
  cause: string;
  uptime_sec: number | null;
  rss_bytes: number | null;
  log_tail: string;
  returned_at: string | null;
};

export interface NewCrash {
  at: string;
  cause: Crash['cause'];
  uptimeSec: number | null;
  rssBytes: number | null;
  logTail: readonly string[];
}

const toCrash = (r: CrashRow): Crash => {
  let tail: string[] = [];
  try {
    const v: unknown = JSON.parse(r.log_tail);
    if (Array.isArray(v)) tail = v.filter((x): x is string => typeof x === 'string');
  } catch {
    /* an unreadable tail reads as none */
  }
  const down = r.returned_at === null ? null : Math.max(0, Math.round((Date.parse(r.returned_at) - Date.parse(r.at)) / 1000));
  return {
    id: Number(r.id),
    at: r.at,
    cause: r.cause === 'process_gone' ? 'process_gone' : 'unreachable',
    uptimeSec: r.uptime_sec === null ? null : Math.round(Number(r.uptime_sec)),
    rssBytes: r.rss_bytes === null ? null : Number(r.rss_bytes),
    logTail: tail,
    returnedAt: r.returned_at,
    downtimeSec: down,
  };
};

/** A message with its id, or a bare text (shown in English in every language). */
const said = (m: ServerMessage | string): ServerMessage => (typeof m === 'string' ? { message: m } : m);

export class GameRecordRepo {
  constructor(private readonly db: DurableDb) {}

  /** Records a crash and its panel event in one write. */
  addCrash(c: NewCrash, message: ServerMessage | string): number {
    let id = 0;
    this.db.write((tx) => {
      tx.run(`INSERT INTO game_crashes (at, cause, uptime_sec, rss_bytes, log_tail) VALUES (?, ?, ?, ?, ?)`, [
        c.at,
        c.cause,
        c.uptimeSec,
        c.rssBytes,
        JSON.stringify(c.logTail.slice(-50)),
      ]);
      id = Number(tx.get<{ id: number }>(`SELECT last_insert_rowid() AS id`)?.id ?? 0);
      insertEvent(tx, { at: c.at, kind: 'crash', ...said(message) });
    });
    return id;
  }

  /** Marks the open crash returned; false when none was open. */
  returned(at: string, message: (c: Crash) => ServerMessage | string): boolean {
    const open = this.openCrash();
    if (open === null) return false;
    this.db.write((tx) => {
      tx.run(`UPDATE game_crashes SET returned_at = ? WHERE id = ?`, [at, open.id]);
      insertEvent(tx, { at, kind: 'crash', ...said(message({ ...open, returnedAt: at })) });
    });
    return true;
  }

  /** The newest crash the game has not come back from, if any. */
  openCrash(): Crash | null {
    const r = this.db.get<CrashRow>(`SELECT * FROM game_crashes ORDER BY id DESC LIMIT 1`);
    return r && r.returned_at === null ? toCrash(r) : null;
  }

  recent(limit = 10): Crash[] {
    return this.db.all<CrashRow>(`SELECT * FROM game_crashes ORDER BY id DESC LIMIT ?`, [limit]).map(toCrash);
  }

  total(): number {
    return Number(this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM game_crashes`)?.n ?? 0);
  }

  /** Crashes and downtime per UTC day, the newest 30 days with one. */
  perDay(nowIso: string): { day: string; crashes: number; downtimeSec: number }[] {
    const rows = this.db.all<{ day: string; n: number; at: string; returned_at: string | null }>(
      `SELECT substr(at, 1, 10) AS day, 1 AS n, at, returned_at FROM game_crashes ORDER BY id DESC LIMIT 1000`,
    );
    const days = new Map<string, { crashes: number; downtimeSec: number }>();
    for (const r of rows) {
      const d = days.get(r.day) ?? { crashes: 0, downtimeSec: 0 };
      d.crashes += 1;
      d.downtimeSec += Math.max(0, Math.round((Date.parse(r.returned_at ?? nowIso) - Date.parse(r.at)) / 1000));
      days.set(r.day, d);
    }
    return [...days].slice(0, 30).map(([day, d]) => ({ day, ...d }));
  }

  /** A start of the game that reported `version`. */
  versionSeen(version: string, at: string): void {
    this.db.write((tx) =>
      tx.run(
        `INSERT INTO game_versions (version, first_at, last_at, starts) VALUES (?, ?, ?, 1)
         ON CONFLICT (version) DO UPDATE SET last_at = excluded.last_at, starts = starts + 1`,
        [version, at, at],
      ),
    );
  }

  /** The version's last day moves on while it keeps answering (no new start). */
  versionStillSeen(version: string, at: string): void {
    this.db.write((tx) => tx.run(`UPDATE game_versions SET last_at = ? WHERE version = ? AND last_at < ?`, [at, version, at]));
  }

  versions(): { version: string; firstAt: string; lastAt: string; starts: number }[] {
    return this.db
      .all<{ version: string; first_at: string; last_at: string; starts: number }>(
        `SELECT version, first_at, last_at, starts FROM game_versions ORDER BY first_at DESC, version`,
      )
      .map((r) => ({ version: r.version, firstAt: r.first_at, lastAt: r.last_at, starts: Number(r.starts) }));
  }

  /** One run of the start command, kept with its output (the newest 20). */
  addStart(r: StartRun): void {
    this.db.write((tx) => {
      tx.run(`INSERT INTO game_starts (at, by, exit_code, cut, output, duration_ms) VALUES (?, ?, ?, ?, ?, ?)`, [
        r.at,
        r.by,
        r.exitCode,
        r.cut,
        r.output,
        r.durationMs,
      ]);
      tx.run(`DELETE FROM game_starts WHERE id <= (SELECT id FROM game_starts ORDER BY id DESC LIMIT 1 OFFSET 20)`);
    });
  }

  lastStart(): StartRun | null {
    const r = this.db.get<{ at: string; by: string; exit_code: number | null; cut: string | null; output: string; duration_ms: number }>(
      `SELECT * FROM game_starts ORDER BY id DESC LIMIT 1`,
    );
    return r
      ? {
          at: r.at,
          by: r.by,
          exitCode: r.exit_code === null ? null : Number(r.exit_code),
          cut: r.cut,
          output: r.output,
          durationMs: Number(r.duration_ms),
        }
      : null;
  }
}
