// Two-factor sign-in (TOTP, RFC 6238) of panel users: enrolment in two steps (a key made, then
// turned on by a code from the app), ten single-use recovery codes kept as hashes only, the
// check at sign-in (a code is good once: the last step accepted is kept), its removal by the
// user and its reset by an admin or the shell. Every change and every recovery code used is an
// audit row in the change's own transaction; no row, log line or error carries the key, a code
// or a hash.
import { randomInt } from 'node:crypto';
import { userActor, type Actor } from '../domain/actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { sha256Hex } from '../lib/hash.js';
import { iso, type Clock } from '../lib/time.js';
import { matchTotp, newTotpSecret, otpauthUri } from '../lib/totp.js';
import { commitOrRefuse, type AuditRepo } from './audit.js';
import type { DurableDb, Reader, Tx } from './durable-db.js';

export const RECOVERY_CODE_COUNT = 10;
/** Lowercase letters and digits without the ones read alike (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Three groups of four: about 59 bits each, so a hash cannot be walked back by trying them all. */
const RECOVERY_GROUPS = 3;

export const WRONG_CODE = 'The code is not right: type the 6 digits your app shows now, or a recovery code.';

interface TotpRow {
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: number | null;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (username: string, code: string) => sha256Hex(`palpanel-recovery\0${username}\0${normalise(code)}`);

function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < RECOVERY_GROUPS; g++) {
    let s = '';
    for (let i = 0; i < 4; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}

function rowOf(tx: Reader, username: string): TotpRow {
  const row = tx.get<TotpRow>(`SELECT totp_secret, totp_pending, totp_last_step FROM users WHERE username = ?`, [username]);
  if (!row) throw new NotFoundError(`No user is named "${username.slice(0, 64)}".`);
  return row;
}

export interface SecondFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export class SecondFactorRepo {
  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  /** Whether the user signs in with a code. */
  enabled(username: string): boolean {
    return !!this.db.get(`SELECT 1 FROM users WHERE username = ? AND totp_secret IS NOT NULL`, [username]);
  }

  status(username: string): SecondFactorStatus {
    const row = rowOf(this.db, username);
    const left = this.db.get<{ n: number }>(`SELECT count(*) AS n FROM recovery_codes WHERE username = ? AND used_at IS NULL`, [username]);
    return { enabled: row.totp_secret !== null, recoveryCodesLeft: row.totp_secret === null ? 0 : (left?.n ?? 0) };
  }

  /** Starts an enrolment: a fresh key, kept aside until a code from it confirms it (a second
   * start replaces the first). Refused while two-factor sign-in is on. */
  start(username: string, issuer: string): { secret: string; uri: string } {
    const secret = newTotpSecret();
    this.db.write((tx) => {
      if (rowOf(tx, username).totp_secret !== null)
        throw new ConflictError('conflict', 'Two-factor sign-in is on already; remove it first to enrol a new app.');
      tx.run(`UPDATE users SET totp_pending = ? WHERE username = ?`, [secret, username]);
    });
    return { secret, uri: otpauthUri(issuer, username, secret) };
  }

  /** Turns the enrolment on with a code from the new key; answers the recovery codes, the only
   * time they exist outside their hashes. */
  confirm(username: string, code: string, actor: Actor): string[] {
    const now = this.clock();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    this.db.write((tx) => {
      const row = rowOf(tx, username);
      if (row.totp_secret !== null) throw new ConflictError('conflict', 'Two-factor sign-in is on already.');
      if (row.totp_pending === null) throw new ConflictError('conflict', 'No enrolment is under way: start one first.');
      const step = matchTotp(row.totp_pending, code.trim(), now.getTime(), null);
      if (step === null) throw new ValidationError(WRONG_CODE);
      tx.run(`UPDATE users SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = ? WHERE username = ?`, [step, username]);
      tx.run(`DELETE FROM recovery_codes WHERE username = ?`, [username]);
      for (const c of codes) tx.run(`INSERT INTO recovery_codes (username, hash) VALUES (?, ?)`, [username, recoveryHash(username, c)]);
      this.audit.record(tx, { actor, action: 'totp.enable', target: username, at: iso(now) });
    });
    return codes;
  }

  /**
   * The sign-in check of a user who has two-factor sign-in on: `totp` for a code of the key
   * within one step of now that is newer than the last one accepted, `recovery` for an unused
   * recovery code (used up now, audited), null otherwise. Read and marked in one write, so two
   * requests with one code cannot both pass.
   */
  verify(username: string, code: string): 'totp' | 'recovery' | null {
    const now = this.clock();
    return this.db.write((tx) => this.use(tx, username, code, now, userActor(username)));
  }

  /** Turns the user's own two-factor sign-in off, with a code (or a recovery code) as proof. */
  disable(username: string, code: string, actor: Actor): void {
    const now = this.clock();
    const entry = { actor, action: 'totp.disable', target: username, at: iso(now) } as const;
    commitOrRefuse(this.db, (tx) => {
      if (rowOf(tx, username).totp_secret === null) throw new ConflictError('conflict', 'Two-factor sign-in is off already.');
      if (this.use(tx, username, code, now, actor) === null)
        return this.audit.refuse(tx, entry, 'wrong_code', new ValidationError(WRONG_CODE));
      this.clear(tx, username);
      this.audit.record(tx, entry);
    });
  }

  /** An admin's or the shell's reset, for a lost phone: off, with no code asked. */
  reset(username: string, actor: Actor): void {
    const at = iso(this.clock());
    this.db.write((tx) => {
      const row = rowOf(tx, username);
      this.clear(tx, username);
      this.audit.record(tx, { actor, action: 'totp.reset', target: username, detail: row.totp_secret === null ? 'was off' : null, at });
    });
  }

  private clear(tx: Tx, username: string): void {
    tx.run(`UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL WHERE username = ?`, [username]);
    tx.run(`DELETE FROM recovery_codes WHERE username = ?`, [username]);
  }

  private use(tx: Tx, username: string, code: string, now: Date, actor: Actor): 'totp' | 'recovery' | null {
    const row = rowOf(tx, username);
    if (row.totp_secret === null || code.length > 64) return null;
    const step = matchTotp(row.totp_secret, code.trim(), now.getTime(), row.totp_last_step);
    if (step !== null) {
      tx.run(`UPDATE users SET totp_last_step = ? WHERE username = ?`, [step, username]);
      return 'totp';
    }
    const hash = recoveryHash(username, code);
    if (!tx.get(`SELECT 1 FROM recovery_codes WHERE username = ? AND hash = ? AND used_at IS NULL`, [username, hash])) return null;
    tx.run(`UPDATE recovery_codes SET used_at = ? WHERE username = ? AND hash = ?`, [iso(now), username, hash]);
    const left = tx.get<{ n: number }>(`SELECT count(*) AS n FROM recovery_codes WHERE username = ? AND used_at IS NULL`, [username]);
    this.audit.record(tx, { actor, action: 'totp.recovery', target: username, detail: `${left?.n ?? 0} left`, at: iso(now) });
    return 'recovery';
  }
}
