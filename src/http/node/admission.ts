// Who gets a connection slot, and for how long (issue 37, findings 2 and 3). Connections are
// counted in all and per client, a client being an IPv4 address or an IPv6 /64; a trusted
// proxy's connections count only in all, and each request it carries counts against the client
// it names instead. A slot is free once the server is done with the socket, and a socket the
// server has ended is destroyed soon after whatever its client still sends.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../../lib/logger.js';
import { clientKey } from '../../lib/net-address.js';
import { errorResponse } from '../errors.js';
import { forwardedClient } from '../forwarded.js';
import { rawResponse, send, type Shell } from './answers.js';

export interface ConnectionCaps {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  socketTimeoutMs: number;
}

/** How long a socket the server has ended may linger for the client to read the last bytes. */
const END_GRACE_MS = 1_000;

const TOO_MANY = errorResponse(503, 'unavailable', 'Too many connections; retry later.', { 'retry-after': '5' });

/** Counts connections in total and per client, and refuses one past either cap with a 503
 * `unavailable` (and Retry-After) before reading anything from it. When only the total is full,
 * a client under its own cap still gets a slot if another client holds more and one of theirs
 * is waiting for a request head (in it, or idle between requests): the oldest such goes. Many
 * addresses each under the per-address cap cannot then shut out a fresh one, while connections
 * busy with a request or a stream are never cut for it. */
export function admitConnections(
  server: Server,
  shell: Shell,
  caps: ConnectionCaps,
  trusted: (addr: string) => boolean,
  log: Logger,
): void {
  const perClient = new Map<string, Set<Socket>>();
  /** Admitted sockets with no request in flight. */
  const waiting = new Set<Socket>();
  const releases = new WeakMap<Socket, () => void>();
  let open = 0;
  let lastWarned = 0;
  const refusal = rawResponse(TOO_MANY);

  /** The oldest waiting socket of the client holding the most, if it holds more than `than`. */
  const victim = (than: number): Socket | null => {
    let best: Set<Socket> | null = null;
    for (const held of perClient.values()) if (held.size > (best?.size ?? than + 1)) best = held;
    if (!best) return null;
    for (const s of best) if (waiting.has(s)) return s;
    return null;
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    waiting.delete(socket);
    res.once('close', () => {
      if (releases.has(socket) && !socket.destroyed) waiting.add(socket);
    });
  });

  server.on('connection', (socket: Socket) => {
    const addr = socket.remoteAddress ?? '';
    // A trusted proxy speaks for many clients: only the total limits it.
    const key = trusted(addr) ? null : clientKey(addr);
    const mine = key === null ? 0 : (perClient.get(key)?.size ?? 0);
    if (open >= caps.maxConnections && mine < caps.maxConnectionsPerAddress) {
      const evict = victim(mine);
      if (evict) {
        releases.get(evict)?.();
        evict.destroy();
      }
    }
    if (open >= caps.maxConnections || mine >= caps.maxConnectionsPerAddress) {
      socket.on('error', () => socket.destroy());
      // node:http reads it all the same: the request it may carry never reaches the handler.
      shell.refused.add(socket);
      socket.end(refusal);
      // Let the answer go out, but never wait on a client that does not read it.
      setTimeout(() => socket.destroy(), 1_000).unref();
      const now = Date.now();
      if (now - lastWarned > 60_000) {
        lastWarned = now;
        log(
          'warn',
          `refusing connections: ${open} open (at most ${caps.maxConnections}), ${mine} from ${key ?? addr} (at most ${caps.maxConnectionsPerAddress})`,
        );
      }
      return;
    }
    open++;
    let held: Set<Socket> | null = null;
    if (key !== null) {
      held = perClient.get(key) ?? new Set();
      perClient.set(key, held);
      held.add(socket);
    }
    waiting.add(socket);
    // The slot is free once the server is done with the socket ('finish': it ended its side and
    // all was handed to the kernel), not only on 'close': a client that keeps its own side open,
    // or trickles bytes that reset the idle timer, would otherwise hold it.
    const release = () => {
      if (!releases.delete(socket)) return;
      open--;
      waiting.delete(socket);
      if (held && key !== null) {
        held.delete(socket);
        if (held.size === 0) perClient.delete(key);
      }
    };
    releases.set(socket, release);
    socket.once('close', release);
    endOfLife(socket, caps.socketTimeoutMs, release);
  });
}

/** Once the server ends a socket (an error answer, `Connection: close`, the client's FIN), the
 * socket has an absolute end of life that nothing the client sends extends: destroyed a second
 * after its last bytes went out, or `limitMs` after the end if they never do. */
function endOfLife(socket: Socket, limitMs: number, onFinish: () => void): void {
  const end = socket.end.bind(socket) as (...args: unknown[]) => Socket;
  let deadline: NodeJS.Timeout | null = null;
  socket.end = (...args: unknown[]) => {
    deadline ??= setTimeout(() => socket.destroy(), limitMs).unref();
    return end(...args);
  };
  socket.once('finish', () => {
    onFinish();
    setTimeout(() => socket.destroy(), END_GRACE_MS).unref();
  });
  socket.once('close', () => {
    if (deadline) clearTimeout(deadline);
  });
}

/** Counts one more for `key` in `counts`; the returned function counts it back, once. */
function take(counts: Map<string, number>, key: string): () => void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
}

/** Requests through trusted proxies, counted per client they name while they run. */
export interface ForwardedCaps {
  trusted: (addr: string) => boolean;
  max: number;
  perClient: Map<string, number>;
}

export function forwardedCaps(trusted: (addr: string) => boolean, max: number): ForwardedCaps {
  return { trusted, max, perClient: new Map() };
}

/** False (and answered 503, as a connection past the cap is) when the request comes through a
 * trusted proxy for a client that already has its cap's worth running; otherwise counted until
 * its answer is done. */
export function admitRequest(caps: ForwardedCaps, shell: Shell, req: IncomingMessage, res: ServerResponse): boolean {
  const peer = req.socket.remoteAddress ?? '';
  if (shell.refused.has(req.socket) || !caps.trusted(peer)) return true;
  const xff = req.headers['x-forwarded-for'];
  const key = clientKey(forwardedClient(peer, Array.isArray(xff) ? xff.join(',') : xff, caps.trusted));
  if ((caps.perClient.get(key) ?? 0) >= caps.max) {
    req.resume();
    send(shell, res, TOO_MANY, req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined);
    return false;
  }
  res.once('close', take(caps.perClient, key));
  return true;
}
