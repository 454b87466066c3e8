// Moderation state the panel keeps itself: the platform user id of each player the poller has
// seen (the save has none, and a ban of an offline player needs it), the bans made through the
// panel (so a ban list exists whatever the game keeps), and the whitelist. Every change writes
// its audit row in its own transaction.
import type { ServerMessage } from '../contract/messages/index.js';
import type { Actor } from '../domain/actor.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditEntry, AuditRepo } from './audit.js';
import type { DurableDb } from './durable-db.js';
import type { WhitelistEntry, Whitelist, Announcements } from '../contract/panel/players.js';

export interface PlayerAccount {
  userId: string;
  accountName: string;
  seenAt: string;
}

export interface BanRecord {
  userId: string;
  /** Save uid key (upper-case, no dashes) when known. */
  uid: string | null;
  name: string;
  reason: string | null;
  bannedAt: string;
  bannedBy: string;
}

export type { WhitelistEntry, Announcements, Whitelist } from '../contract/panel/players.js';

export const DEFAULT_ANNOUNCEMENTS: Announcements = Object.freeze({
  enabled: false,
  joinTemplate: '{name} joined the server',
  leaveTemplate: '{name} left the server',
});
export const MAX_TEMPLATE = 200;

interface BanRow {
  user_id: string;
  uid: string | null;
  name: string;
  reason: string | null;
  banned_at: string;
  banned_by: string;
}

const banOfRow = (r: BanRow): BanRecord => ({
  userId: r.user_id,
  uid: r.uid,
  name: r.name,
  reason: r.reason,
  bannedAt: r.banned_at,
  bannedBy: r.banned_by,
});

/** A ban asked for where one is already: the first is kept (issue 28, finding 10), and the
 * answer says since when, by whom and why, and how to replace it. */
export class AlreadyBannedError extends ConflictError {
  constructor(readonly ban: BanRecord) {
    const by = ban.bannedBy.startsWith('user:') ? ban.bannedBy.slice(5) : ban.bannedBy;
    super(
      'conflict',
      `This player is already banned since ${ban.bannedAt} by ${by} ${ban.reason ? `for "${ban.reason}"` : 'with no reason given'}; send {"replace": true} to replace that ban.`,
    );
  }
}

/** Platform ids: `<platform>_<id>`; never assumed to be Steam. */
export const PLATFORM_ID = /^[A-Za-z0-9]{1,16}_[A-Za-z0-9._:-]{1,110}$/;
/** A save uid key: 32 hex digits (what uidKey makes of a dashed uid). */
const UID_KEY = /^[0-9A-F]{32}$/;
export const MAX_WHITELIST = 5000;
export const MAX_NOTE = 200;

function checkNote(raw: string): string {
  const note = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what a note may not hold
  if (note.length > MAX_NOTE || /[\u0000-\u001f\u007f]/.test(note))
    throw new ValidationError(`A note is at most ${MAX_NOTE} characters, without control characters.`);
  return note;
}

/** A whitelist id as stored: platform ids as given, save uids upper-case without dashes. */
export function whitelistKey(id: string): string {
  const t = id.trim();
  if (PLATFORM_ID.test(t)) return t;
  const k = t.replace(/-/g, '').toUpperCase();
  if (UID_KEY.test(k)) return k;
  throw new ValidationError(`Whitelist entry "${t.slice(0, 64)}" is neither a platform user id (steam_…, gdk_…, ps5_…) nor a save uid.`);
}

export class ModerationRepo {
  /** uid key → user id already written, so a poll writes only what changed. */
  private readonly known = new Map<string, string>();

  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {
    for (const r of db.all<{ uid: string; user_id: string; account_name: string }>(
      'SELECT uid, user_id, account_name FROM player_accounts',
    )) {
      this.known.set(r.uid, `${r.user_id}\n${r.account_name}`);
    }
  }

  /** Remembers the platform ids the game listed (uid keys upper-case); writes only changes. */
  rememberAccounts(players: readonly { playerId: string; userId: string; accountName: string }[], at: Date): void {
    const due = players.filter((p) => p.userId && this.known.get(p.playerId.toUpperCase()) !== `${p.userId}\n${p.accountName}`);
    if (due.length === 0) return;
    this.db.write((tx) => {
      for (const p of due) {
        tx.run('INSERT OR REPLACE INTO player_accounts (uid, user_id, account_name, seen_at) VALUES (?, ?, ?, ?)', [
          p.playerId.toUpperCase(),
          p.userId,
          p.accountName,
          iso(at),
        ]);
      }
    });
    for (const p of due) this.known.set(p.playerId.toUpperCase(), `${p.userId}\n${p.accountName}`);
  }

