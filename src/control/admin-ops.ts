// The shell's administrative operations on keys and users. The same function runs inside
// `serve` (reached through the control socket) and in the CLI when no server runs; either way
// the store records the change with the actor `cli`.
import { CLI } from '../domain/actor.js';
import { ValidationError } from '../domain/errors.js';
import type { Store } from '../store/index.js';

export type { AdminOp } from '../contract/control.js';

const str = (v: unknown, what: string): string => {
  if (typeof v !== 'string') throw new ValidationError(`Missing ${what}.`);
  return v;
};

export function runAdminOp(store: Store, req: unknown): unknown {
  const op = (req ?? {}) as Record<string, unknown>;
  switch (op.op) {
    case 'keys.create':
      return store.keys.create(op.label, CLI);
    case 'keys.list':
      return store.keys.list();
    case 'keys.revoke':
      return store.keys.revoke(str(op.id, 'key id'), CLI);
    case 'users.add':
      return store.users.add(op.name, op.role, op.password, CLI);
    case 'users.list':
      return store.users.list();
    case 'users.remove':
      store.users.remove(str(op.name, 'user name'), CLI);
      return { removed: op.name };
    case 'users.passwd':
      store.users.setPassword(str(op.name, 'user name'), op.password, CLI);
      return { updated: op.name };
    case 'users.2fa-reset':
      store.totp.reset(str(op.name, 'user name'), CLI);
      return { reset: op.name };
    default:
      throw new ValidationError('Unknown operation.');
  }
}
