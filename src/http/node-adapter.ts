// The node:http adapter: turns sockets into HttpRequest values and back, and owns the limits
// that protect the process from slow or malformed clients (header size, body size, time to
// send headers and the whole request, keep-alive idle time). Everything else is the handler's.
// The server's events are answered in node/events.ts, the answers written in node/answers.ts.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../lib/logger.js';
import { errorResponse } from './errors.js';
import { rawResponse, type Shell } from './node/answers.js';
import { onCheckExpectation, onClientError, onConnect, onRequest } from './node/events.js';
import type { Handler } from './types.js';

export interface ServerLimits {
  /** Largest request head (request line and headers), bytes. Larger: 431. */
  maxHeaderSize: number;
  /** Time allowed to receive the request head. */
  headersTimeoutMs: number;
  /** Time allowed to receive the whole request (head and body). */
  requestTimeoutMs: number;
  /** Idle time of a kept-alive connection between requests. */
  keepAliveTimeoutMs: number;
  /** Socket inactivity (e.g. a client that stops reading its response). */
  socketTimeoutMs: number;
  /** Default body limit when the handler does not say (bytes). */
  maxBodyBytes: number;
  /** How often node checks the request timeouts. */
  checkIntervalMs: number;
  /** Open connections at most, from all clients; one more is refused with 503. Kept well below
   * the process's file descriptors, so the control socket, the store and the game link always
   * have some. */
  maxConnections: number;
  /** Open connections at most from one address: one client holding many slow connections
   * cannot take the others' share. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxHeaderSize: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  socketTimeoutMs: 60_000,
  maxBodyBytes: 64 * 1024,
  checkIntervalMs: 1_000,
  maxConnections: 4_096,
  maxConnectionsPerAddress: 256,
};

/** How long a socket the server has ended may linger for the client to read the last bytes. */
const END_GRACE_MS = 1_000;

export interface StartOptions {
  host: string;
  port: number;
  log: Logger;
  limits?: Partial<ServerLimits>;
}

export interface RunningHttpServer {
  port: number;
  /** Stops accepting, lets in-flight requests finish until `deadlineMs`, then destroys sockets. */
  close(deadlineMs: number): Promise<void>;
}

function createNodeServer(limits: ServerLimits): Server {
  const server = createServer({
    maxHeaderSize: limits.maxHeaderSize,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    noDelay: true,
    // Node's own answer to an HTTP/1.1 request without Host is a bare 400 with no envelope
    // and no Cache-Control; onRequest gives the usual error instead.
    requireHostHeader: false,
  });
  server.setTimeout(limits.socketTimeoutMs, (socket: Socket) => socket.destroy());
  return server;
}

/** Counts connections in total and per address, and refuses one past either cap with a 503
 * `unavailable` (and Retry-After) before reading anything from it. */
function admitConnections(server: Server, shell: Shell, limits: ServerLimits, log: Logger): void {
  const perAddress = new Map<string, number>();
  let open = 0;
  let lastWarned = 0;
  const refusal = rawResponse(errorResponse(503, 'unavailable', 'Too many connections; retry later.', { 'retry-after': '5' }));
  server.on('connection', (socket: Socket) => {
    const addr = socket.remoteAddress ?? '';
    const mine = perAddress.get(addr) ?? 0;
    if (open >= limits.maxConnections || mine >= limits.maxConnectionsPerAddress) {
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
          `refusing connections: ${open} open (at most ${limits.maxConnections}), ${mine} from ${addr} (at most ${limits.maxConnectionsPerAddress})`,
        );
      }
      return;
    }
    open++;
    perAddress.set(addr, mine + 1);
    // The slot is free once the server is done with the socket ('finish': it ended its side and
    // all was handed to the kernel), not only on 'close': a client that keeps its own side open,
    // or trickles bytes that reset the idle timer, would otherwise hold it (issue 37, finding 2).
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      open--;
      const left = (perAddress.get(addr) ?? 1) - 1;
      if (left > 0) perAddress.set(addr, left);
      else perAddress.delete(addr);
    };
    socket.once('close', release);
    endOfLife(socket, limits.socketTimeoutMs, release);
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

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting; kept-alive connections with no request in flight go now, the others after
 * their response (it carries `Connection: close` from then on), and whatever still runs at
 * the deadline is cut. Calling it again gives the same promise. */
function closer(server: Server, shell: Shell): (deadlineMs: number) => Promise<void> {
  let closed: Promise<void> | null = null;
  return (deadlineMs) =>
    (closed ??= new Promise<void>((resolve) => {
      shell.closing = true;
      // Streams never end by themselves: they end now, and their clients resume elsewhere.
      for (const ctl of shell.streams) ctl.abort();
      const timer = setTimeout(() => server.closeAllConnections(), Math.max(0, deadlineMs));
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    }));
}

export async function startHttpServer(handler: Handler, opts: StartOptions): Promise<RunningHttpServer> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const shell: Shell = {
    handler,
    log: opts.log,
    maxBodyBytes: limits.maxBodyBytes,
    closing: false,
    streams: new Set(),
    refused: new WeakSet(),
  };
  const server = createNodeServer(limits);
  admitConnections(server, shell, limits, opts.log);
  server.on('request', (req, res) => onRequest(shell, req, res));
  server.on('checkExpectation', (req, res) => onCheckExpectation(shell, req, res));
  server.on('connect', (req, socket: Socket) => onConnect(shell, req, socket));
  server.on('clientError', (err, socket: Socket) => onClientError(shell, err, socket));
  await listen(server, opts.port, opts.host);
  server.on('error', (err) => opts.log('error', 'http server error', err));
  const addr = server.address();
  return { port: typeof addr === 'object' && addr ? addr.port : opts.port, close: closer(server, shell) };
}
