// `palpanel users add|list|remove|passwd`.
import { performAdminOp } from '../control/admin-client.js';
import { loadDataDir } from '../config/settings.js';
import type { UserRecord } from '../store/users.js';
import { validatePassword, validateRole, validateUsername } from '../store/users.js';
import type { CliIo } from './io.js';
import { readPassword } from './password.js';
import { textTable } from './table.js';

export interface Common {
  dataDir?: string;
  json?: boolean;
}

export async function usersAdd(io: CliIo, name: string, opts: Common & { role: string; passwordStdin?: boolean }): Promise<void> {
  // Check what can be checked before asking for a password.
  validateUsername(name);
  validateRole(opts.role);
  const dataDir = loadDataDir(io.env, opts.dataDir);
  const password = validatePassword(await readPassword(io, !!opts.passwordStdin), name);
  const rec = (await performAdminOp(dataDir, { op: 'users.add', name, role: opts.role, password }, io.err)) as UserRecord;
  io.out(opts.json ? JSON.stringify(rec) + '\n' : `Added ${rec.role} ${rec.username}.\n`);
}

export async function usersList(io: CliIo, opts: Common): Promise<void> {
  const dataDir = loadDataDir(io.env, opts.dataDir);
  const users = (await performAdminOp(dataDir, { op: 'users.list' }, io.err)) as UserRecord[];
  if (opts.json) return io.out(JSON.stringify(users) + '\n');
  io.out(
    textTable(
      users,
      [
        { head: 'NAME', cell: (u) => u.username },
        { head: 'ROLE', cell: (u) => u.role },
        { head: '2FA', cell: (u) => (u.totp ? 'on' : 'off') },
        { head: 'CREATED', cell: (u) => u.createdAt },
      ],
      'No users.',
    ),
  );
}

export async function usersRemove(io: CliIo, name: string, opts: Common): Promise<void> {
  const dataDir = loadDataDir(io.env, opts.dataDir);
  await performAdminOp(dataDir, { op: 'users.remove', name: validateUsername(name) }, io.err);
  io.out(opts.json ? JSON.stringify({ removed: name }) + '\n' : `Removed ${name}.\n`);
}

export async function usersPasswd(io: CliIo, name: string, opts: Common & { passwordStdin?: boolean }): Promise<void> {
  validateUsername(name);
  const dataDir = loadDataDir(io.env, opts.dataDir);
  const password = validatePassword(await readPassword(io, !!opts.passwordStdin), name);
  await performAdminOp(dataDir, { op: 'users.passwd', name, password }, io.err);
  io.out(opts.json ? JSON.stringify({ updated: name }) + '\n' : `Password of ${name} changed; their sessions have ended.\n`);
}

export async function users2faReset(io: CliIo, name: string, opts: Common): Promise<void> {
  const dataDir = loadDataDir(io.env, opts.dataDir);
  await performAdminOp(dataDir, { op: 'users.2fa-reset', name: validateUsername(name) }, io.err);
  io.out(
    opts.json
      ? JSON.stringify({ reset: name }) + '\n'
      : `Two-factor sign-in of ${name} is off; they sign in with their password and may enrol again.\n`,
  );
}
