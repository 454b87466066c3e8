// `palpanel keys create|list|revoke`.
import { performAdminOp } from '../control/admin-client.js';
import { loadDataDir } from '../config/settings.js';
import { ValidationError } from '../domain/errors.js';
import { isKeyId } from '../lib/key-grammar.js';
import { terminalText } from '../lib/terminal-text.js';
import type { KeyRecord } from '../store/keys.js';
import type { CliIo } from './io.js';
import { textTable } from './table.js';

export interface Common {
  dataDir?: string;
  json?: boolean;
}

const table = (keys: KeyRecord[]): string =>
  textTable(
    keys,
    [
      { head: 'ID', cell: (k) => k.id },
      { head: 'STATE', cell: (k) => (k.revokedAt ? 'revoked' : 'active') },
      { head: 'CREATED', cell: (k) => k.createdAt },
      { head: 'LAST USED', cell: (k) => k.lastUsedAt ?? '-' },
      { head: 'LABEL', cell: (k) => k.label },
    ],
    'No keys.',
  );

export async function keysCreate(io: CliIo, opts: Common & { label: string }): Promise<void> {
  const dataDir = loadDataDir(io.env, opts.dataDir);
  const rec = (await performAdminOp(dataDir, { op: 'keys.create', label: opts.label }, io.err)) as KeyRecord & { key: string };
  if (opts.json) return io.out(JSON.stringify(rec) + '\n');
  io.err(`Created key ${rec.id} (${terminalText(rec.label)}). This is the only time the key is shown; store it now:\n`);
  io.out(`${rec.key}\n`);
}

export async function keysList(io: CliIo, opts: Common): Promise<void> {
  const dataDir = loadDataDir(io.env, opts.dataDir);
  const keys = (await performAdminOp(dataDir, { op: 'keys.list' }, io.err)) as KeyRecord[];
  io.out(opts.json ? JSON.stringify(keys) + '\n' : table(keys));
}

export async function keysRevoke(io: CliIo, id: string, opts: Common): Promise<void> {
  if (!isKeyId(id)) throw new ValidationError(`Invalid key id "${id.slice(0, 64)}": expected 8 lowercase hex characters.`);
  const dataDir = loadDataDir(io.env, opts.dataDir);
  const rec = (await performAdminOp(dataDir, { op: 'keys.revoke', id }, io.err)) as KeyRecord;
  io.out(opts.json ? JSON.stringify(rec) + '\n' : `Key ${rec.id} revoked at ${rec.revokedAt}.\n`);
}
