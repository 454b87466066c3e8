// The node:http adapter: turns sockets into HttpRequest values and back, and owns the limits
// that protect the process from slow or malformed clients (header size, body size, time to
// send headers and the whole request, keep-alive idle time). Everything else is the handler's.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from './deps.js';
import { errorResponse, GENERIC_500 } from './errors.js';
import type { Handler, HttpRequest, HttpResponse } from './types.js';

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
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxHeaderSize: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  socketTimeoutMs: 60_000,
  maxBodyBytes: 64 * 1024,
  checkIntervalMs: 1_000,
};

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

/** Path and query of a request target. The absolute form (`http://host/path?q`, which
 * HTTP/1.1 servers must accept) is reduced to its path and query; `*` and authority forms
 * keep their text, which then matches no route. */
export function splitTarget(target: string): { path: string; query: string } {
  let url = target;
  if (!url.startsWith('/')) {
    const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*(.*)$/.exec(url);
    if (m) url = m[1].startsWith('/') ? m[1] : `/${m[1]}`;
  }
  const hash = url.indexOf('#');
  if (hash >= 0) url = url.slice(0, hash);
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}

/** A complete HTTP/1.1 response as bytes, for answers written straight to a socket (requests
 * node:http does not hand to the 'request' event). The connection closes after it. */
function rawResponse(r: HttpResponse): string {
  const body = r.body === undefined ? '' : r.body.toString();
  const headers: Record<string, string> = { ...r.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? ''}\r\n${head}\r\n\r\n${body}`;
}

/** The method and target of a request line that llhttp refused for its method (`FOO /x`,
 * a lower-case `get`): such a request is still well formed enough to be answered by the
 * handler, whose method check comes first (405 on the Integration API). */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/;

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const raw = req.headers;
  for (const name in raw) {
    const v = raw[name];
    out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

export async function startHttpServer(handler: Handler, opts: StartOptions): Promise<RunningHttpServer> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const log = opts.log;
  let closing = false;

  const server = createServer({
    maxHeaderSize: limits.maxHeaderSize,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    noDelay: true,
    // Node's own answer to an HTTP/1.1 request without Host is a bare 400 with no envelope
    // and no Cache-Control; the 'request' handler below gives the usual error instead.
    requireHostHeader: false,
  });
  server.setTimeout(limits.socketTimeoutMs, (socket: Socket) => socket.destroy());

  function send(res: ServerResponse, r: HttpResponse, closeAfter = false): void {
    if (res.headersSent || res.destroyed) return;
    const body = r.status === 304 || r.status === 204 ? undefined : r.body;
    const headers: Record<string, string> = { ...r.headers };
    // A known length: no chunked encoding, and the client knows where the body ends.
    if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    if (closeAfter || closing) headers.connection = 'close';
    res.writeHead(r.status, headers);
    res.end(body);
  }

  function tooLarge(res: ServerResponse, req: IncomingMessage): void {
    send(res, errorResponse(413, 'invalid_request', 'The request body is too large.'), true);
    // Half-close after the answer (an abrupt close could reset it away), then stop waiting
    // for the rest of the upload.
    res.once('finish', () => {
      req.socket.end();
      setTimeout(() => req.socket.destroy(), 2_000).unref();
    });
  }

  function run(res: ServerResponse, hreq: HttpRequest, closeAfter: boolean): void {
    let p: Promise<HttpResponse>;
    try {
      p = handler(hreq);
    } catch (err) {
      p = Promise.reject(err);
    }
    p.then(
      (r) => send(res, r, closeAfter),
      (err) => {
        log('error', 'request handler failed', err);
        send(res, errorResponse(500, 'internal_error', GENERIC_500), closeAfter);
      },
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.httpVersionMinor >= 1 && req.headers.host === undefined) {
      // RFC 9112 §3.2: an HTTP/1.1 request without Host is answered 400.
      send(res, errorResponse(400, 'invalid_request', 'The request has no Host header.'), true);
      if (hasBody(req)) req.resume();
      return;
    }
    const { path, query } = splitTarget(req.url ?? '/');
    const method = req.method ?? 'GET';
    const base = {
      method,
      path,
      query,
      headers: headersOf(req),
      remoteAddress: req.socket.remoteAddress ?? '',
      secure: (req.socket as Socket & { encrypted?: boolean }).encrypted === true,
    };
    if (!hasBody(req)) {
      run(res, base, false);
      return;
    }
    const limit = handler.bodyLimit?.(method, path) ?? limits.maxBodyBytes;
    if (limit === 0) {
      // A route that takes no body: answer without reading it, then drop the connection
      // rather than drain an unbounded upload.
      req.resume();
      run(res, base, true);
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      tooLarge(res, req);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let aborted = false;
    req.on('data', (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > limit) {
        aborted = true;
        chunks.length = 0;
        tooLarge(res, req);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!aborted) run(res, { ...base, body: Buffer.concat(chunks, size) }, false);
    });
    req.on('error', () => undefined);
  });

  /** Answers a request node:http does not route to 'request' (CONNECT, unknown methods)
   * through the handler, without headers: the method check needs none. */
  function answerRaw(socket: Socket, method: string, target: string, remoteAddress: string): void {
    const { path, query } = splitTarget(target);
    const hreq: HttpRequest = { method, path, query, headers: {}, remoteAddress, secure: false };
    let p: Promise<HttpResponse>;
    try {
      p = handler(hreq);
    } catch (err) {
      p = Promise.reject(err);
    }
    p.catch((err) => {
      log('error', 'request handler failed', err);
      return errorResponse(500, 'internal_error', GENERIC_500);
    }).then((r) => {
      if (socket.writable) socket.end(rawResponse(r));
      else socket.destroy();
    });
  }

  // An Expect other than 100-continue: node would answer a bare 417 (no envelope, no
  // Cache-Control); the same status with the usual error instead.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    send(res, errorResponse(417, 'invalid_request', 'The Expect header is not supported.'), true);
    if (hasBody(req)) req.resume();
  });

  // CONNECT is a method other than GET like any other: it gets the handler's answer (405 on
  // the Integration API) instead of a silently dropped connection.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => undefined);
    answerRaw(socket, req.method ?? 'CONNECT', req.url ?? '', req.socket.remoteAddress ?? '');
  });

  // Malformed requests, oversized heads and timeouts: an error envelope, then close. Codes
  // stay within the spec's set (interface.md: codes are exactly the spec's): the status says
  // what went wrong, the code is `invalid_request`.
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    const inProgress = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_INVALID_METHOD' && err.rawPacket) {
      const line = REQUEST_LINE.exec(err.rawPacket.toString('latin1'));
      if (line) {
        answerRaw(socket, line[1], line[2], socket.remoteAddress ?? '');
        return;
      }
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message = status === 431 ? 'The request headers are too large.' : status === 408 ? 'The request took too long.' : 'The request is malformed.';
    socket.end(rawResponse(errorResponse(status, 'invalid_request', message)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log('error', 'http server error', err));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;

  let closed: Promise<void> | null = null;
  return {
    port,
    close(deadlineMs: number): Promise<void> {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        const timer = setTimeout(() => server.closeAllConnections(), Math.max(0, deadlineMs));
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        // Kept-alive connections with no request in flight go now; the others after their
        // response (it carries `Connection: close` from now on).
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}
