// Runs an administrative operation on a data dir: through the running server when there is
// one, else directly on the store under the data dir lock.
import {
  ConflictError,
  DataDirLockedError,
  DomainError,
  LastAdminError,
  NotFoundError,
  TooManyKeysError,
  ValidationError,
} from '../domain/errors.js';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openStore, PANEL_DB, type Store } from '../store/index.js';
import type { AdminOp, ControlReply } from '../contract/control.js';
import { runAdminOp } from './admin-ops.js';
import { sendControlRequest } from './control-socket.js';

/** Rebuilds the named domain error a server replied with, so the CLI maps it like a local one. */
function toError(e: NonNullable<ControlReply['error']>): Error {
  switch (e.name) {
    case 'ValidationError':
      return new ValidationError(e.message, e.code);
    case 'NotFoundError':
      return new NotFoundError(e.message);
    case 'TooManyKeysError':
      return new TooManyKeysError();
    case 'LastAdminError':
      return new LastAdminError();
    case 'ConflictError':
    case 'UserExistsError':
      return new ConflictError(e.code, e.message);
    default:
      return new DomainError(e.code, e.message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `notice` hears, in words for stderr, when the command had to make a new data dir: a key made
 * there is one no running server knows (the usual slip: a command run from another folder with
 * the relative default `./palpanel-data`).
 */
export async function performAdminOp(
  dataDir: string,
  op: AdminOp | { op: string },
  notice?: (text: string) => void,
  opts: { waitMs?: number; replyTimeoutMs?: number; direct?: (store: Store) => unknown } = {},
): Promise<unknown> {
  const deadline = Date.now() + (opts.waitMs ?? 15_000);
  for (;;) {
    const reply = await sendControlRequest(dataDir, op, opts.replyTimeoutMs);
    if (reply) {
      if (reply.ok) return reply.result;
      throw toError(reply.error!);
    }
    try {
      const fresh = !existsSync(join(dataDir, PANEL_DB));
      const store = await openStore(dataDir);
      if (fresh) {
        notice?.(
          `palpanel: made a new data dir at ${resolve(dataDir)}; no palpanel server runs on it. A running server uses its own data dir: ` +
            'give the same --data-dir (or SERVICE_DATA_DIR) to reach it.\n',
        );
      }
      try {
        return await (opts.direct ? opts.direct(store) : runAdminOp(store, op));
      } finally {
        store.close();
      }
    } catch (err) {
      // Another process holds the lock: a server starting up, or another command. Wait for it.
      if (!(err instanceof DataDirLockedError) || Date.now() > deadline) throw err;
      await sleep(50 + Math.random() * 100);
    }
  }
}