  account(uidKey: string): PlayerAccount | undefined {
    const r = this.db.get<{ user_id: string; account_name: string; seen_at: string }>(
      'SELECT user_id, account_name, seen_at FROM player_accounts WHERE uid = ?',
      [uidKey],
    );
    return r && { userId: r.user_id, accountName: r.account_name, seenAt: r.seen_at };
  }

  /** The save uid key of each platform id the game ever listed, with its account name. */
  accountsByUserId(): Map<string, { uid: string; accountName: string }> {
    const rows = this.db.all<{ uid: string; user_id: string; account_name: string }>(
      'SELECT uid, user_id, account_name FROM player_accounts',
    );
    return new Map(rows.map((r) => [r.user_id, { uid: r.uid, accountName: r.account_name }]));
  }

  /** A kick the game carried out: its audit row (built by the caller, actions/moderation-actions.ts),
   * whose event line is the whitelist's `moderation` line when given (one line per kick). */
  recordKick(entry: AuditEntry, moderationEvent?: ServerMessage): void {
    const at = iso(this.clock());
    this.db.write((tx) => {
      // One event line per kick: the whitelist's `moderation` line stands for the audit row's.
      this.audit.record(tx, { ...entry, at }, moderationEvent ? { kind: 'moderation', ...moderationEvent } : undefined);
    });
  }

  /**
   * A ban the game carried out: remembered and audited. A ban of the same platform id (or save
   * uid) already there is kept, with its reason and time, unless `replace` says otherwise:
   * AlreadyBannedError (409) then says since when and why. Checked inside the write, so two bans
   * at once cannot both take the place.
   */
  recordBan(
    entry: AuditEntry,
    b: { userId: string; uid: string | null; name: string; reason: string | null },
    opts: { replace?: boolean } = {},
  ): BanRecord {
    const { actor } = entry;
    const at = iso(this.clock());
    this.db.write((tx) => {
      const first = tx.get<BanRow>('SELECT * FROM bans WHERE user_id = ? OR (uid IS NOT NULL AND uid = ?) LIMIT 1', [b.userId, b.uid]);
      if (first && !opts.replace) throw new AlreadyBannedError(banOfRow(first));
      if (first) tx.run('DELETE FROM bans WHERE user_id = ? OR (uid IS NOT NULL AND uid = ?)', [b.userId, b.uid]);
      tx.run('INSERT INTO bans (user_id, uid, name, reason, banned_at, banned_by) VALUES (?, ?, ?, ?, ?, ?)', [
        b.userId,
        b.uid,
        b.name,
        b.reason,
        at,
        actor,
      ]);
      this.audit.record(tx, { ...entry, at });
    });
    return { ...b, bannedAt: at, bannedBy: actor };
  }

  recordUnban(entry: AuditEntry, userId: string): void {
    const at = iso(this.clock());
    this.db.write((tx) => {
      tx.run('DELETE FROM bans WHERE user_id = ?', [userId]);
      this.audit.record(tx, { ...entry, at });
    });
  }

  bans(): BanRecord[] {
    return this.db.all<BanRow>('SELECT * FROM bans ORDER BY banned_at DESC, user_id').map(banOfRow);
  }

  isBanned(userId: string | undefined, uidKey: string): boolean {
    return !!this.db.get('SELECT 1 FROM bans WHERE uid = ? OR user_id = ? LIMIT 1', [uidKey, userId ?? '']);
  }

  /** The ban of a save uid, or of a platform id, when the panel made one. */
  banOf(uidKey: string, userId?: string): BanRecord | undefined {
    return this.bans().find((b) => b.uid === uidKey || (userId !== undefined && b.userId === userId));
  }

  whitelist(): Whitelist {
    const enabled = this.db.get<{ value: string }>(`SELECT value FROM moderation_settings WHERE key = 'whitelist.enabled'`)?.value === 'on';
    const entries = this.db.all<WhitelistEntry>('SELECT id, note FROM whitelist ORDER BY id');
    return { enabled, entries };
  }

