// The node:http adapter: turns sockets into HttpRequest values and back, and owns the limits
// that protect the process from slow or malformed clients (header size, body size, time to
// send headers and the whole request, keep-alive idle time). Everything else is the handler's.
// The server's events are answered in node/events.ts, the answers written in node/answers.ts.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../lib/logger.js';
import { addressMatcher } from '../lib/addresses.js';
import { admitConnections, admitRequest, forwardedCaps } from './node/admission.js';
import type { Shell } from './node/answers.js';
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

export interface StartOptions {
  host: string;
  port: number;
  log: Logger;
  limits?: Partial<ServerLimits>;
  /** SERVICE_TRUSTED_PROXIES: a trusted proxy's requests count against the per-address cap of
   * the client it names, the proxy itself only against the total. */
  trustedProxies?: readonly string[] | null;
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
  const trusted = addressMatcher(opts.trustedProxies ?? []);
  const forwarded = forwardedCaps(trusted, limits.maxConnectionsPerAddress);
  const server = createNodeServer(limits);
  admitConnections(server, shell, limits, trusted, opts.log);
  server.on('request', (req, res) => {
    if (admitRequest(forwarded, shell, req, res)) onRequest(shell, req, res);
  });
  server.on('checkExpectation', (req, res) => onCheckExpectation(shell, req, res));
  server.on('connect', (req, socket: Socket) => onConnect(shell, req, socket));
  server.on('clientError', (err, socket: Socket) => onClientError(shell, err, socket));
  await listen(server, opts.port, opts.host);
  server.on('error', (err) => opts.log('error', 'http server error', err));
  const addr = server.address();
  return { port: typeof addr === 'object' && addr ? addr.port : opts.port, close: closer(server, shell) };
}
