// The audit log's vocabulary and row shape (the store writes the rows: store/audit.ts). Every
// change of the panel's administrative state is one row: who (actor), what (action), to what
// (target), when, and whether it happened. Never a password, a key, a token or a hash in it.
import { auditDetailWords, targetWords } from '../contract/audit-words.js';
import { auditMessageId } from '../contract/messages/audit.js';
import type { ServerMessage } from '../contract/messages/index.js';
import { say } from './server-text.js';
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
export function auditEventText(r: AuditLineFields): string {
  return auditMessage(r).message;
}

type AuditLineFields = Pick<AuditRecord, 'actor' | 'action' | 'target' | 'outcome' | 'reason' | 'detail'> & { targetName?: string | null };

/** The same line with its message id (`audit.<action>`) and params, for the panel's wire. */
export function auditMessage(r: AuditLineFields): Required<ServerMessage> {
  // A person reads the target's name (a player's, a task's) where it has one; the id stays in
  // the audit row for whoever needs it.
  const target = targetWords(r);
  const detail = auditDetailWords(r) ?? '';
  return say(auditMessageId(r.action), {
    actor: r.actor.startsWith('user:') ? r.actor.slice(5) : r.actor,
    target,
    hasTarget: target === '' ? 'no' : 'yes',
    detail,
    hasDetail: detail === '' ? 'no' : 'yes',
    outcome: r.outcome,
    reason: r.reason ?? 'refused',
  });
}
