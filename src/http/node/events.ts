// The node:http server's events, each a named function over the shell: requests (with their
// body read within the route's limit), unsupported Expect headers, CONNECT, and the requests
// node itself refuses (malformed, oversized head, timeouts), all answered with the usual
// error envelope instead of node's bare statuses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorResponse, HttpError } from '../errors.js';
import type { HttpRequest } from '../types.js';
import { answer, rawResponse, refuseTooLarge, respond, respondRaw, send, type Shell } from './answers.js';
import { hasBody, REQUEST_LINE, requestOf, splitTarget } from './requests.js';

/** Responses of each connection not yet done, and what waits for them (a pipelined request
 * that llhttp refused is answered after those before it). */
const inFlight = new WeakMap<Socket, { open: number; then: (() => void)[] }>();

function track(socket: Socket, res: ServerResponse): void {
  let s = inFlight.get(socket);
  if (!s) inFlight.set(socket, (s = { open: 0, then: [] }));
  const state = s;
  state.open++;
  res.once('close', () => {
    state.open--;
    if (state.open === 0) for (const fn of state.then.splice(0)) fn();
  });
}

function afterInFlight(socket: Socket, fn: () => void): void {
  const s = inFlight.get(socket);
  if (s && s.open > 0) s.then.push(fn);
  else fn();
}

export function onRequest(shell: Shell, req: IncomingMessage, res: ServerResponse): void {
  if (shell.refused.has(req.socket)) {
    res.destroy();
    return;
  }
  track(req.socket, res);
  if (req.httpVersionMinor >= 1 && req.headers.host === undefined) {
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is answered 400.
    send(shell, res, errorResponse(400, 'invalid_request', 'The request has no Host header.'), true);
    if (hasBody(req)) req.resume();
    return;
  }
  const hreq = requestOf(req);
  if (!hasBody(req)) {
    respond(shell, res, hreq, false);
    return;
  }
  const limit = shell.handler.bodyLimit?.(hreq.method, hreq.path, hreq) ?? shell.maxBodyBytes;
  if (limit === 0) {
    // A route that takes no body: answer without reading it, then drop the connection
    // rather than drain an unbounded upload.
    req.resume();
    respond(shell, res, hreq, true);
    return;
  }
  if (shell.handler.streamsBody?.(hreq.method, hreq.path, hreq)) streamBody(shell, req, res, hreq, limit);
  else readBody(shell, req, res, hreq, limit);
}

/** The body's chunks as they arrive, within `limit`: past it a 413; a body cut short (the client
 * gone) a 400, which no one reads but which is not logged as palpanel's failure. */
async function* bounded(req: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new HttpError(413, 'payload_too_large', 'The request body is too large.');
      yield chunk;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, 'invalid_request', 'The request body ended early.');
  }
  if (!req.complete) throw new HttpError(400, 'invalid_request', 'The request body ended early.');
}

/** Hands the route the body as a stream (an upload, written to a file as it arrives, never
 * held). A route that answers before reading it all (refused: busy, too large, wrong type) has
 * the connection let go after its answer, rather than drain an unbounded rest. */
function streamBody(shell: Shell, req: IncomingMessage, res: ServerResponse, hreq: HttpRequest, limit: number): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    refuseTooLarge(shell, res, req);
    return;
  }
  req.on('error', () => undefined);
  const socket = req.socket; // detached from req once the answer is done
  void answer(shell, { ...hreq, bodyStream: bounded(req, limit) }).then((r) => {
    if (req.complete) {
      send(shell, res, r, false);
      return;
    }
    send(shell, res, r, true);
    res.once('finish', () => {
      socket.end();
      setTimeout(() => socket.destroy(), 2_000).unref();
    });
  });
}

/** Reads the body up to `limit` bytes (a larger one, declared or streamed, is a 413), then
 * answers. */
function readBody(shell: Shell, req: IncomingMessage, res: ServerResponse, hreq: HttpRequest, limit: number): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    refuseTooLarge(shell, res, req);
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
      refuseTooLarge(shell, res, req);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (!aborted) respond(shell, res, { ...hreq, body: Buffer.concat(chunks, size) }, false);
  });
  req.on('error', () => undefined);
}

/** An Expect other than 100-continue: node would answer a bare 417 (no envelope, no
 * Cache-Control); the same status with the usual error instead. */
export function onCheckExpectation(shell: Shell, req: IncomingMessage, res: ServerResponse): void {
  send(shell, res, errorResponse(417, 'invalid_request', 'The Expect header is not supported.'), true);
  if (hasBody(req)) req.resume();
}

/** A request answered on its bare socket, from its method and target only. */
function respondToLine(shell: Shell, socket: Socket, method: string, target: string, remoteAddress: string): void {
  const { path, query } = splitTarget(target);
  respondRaw(shell, socket, { method, path, query, headers: {}, remoteAddress, secure: false });
}

/** CONNECT is a method other than GET like any other: it gets the handler's answer (405 on
 * the Integration API) instead of a silently dropped connection. */
export function onConnect(shell: Shell, req: IncomingMessage, socket: Socket): void {
  socket.on('error', () => undefined);
  if (shell.refused.has(socket)) {
    socket.destroy();
    return;
  }
  respondToLine(shell, socket, req.method ?? 'CONNECT', req.url ?? '', req.socket.remoteAddress ?? '');
}

/** Malformed requests, oversized heads and timeouts: an error envelope, then close. Codes stay
 * within the spec's set (interface.md: codes are exactly the spec's): the status says what went
 * wrong, the code is `invalid_request`. A method llhttp does not know still reaches the handler. */
export function onClientError(shell: Shell, err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void {
  if (shell.refused.has(socket)) {
    socket.destroy();
    return;
  }
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_INVALID_METHOD' && err.rawPacket) {
    // The packet may hold a pipelined batch: the refused request is the one that begins after
    // the last head end before the point where parsing failed. The requests before it were
    // parsed and are being answered; this answer follows theirs, in order.
    const text = err.rawPacket.toString('latin1');
    const failedAt = Math.min((err as { bytesParsed?: number }).bytesParsed ?? 0, text.length);
    const headEnd = text.lastIndexOf('\r\n\r\n', failedAt);
    const line = REQUEST_LINE.exec(headEnd < 0 ? text : text.slice(headEnd + 4));
    if (line) {
      const remoteAddress = socket.remoteAddress ?? '';
      afterInFlight(socket, () => respondToLine(shell, socket, line[1], line[2], remoteAddress));
      return;
    }
  }
  const inProgress = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (inProgress?.headersSent) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? 'The request headers are too large.' : status === 408 ? 'The request took too long.' : 'The request is malformed.';
  socket.end(rawResponse(errorResponse(status, 'invalid_request', message)));
}
