// Request and response shapes of the admin's settings routes: users, sessions and the audit log
// (issue 10). Their words sit beside them on the contract's floor (account-words.ts,
// audit-words.ts, vocabulary.ts); the store checks the same grammar again, whoever calls it.
import { z } from 'zod';
import { dataOf, pageOf } from '../envelopes.js';
import { ROLES, type Actor } from '../vocabulary.js';
import { PASSWORD_RULE, SESSION_ID_PATTERN, USERNAME_PATTERN } from '../account-words.js';
import { messageFields } from '../messages/index.js';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, REFUSAL_REASONS } from '../audit-words.js';
import { cursorParam, limitParam } from '../page-params.js';
import { Timestamp } from '../integration-rows.js';

const Username = z
  .string()
  .regex(USERNAME_PATTERN)
  .meta({ description: '1 to 32 letters, digits, dots, dashes or underscores.', examples: ['alice'] });
const Role = z.enum(ROLES);
const Password = z.string().meta({ description: PASSWORD_RULE });
// A string on the wire; typed as the grammar the store writes (the document says the forms).
const ActorText = z.string().meta({
  description: '`user:<name>` (a panel user), `cli` (the shell: control socket or the store directly) or `system` (palpanel itself).',
  examples: ['user:alice'],
}) as unknown as z.ZodType<Actor>;

export const UserPath = z.object({ username: Username });
export const SessionPath = z.object({
  id: z
    .string()
    .regex(SESSION_ID_PATTERN)
    .meta({ description: "The session's public id (16 lowercase hex digits; never the cookie's token).", examples: ['0123456789abcdef'] }),
});

export const UserRecordSchema = z.strictObject({
  username: z.string(),
  role: Role,
  createdAt: Timestamp,
  totp: z.boolean().meta({ description: 'Whether the user signs in with a second factor (TOTP).' }),
});
export const UserEnvelopeSchema = dataOf(UserRecordSchema);
export const UserListSchema = dataOf(z.array(UserRecordSchema).meta({ description: 'Every user, by name.' }));
export const CreateUserRequestSchema = z.strictObject({ username: Username, role: Role, password: Password });
export const SetRoleRequestSchema = z.strictObject({ role: Role });
export const SetPasswordRequestSchema = z.strictObject({ password: Password });

export const SessionRecordSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  role: Role,
  createdAt: Timestamp,
  expiresAt: Timestamp,
  lastSeenAt: Timestamp.meta({ description: 'The last request made with it, to the minute.' }),
  address: z.string().nullable().meta({ description: 'The address it signed in from (null for a session older than this field).' }),
  userAgent: z
    .string()
    .nullable()
    .meta({ description: 'The User-Agent of the browser it signed in with, as sent (at most 512 characters; null when none was sent).' }),
  current: z.boolean().meta({ description: 'True for the session of this request.' }),
});
export const SessionListSchema = dataOf(
  z.array(SessionRecordSchema).meta({ description: 'Sessions that have not expired, newest first.' }),
);

export const AuditRecordSchema = z.strictObject({
  id: z.int(),
  at: Timestamp,
  actor: ActorText,
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().meta({ description: "The key id, the user name or the session's public id; empty for a refused key creation." }),
  targetName: z
    .string()
    .nullable()
    .meta({ description: "The target's name when the change was made, where it has one (a player's, a task's); null otherwise." }),
  outcome: z.enum(AUDIT_OUTCOMES),
  reason: z.enum(REFUSAL_REASONS).nullable().meta({ description: 'Why a refused change was refused; null when it happened.' }),
  detail: z.string().nullable(),
  message: z
    .string()
    .meta({ description: 'The change in one line, in English, as the event log says it: "ann: kick player Alice (AFK)".' }),
  ...messageFields,
});
export const AuditPageSchema = pageOf(AuditRecordSchema);

export const AUDIT_PAGE_DEFAULT = 100;
export const AUDIT_PAGE_LIMIT = 500;

export const AuditQuery = z.strictObject({
  limit: limitParam(AUDIT_PAGE_DEFAULT, AUDIT_PAGE_LIMIT, 'Page size'),
  cursor: cursorParam,
  actor: ActorText.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.string().optional().meta({ description: 'RFC 3339 date-time: rows at or after it.' }),
  to: z.string().optional().meta({ description: 'RFC 3339 date-time: rows before it.' }),
});

export type UserRecord = z.output<typeof UserRecordSchema>;
export type SessionRecord = z.output<typeof SessionRecordSchema>;
/** A session as the store keeps it: the record without `current`, which depends on who asks. */
export type StoredSession = Omit<SessionRecord, 'current'>;
/**
 * One row, newest first in lists. `target`: the key id (key.*; `''` for a refused key.create,
 * which made no key), the user name (user.*), the session's public id (session.*), '' for the
 * game and world actions (server.*, world.parse). `detail`, set by the store and never secret:
 * the label (key.create), the role (user.create), `<old>-><new>` (user.role), the session's user
 * name (session.*), the message (server.announce), `in <n> s: <message>` (server.shutdown),
 * `parsed` or `failed: <why>` (world.parse); null otherwise.
 */
export type AuditRecord = z.output<typeof AuditRecordSchema>;
export type AuditPage = z.output<typeof AuditPageSchema>;
