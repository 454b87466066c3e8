// The local control socket: while `serve` runs, `keys` and `users` commands on the same data
// dir go through it, so a change takes effect in the running server at once and the store
// keeps a single writer. One newline-terminated JSON request per connection, one reply.
import { chmodSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { DomainError } from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import type { ControlReply } from '../contract/control.js';

export const CONTROL_SOCKET = 'control.sock';
const MAX_REQUEST = 64 * 1024;

export const controlSocketPath = (dataDir: string): string => join(dataDir, CONTROL_SOCKET);

/** Starts the socket server; the caller holds the data dir lock, so a leftover socket is stale. */
export async function startControlServer(dataDir: string, handle: (req: unknown) => unknown, log: Logger): Promise<Server> {
  /** One reply for a request: the handler's result (awaited: a backup takes a while) or its
   * domain error; anything else is told only in the log. */
  const answer = async (line: string): Promise<ControlReply> => {
    try {
      return { ok: true, result: await handle(JSON.parse(line)) };
    } catch (err) {
      if (err instanceof DomainError) return { ok: false, error: { name: err.name, code: err.code, message: err.message } };
      log('error', 'control request failed', err);
      return { ok: false, error: { name: 'Error', code: 'internal_error', message: 'The server could not complete the request.' } };
    }
  };
  const path = controlSocketPath(dataDir);
  try {
    unlinkSync(path);
  } catch {
    /* none left over */
  }
  const server = createServer((sock) => {
    let buf = '';
    sock.setEncoding('utf8');
    // Idle time before the request line; a long operation (a backup) then runs as long as it takes.
    sock.setTimeout(10_000, () => sock.destroy());
    sock.on('error', () => sock.destroy());
    sock.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > MAX_REQUEST) return sock.destroy();
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      sock.setTimeout(0);
      const line = buf.slice(0, nl);
      buf = '';
      void answer(line).then((reply) => sock.end(JSON.stringify(reply) + '\n'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return server;
}

/** Sends one request; resolves null when no server listens on this data dir. */
export function sendControlRequest(dataDir: string, req: unknown, timeoutMs = 15_000): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    const sock = createConnection(controlSocketPath(dataDir));
    let buf = '';
    let connected = false;
    sock.setEncoding('utf8');
    sock.setTimeout(timeoutMs, () => {
      sock.destroy();
      reject(new Error('The running server did not answer in time.'));
    });
    sock.on('connect', () => {
      connected = true;
      sock.write(JSON.stringify(req) + '\n');
    });
    sock.on('data', (c: string) => (buf += c));
    sock.on('end', () => {
      try {
        resolve(JSON.parse(buf) as ControlReply);
      } catch {
        reject(new Error('The running server sent an unreadable reply.'));
      }
    });
    sock.on('error', (err: NodeJS.ErrnoException) => {
      // No socket (or no folder) there: no server runs; the caller opens the store itself and
      // reports a data dir that is not usable with its own message.
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED' || err.code === 'ENOTDIR')) resolve(null);
      else if (!connected && (err.code === 'EACCES' || err.code === 'EPERM')) {
        reject(new Error(`No permission to reach ${controlSocketPath(dataDir)}: run the command as the user that owns the data dir.`));
      } else reject(new Error('The running server closed the control connection.'));
    });
  });
}