  /** Replaces the whole whitelist (switch and entries); ids are normalised, duplicates merged. */
  setWhitelist(wl: Whitelist, actor: Actor): Whitelist {
    if (wl.entries.length > MAX_WHITELIST) throw new ValidationError(`The whitelist holds at most ${MAX_WHITELIST} entries.`);
    const byId = new Map<string, string>();
    for (const e of wl.entries) {
      byId.set(whitelistKey(e.id), checkNote(e.note));
    }
    this.db.write((tx) => {
      tx.run('DELETE FROM whitelist');
      for (const [id, note] of byId) tx.run('INSERT INTO whitelist (id, note) VALUES (?, ?)', [id, note]);
      tx.run(`INSERT OR REPLACE INTO moderation_settings (key, value) VALUES ('whitelist.enabled', ?)`, [wl.enabled ? 'on' : 'off']);
      this.audit.record(tx, {
        actor,
        action: 'whitelist.update',
        target: 'whitelist',
        detail: `${wl.enabled ? 'on' : 'off'}, ${byId.size} entries`,
      });
    });
    return this.whitelist();
  }

  /** Puts one player on the whitelist (the switch untouched); a note given replaces the old one. */
  addToWhitelist(id: string, note: string, actor: Actor, targetName: string | null = null): Whitelist {
    const key = whitelistKey(id);
    const text = checkNote(note);
    this.db.write((tx) => {
      const count = tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM whitelist WHERE id <> ?', [key])?.n ?? 0;
      if (count >= MAX_WHITELIST) throw new ValidationError(`The whitelist holds at most ${MAX_WHITELIST} entries.`);
      tx.run('INSERT OR REPLACE INTO whitelist (id, note) VALUES (?, ?)', [key, text]);
      this.audit.record(tx, { actor, action: 'whitelist.add', target: key, targetName, detail: text });
    });
    return this.whitelist();
  }

  /** Takes every listed id off the whitelist (a player may be on it by platform id and by save
   * uid: leaving one would keep them on it). */
  removeFromWhitelist(ids: string[], actor: Actor, targetName: string | null = null): Whitelist {
    const keys = [...new Set(ids.map(whitelistKey))];
    this.db.write((tx) => {
      for (const k of keys) tx.run('DELETE FROM whitelist WHERE id = ?', [k]);
      this.audit.record(tx, { actor, action: 'whitelist.remove', target: keys.join(','), targetName, detail: `${keys.length} ids` });
    });
    return this.whitelist();
  }

  announcements(): Announcements {
    const rows = new Map(
      this.db
        .all<{ key: string; value: string }>(`SELECT key, value FROM moderation_settings WHERE key LIKE 'announce.%'`)
        .map((r) => [r.key, r.value]),
    );
    return {
      enabled: rows.get('announce.enabled') === 'on',
      joinTemplate: rows.get('announce.join') ?? DEFAULT_ANNOUNCEMENTS.joinTemplate,
      leaveTemplate: rows.get('announce.leave') ?? DEFAULT_ANNOUNCEMENTS.leaveTemplate,
    };
  }

  setAnnouncements(a: Announcements, actor: Actor): Announcements {
    const join = checkTemplate(a.joinTemplate, 'join');
    const leave = checkTemplate(a.leaveTemplate, 'leave');
    this.db.write((tx) => {
      const put = (k: string, v: string) => tx.run('INSERT OR REPLACE INTO moderation_settings (key, value) VALUES (?, ?)', [k, v]);
      put('announce.enabled', a.enabled ? 'on' : 'off');
      put('announce.join', join);
      put('announce.leave', leave);
      this.audit.record(tx, { actor, action: 'announcements.update', target: 'announcements', detail: a.enabled ? 'on' : 'off' });
    });
    return this.announcements();
  }

  /** On the list by platform id or by save uid (whether or not the list is switched on). */
  isWhitelisted(userId: string | undefined, uidKey: string): boolean {
    return !!this.db.get('SELECT 1 FROM whitelist WHERE id = ? OR id = ? LIMIT 1', [uidKey, userId ?? '']);
  }
}

function checkTemplate(t: string, which: string): string {
  const v = t.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what a template may not hold
  if (v === '' || v.length > MAX_TEMPLATE || /[\u0000-\u001f\u007f]/.test(v)) {
    throw new ValidationError(`The ${which} template must be 1 to ${MAX_TEMPLATE} characters, without control characters.`);
  }
  return v;
}

/** A moderation audit row's detail: the platform id, and the reason when one was given. */
export function detailOf(userId: string, reason: string | null): string {
  return reason ? `${userId}: ${reason}` : userId;
}

/** A `moderation` event: panel-only (isPublicEvent says no to the kind, so `public` is 0). */
