// Versioned migrations, run at open by DurableDb (durable-db.ts). Each database keeps its version
// in store_meta.

export interface Migration {
  version: number;
  sql: string[];
}

/** The panel database: keys, users, sessions, events, player history, audit. */
export const PANEL_MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: [
      `CREATE TABLE integration_keys (
         id TEXT PRIMARY KEY, label TEXT NOT NULL, hash TEXT NOT NULL,
         created_at TEXT NOT NULL, created_seq INTEGER NOT NULL,
         last_used_at TEXT, revoked_at TEXT)`,
      `CREATE INDEX integration_keys_active ON integration_keys (revoked_at)`,
      `CREATE TABLE users (
         username TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL,
         created_at TEXT NOT NULL)`,
      `CREATE TABLE sessions (
         token_hash TEXT PRIMARY KEY, username TEXT NOT NULL, created_at TEXT NOT NULL,
         expires_at TEXT NOT NULL)`,
      `CREATE INDEX sessions_user ON sessions (username)`,
      `CREATE TABLE events (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL,
         message TEXT NOT NULL, public INTEGER NOT NULL)`,
      `CREATE INDEX events_public ON events (public, id)`,
      `CREATE TABLE player_history (
         uid TEXT PRIMARY KEY, first_seen_at TEXT NOT NULL, last_online_at TEXT)`,
      `CREATE TABLE player_sessions (
         id INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL, started_at TEXT NOT NULL,
         last_seen_at TEXT NOT NULL, ended_at TEXT)`,
      `CREATE INDEX player_sessions_uid ON player_sessions (uid, ended_at)`,
    ],
  },
  {
    // The audit log (store/audit.ts), and what admins see of panel sessions: a public id that is
    // not the token, and when the session was last used. Sessions of a previous version get an
    // id from their rowid, which a journal replay computes alike (random ids would differ).
    version: 2,
    sql: [
      `CREATE TABLE audit (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL,
         action TEXT NOT NULL, target TEXT NOT NULL, outcome TEXT NOT NULL, reason TEXT,
         detail TEXT)`,
      `CREATE INDEX audit_at ON audit (at)`,
      `CREATE INDEX audit_actor ON audit (actor, id)`,
      `CREATE INDEX audit_action ON audit (action, id)`,
      `ALTER TABLE sessions ADD COLUMN id TEXT`,
      `ALTER TABLE sessions ADD COLUMN last_seen_at TEXT`,
      `UPDATE sessions SET id = printf('%016x', rowid), last_seen_at = created_at`,
      `CREATE UNIQUE INDEX sessions_id ON sessions (id)`,
    ],
  },
  {
    // issue 11, metrics+events: the downsampled metrics history (store/metrics.ts), and the
    // panel's `/events?kind=` filter.
    version: 3,
    sql: [
      `CREATE TABLE metrics_samples (
         tier INTEGER NOT NULL, bucket INTEGER NOT NULL, at_ms INTEGER NOT NULL, n INTEGER NOT NULL,
         players REAL NOT NULL, fps REAL NOT NULL, frame_time_ms REAL NOT NULL, uptime_sec REAL NOT NULL,
         PRIMARY KEY (tier, bucket))`,
      `CREATE INDEX events_kind ON events (kind, id)`,
    ],
  },
  {
    // Moderation (issue 11, players+moderation): the platform user ids the poller learned for
    // each save uid (the save does not hold them; kick/ban of an offline player needs them),
    // the bans the panel made, and the whitelist with its switch.
    version: 4,
    sql: [
      `CREATE TABLE player_accounts (
         uid TEXT PRIMARY KEY, user_id TEXT NOT NULL, account_name TEXT NOT NULL, seen_at TEXT NOT NULL)`,
      `CREATE TABLE bans (
         user_id TEXT PRIMARY KEY, uid TEXT, name TEXT NOT NULL, reason TEXT, banned_at TEXT NOT NULL,
         banned_by TEXT NOT NULL)`,
      `CREATE TABLE whitelist (id TEXT PRIMARY KEY, note TEXT NOT NULL)`,
      `CREATE TABLE moderation_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    ],
  },
  {
    // Webhooks (issue 15): where the public events are also sent, in Discord's or a plain JSON
    // format. The URL holds its secret (Discord's token), so it is never served back whole.
    version: 5,
    sql: [
      `CREATE TABLE webhooks (
         id TEXT PRIMARY KEY, format TEXT NOT NULL, url TEXT NOT NULL, created_at TEXT NOT NULL, created_by TEXT NOT NULL)`,
    ],
  },
  {
    // Backups (issue 12): the schedule and retention the admin set. The backups themselves are
    // files in the backup folder, each carrying its own manifest.
    version: 6,
    sql: [`CREATE TABLE backup_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`],
  },
  {
    // The console (issue 13): every command run through RCON with its reply (bounded), and the
    // admin's saved commands.
    version: 7,
    sql: [
      `CREATE TABLE console_log (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL, command TEXT NOT NULL,
         outcome TEXT NOT NULL, reply TEXT NOT NULL)`,
      `CREATE TABLE console_saved (
         id TEXT PRIMARY KEY, name TEXT NOT NULL, command TEXT NOT NULL, created_at TEXT NOT NULL, created_by TEXT NOT NULL)`,
    ],
  },
  {
    // Item grants (issue 13): who gave what to whom through PalDefender, and the outcome.
    version: 8,
    sql: [
      `CREATE TABLE item_grants (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL, uid TEXT NOT NULL,
         user_id TEXT NOT NULL, player_name TEXT NOT NULL, items TEXT NOT NULL, outcome TEXT NOT NULL, detail TEXT NOT NULL)`,
    ],
  },
  {
    // Scheduled tasks (issue 13): restarts with in-game warnings and recurring console commands,
    // and the log of their runs.
    version: 9,
    sql: [
      `CREATE TABLE tasks (id TEXT PRIMARY KEY, spec TEXT NOT NULL, created_at TEXT NOT NULL, created_by TEXT NOT NULL)`,
      `CREATE TABLE task_runs (
         id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, due_at TEXT NOT NULL, at TEXT NOT NULL,
         outcome TEXT NOT NULL, detail TEXT NOT NULL)`,
    ],
  },
  {
    // Webhook deliveries not yet made (issue 28, finding 10): queued in the same transaction as
    // the public event they carry, one row per webhook, and removed once delivered or given up,
    // so a restart resumes them instead of losing them with the process.
    version: 10,
    sql: [
      `CREATE TABLE webhook_queue (
         id INTEGER PRIMARY KEY AUTOINCREMENT, webhook_id TEXT NOT NULL, at TEXT NOT NULL, kind TEXT NOT NULL,
         message TEXT NOT NULL)`,
      `CREATE INDEX webhook_queue_hook ON webhook_queue (webhook_id, id)`,
    ],
  },
  {
    // Off-site copies of backups (SERVICE_BACKUP_COPY_COMMAND): one row per backup made while a
    // copy command was set, with the outcome of its last attempt and when the next is due, so a
    // restart resumes copies still pending or waiting for a retry.
    version: 11,
    sql: [
      `CREATE TABLE backup_copies (
         backup_id TEXT PRIMARY KEY, state TEXT NOT NULL, attempts INTEGER NOT NULL, queued_at TEXT NOT NULL,
         next_attempt_at TEXT, last_attempt_at TEXT, last_exit_code INTEGER, last_duration_ms INTEGER,
         last_output TEXT, copied_at TEXT)`,
    ],
  },
  {
    // Checks of the off-site copies (SERVICE_BACKUP_CHECK_COMMAND): each fetch of a backup's
    // copy back and what palpanel found in it, so "the newest good off-site copy" outlives a
    // restart. (Version 11 is the copies' own table.)
    version: 12,
    sql: [
      `CREATE TABLE backup_checks (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, backup_id TEXT, backup_created_at TEXT,
         outcome TEXT NOT NULL, detail TEXT NOT NULL)`,
    ],
  },
  {
    // Two-factor sign-in and accounts each person controls (issue 43): a user's TOTP key once
    // confirmed, the key of an enrolment not yet confirmed, and the last time step a code was
    // accepted at (a code is good once); the recovery codes, as hashes only; and where each
    // panel session signed in from (the address and the browser's User-Agent).
    version: 13,
    sql: [
      `ALTER TABLE users ADD COLUMN totp_secret TEXT`,
      `ALTER TABLE users ADD COLUMN totp_pending TEXT`,
      `ALTER TABLE users ADD COLUMN totp_last_step INTEGER`,
      `CREATE TABLE recovery_codes (
         username TEXT NOT NULL, hash TEXT NOT NULL, used_at TEXT, PRIMARY KEY (username, hash))`,
      `ALTER TABLE sessions ADD COLUMN address TEXT`,
      `ALTER TABLE sessions ADD COLUMN user_agent TEXT`,
    ],
  },
  {
    // Names beside ids (issue 38): an audit row keeps the name its target had (a player's, a
    // task's) so the log reads with names after the player or the task is gone; and a webhook
    // keeps the event kinds it receives (the public ones, as before, unless the admin chose).
    version: 14,
    sql: [
      `ALTER TABLE audit ADD COLUMN target_name TEXT`,
      `ALTER TABLE webhooks ADD COLUMN events TEXT NOT NULL DEFAULT 'join,leave,backup,system'`,
    ],
  },
  {
    // Issue 40 (part A): the machine's and the game process's resources, kept in the metrics'
    // three tiers (store/resources.ts); the game's crashes (store/game-crashes.ts); and the game
    // versions seen, with their first and last day (store/game-versions.ts). Game figures are
    // NULL while the process is not visible (`game_n` counts the samples that saw it).
    version: 15,
    sql: [
      `CREATE TABLE resource_samples (
         tier INTEGER NOT NULL, bucket INTEGER NOT NULL, at_ms INTEGER NOT NULL, n INTEGER NOT NULL,
         host_cpu REAL, mem_total REAL NOT NULL, mem_available REAL NOT NULL, swap_used REAL NOT NULL,
         load1 REAL NOT NULL, save_free REAL, backup_free REAL,
         game_n INTEGER NOT NULL, game_cpu REAL, game_rss REAL, game_threads REAL,
         PRIMARY KEY (tier, bucket))`,
      `CREATE TABLE game_crashes (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, cause TEXT NOT NULL,
         uptime_sec INTEGER, rss_bytes INTEGER, log_tail TEXT NOT NULL, returned_at TEXT)`,
      `CREATE TABLE game_starts (
         id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, by TEXT NOT NULL, exit_code INTEGER, cut TEXT,
         output TEXT NOT NULL, duration_ms INTEGER NOT NULL)`,
      `CREATE TABLE game_versions (
         version TEXT PRIMARY KEY, first_at TEXT NOT NULL, last_at TEXT NOT NULL, starts INTEGER NOT NULL)`,
    ],
  },
  {
    // Issue 41: a webhook's templates per event kind (JSON, kind → text), whether it keeps a live
    // status card (Discord), its signing secret (JSON format), and why its last delivery failed;
    // a queued delivery's structured fields (player, reason…) for the templates; and the card's
    // message id, kept so a restart edits the same message.
    version: 16,
    sql: [
      `ALTER TABLE webhooks ADD COLUMN templates TEXT NOT NULL DEFAULT '{}'`,
      `ALTER TABLE webhooks ADD COLUMN status_card INTEGER NOT NULL DEFAULT 0`,
      `ALTER TABLE webhooks ADD COLUMN secret TEXT`,
      `ALTER TABLE webhooks ADD COLUMN last_error TEXT`,
      `ALTER TABLE webhooks ADD COLUMN last_error_at TEXT`,
      `ALTER TABLE webhook_queue ADD COLUMN fields TEXT NOT NULL DEFAULT '{}'`,
      `CREATE TABLE webhook_cards (
         webhook_id TEXT PRIMARY KEY, message_id TEXT NOT NULL, posted_at TEXT NOT NULL, edited_at TEXT)`,
    ],
  },
  {
    // Issue 39: an event keeps the id and params of its message (contract/messages), so the
    // panel shows it in the reader's language; rows from before have neither and stay English.
    version: 17,
    sql: [`ALTER TABLE events ADD COLUMN message_id TEXT`, `ALTER TABLE events ADD COLUMN params TEXT`],
  },
  {
    // A user's language for the web UI (issue 39): a BCP 47 tag of contract/languages.ts, or
    // NULL to follow the browser's languages.
    version: 18,
    sql: [`ALTER TABLE users ADD COLUMN language TEXT`],
  },
];
