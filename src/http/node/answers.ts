// Writing the handler's answers: through node's ServerResponse, or as raw bytes on a socket for
// requests node does not hand to the 'request' event. A handler that fails (it never should)
// becomes a generic 500 whose detail goes only to the log.
import { createReadStream } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../../lib/logger.js';
import { errorResponse, GENERIC_500 } from '../errors.js';
import type { Handler, HttpRequest, HttpResponse } from '../types.js';

/** What every answer needs: the handler, the log, and whether the server is closing (then
 * every answer carries `Connection: close`). */
export interface Shell {
  handler: Handler;
  log: Logger;
  maxBodyBytes: number;
  closing: boolean;
  /** Open streamed answers: aborted when the server closes, so shutdown never waits on them. */
  streams: Set<AbortController>;
  /** Connections refused past a connection cap: answered 503 already, nothing more is served. */
  refused: WeakSet<Socket>;
}

/** Bytes a streamed answer may have waiting for a slow client before it is dropped. */
const MAX_STREAM_BACKLOG = 256 * 1024;

/** Writes the head, then lets the route's stream write until it ends, the client goes or the
 * server closes. */
function sendStream(shell: Shell, res: ServerResponse, r: HttpResponse, stream: NonNullable<HttpResponse['stream']>): void {
  const ctl = new AbortController();
  if (shell.closing) ctl.abort();
  shell.streams.add(ctl);
  res.on('close', () => ctl.abort());
  res.writeHead(r.status, { ...r.headers, connection: 'close' });
  res.flushHeaders();
  const write = (chunk: string): boolean => {
    if (ctl.signal.aborted || res.destroyed) return false;
    res.write(chunk);
    if (res.writableLength <= MAX_STREAM_BACKLOG) return true;
    ctl.abort();
    return false;
  };
  void stream(write, ctl.signal)
    .catch((err) => shell.log('error', 'stream failed', err))
    .finally(() => {
      shell.streams.delete(ctl);
      if (!res.destroyed) res.end();
    });
}

/** A file as the body, at the pace the client reads it; a read failure ends the connection
 * (the length was promised, so a short body cannot pass for a whole one). */
function sendFile(shell: Shell, res: ServerResponse, r: HttpResponse, file: NonNullable<HttpResponse['file']>): void {
  res.writeHead(r.status, { ...r.headers, 'content-length': String(file.size), ...(shell.closing ? { connection: 'close' } : {}) });
  const src = createReadStream(file.path);
  src.on('error', (err) => {
    shell.log('error', 'file answer failed', err);
    res.destroy();
  });
  res.on('close', () => src.destroy());
  src.pipe(res);
}

export function send(shell: Shell, res: ServerResponse, r: HttpResponse, closeAfter = false): void {
  if (r.stream && (res.headersSent || res.destroyed)) {
    // The client left before the head: the stream still runs once, aborted, to free its slot.
    const ctl = new AbortController();
    ctl.abort();
    void r.stream(() => false, ctl.signal).catch(() => undefined);
    return;
  }
  if (res.headersSent || res.destroyed) return;
  if (r.stream && r.status === 200) {
    sendStream(shell, res, r, r.stream);
    return;
  }
  if (r.file && r.status === 200) {
    sendFile(shell, res, r, r.file);
    return;
  }
  const body = r.status === 304 || r.status === 204 ? undefined : r.body;
  const headers: Record<string, string> = { ...r.headers };
  // A known length: no chunked encoding, and the client knows where the body ends.
  if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  if (closeAfter || shell.closing) headers.connection = 'close';
  res.writeHead(r.status, headers);
  res.end(body);
}

/** 413, then the connection goes: half-closed after the answer (an abrupt close could reset it
 * away), without waiting for the rest of the upload. */
export function refuseTooLarge(shell: Shell, res: ServerResponse, req: IncomingMessage): void {
  send(shell, res, errorResponse(413, 'payload_too_large', 'The request body is too large.'), true);
  res.once('finish', () => {
    req.socket.end();
    setTimeout(() => req.socket.destroy(), 2_000).unref();
  });
}

/** The handler's answer, or the generic 500 when it throws or rejects. */
export function answer(shell: Shell, hreq: HttpRequest): Promise<HttpResponse> {
  let p: Promise<HttpResponse>;
  try {
    p = shell.handler(hreq);
  } catch (err) {
    p = Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return p.catch((err) => {
    shell.log('error', 'request handler failed', err);
    return errorResponse(500, 'internal_error', GENERIC_500);
  });
}

export function respond(shell: Shell, res: ServerResponse, hreq: HttpRequest, closeAfter: boolean): void {
  void answer(shell, hreq).then((r) => send(shell, res, r, closeAfter));
}

/** A complete HTTP/1.1 response as bytes, for answers written straight to a socket. The
 * connection closes after it. */
export function rawResponse(r: HttpResponse): string {
  const body = r.body === undefined ? '' : r.body.toString();
  const headers: Record<string, string> = { ...r.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? ''}\r\n${head}\r\n\r\n${body}`;
}

/** Answers through the handler, on a bare socket, a request node:http does not route to
 * 'request' (CONNECT, unknown methods), without headers: the method check needs none. */
export function respondRaw(shell: Shell, socket: Socket, hreq: HttpRequest): void {
  void answer(shell, hreq).then((r) => {
    if (socket.writable) socket.end(rawResponse(r));
    else socket.destroy();
  });
}
