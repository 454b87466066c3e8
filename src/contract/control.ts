// The control socket's messages (control/control-socket.ts): while `serve` runs, the `keys`,
// `users` and `backup` commands send one of these requests as a JSON line and read one reply.
// The operations check their own members with the messages they have always given
// (control/admin-ops.ts, backups/ops.ts); the shapes are declared here once.
import { z } from 'zod';

export const AdminOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('keys.create'), label: z.string() }),
  z.object({ op: z.literal('keys.list') }),
  z.object({ op: z.literal('keys.revoke'), id: z.string() }),
  z.object({ op: z.literal('users.add'), name: z.string(), role: z.string(), password: z.string() }),
  z.object({ op: z.literal('users.list') }),
  z.object({ op: z.literal('users.remove'), name: z.string() }),
  z.object({ op: z.literal('users.passwd'), name: z.string(), password: z.string() }),
  z.object({ op: z.literal('users.2fa-reset'), name: z.string() }),
]);
export type AdminOp = z.infer<typeof AdminOpSchema>;

export const BackupOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('backup.create') }),
  z.object({ op: z.literal('backup.list') }),
  z.object({ op: z.literal('backup.verify'), id: z.string() }),
  z.object({ op: z.literal('backup.restore'), id: z.string(), confirm: z.string(), shutdown: z.boolean().optional() }),
  z.object({ op: z.literal('backup.import'), path: z.string() }),
  z.object({ op: z.literal('backup.check'), id: z.string().nullable().optional() }),
]);
export type BackupOp = z.infer<typeof BackupOpSchema>;

/** The reply: the operation's result, or the named domain error it raised (the CLI rebuilds it). */
export const ControlReplySchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.object({ name: z.string(), code: z.string(), message: z.string() }).optional(),
});
export type ControlReply = z.infer<typeof ControlReplySchema>;
