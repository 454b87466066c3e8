// The audit log's vocabulary and row shape (the store writes the rows: store/audit.ts). Every
// change of the panel's administrative state is one row: who (actor), what (action), to what
// (target), when, and whether it happened. Never a password, a key, a token or a hash in it.
import { actionWords, auditDetailWords, targetWords } from '../contract/audit-words.js';
import type { AuditRecord } from '../contract/panel/admin.js';
export {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  REFUSAL_REASONS,
  type AuditAction,
  type AuditOutcome,
  type RefusalReason,
} from '../contract/audit-words.js';

export type { AuditRecord } from '../contract/panel/admin.js';

/** An audit row as one line of the event log (kind `audit`), e.g. `ann: revoke integration key
 * 3f9a` or `cli: remove user ann: refused (last_admin)`. Built from the row's fields only, which
 * are never secret. */
export function auditEventText(
  r: Pick<AuditRecord, 'actor' | 'action' | 'target' | 'outcome' | 'reason' | 'detail'> & { targetName?: string | null },
): string {
  const who = r.actor.startsWith('user:') ? r.actor.slice(5) : r.actor;
  // A person reads the target's name (a player's, a task's) where it has one; the id stays in
  // the audit row for whoever needs it.
  const what = [actionWords(r.action), targetWords(r)].filter((s) => s !== '').join(' ');
  const words = auditDetailWords(r);
  const detail = words ? ` (${words})` : '';
  const refused = r.outcome === 'refused' ? `: refused (${r.reason ?? 'refused'})` : '';
  return `${who}: ${what}${detail}${refused}`;
}
