// One bounded HTTP exchange with the game's REST server. Every call has a deadline covering the
// headers and the whole body, and a byte cap on the body: the game (or whatever answers on its
// port) is not trusted to be quick or small. Errors come back as the named classes of errors.ts.
import { Agent, request, type Dispatcher } from 'undici';
import { GameUnauthorizedError, GameUnreachableError, type UnreachableReason } from './errors.js';

export interface HttpExchange {
  method: 'GET' | 'POST';
  path: string;
  /** JSON-encoded request body, if any. */
  json?: unknown;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  text: string;
}

/** Bodies of error answers are read only this far: enough for the Unreal 404 JSON or a message. */
const ERROR_BODY_BYTES = 16 * 1024;

export class GameHttpTransport {
  private readonly origin: string;
  private readonly prefix: string;
  private readonly auth: string;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  /** `credential`: the game's AdminPassword (HTTP Basic, user `admin`), or a bearer token (the
   * REST API of PalDefender, which answers on its own port with its own tokens). */
  constructor(baseUrl: string, credential: string | { bearer: string }, dispatcher?: Dispatcher) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.auth =
      typeof credential === 'string'
        ? 'Basic ' + Buffer.from(`admin:${credential}`, 'utf8').toString('base64')
        : `Bearer ${credential.bearer}`;
    // Our own agent, so shutdown can close idle sockets; one connection at a time per route is
    // plenty, and a short keep-alive avoids reusing a socket the game closed meanwhile.
    this.ownsDispatcher = dispatcher === undefined;
    this.dispatcher = dispatcher ?? new Agent({ connections: 4, keepAliveTimeout: 2_000, pipelining: 1 });
  }

  /**
   * Sends one request. 2xx answers return their text; 401 throws GameUnauthorizedError; other
   * statuses below 500 return status and a bounded text for the caller to interpret; 5xx and
   * every transport failure throw GameUnreachableError.
   */
  async exchange(x: HttpExchange): Promise<HttpAnswer> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), x.timeoutMs);
    const onOuterAbort = (): void => deadline.abort();
    x.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      if (x.signal?.aborted) throw new GameUnreachableError('aborted');
      const headers: Record<string, string> = { authorization: this.auth, accept: 'application/json, text/plain' };
      let body: string | undefined;
      if (x.json !== undefined) {
        body = JSON.stringify(x.json);
        headers['content-type'] = 'application/json';
      }
      const res = await request(this.origin + this.prefix + x.path, {
        method: x.method,
        headers,
        body,
        dispatcher: this.dispatcher,
        signal: deadline.signal,
        headersTimeout: x.timeoutMs,
        bodyTimeout: x.timeoutMs,
      });
      if (res.statusCode === 401) {
        discard(res.body);
        throw new GameUnauthorizedError();
      }
      if (res.statusCode >= 500) {
        discard(res.body);
        throw new GameUnreachableError('server_error');
      }
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const cap = ok ? x.maxBytes : ERROR_BODY_BYTES;
      const text = await readBounded(res.body, res.headers['content-length'], cap, ok);
      return { status: res.statusCode, text };
    } catch (err) {
      throw classify(err, deadline.signal.aborted, x.signal?.aborted === true);
    } finally {
      clearTimeout(timer);
      x.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close().catch(() => undefined);
  }
}

type Body = AsyncIterable<Buffer> & { destroy(err?: Error): unknown; on(ev: 'error', fn: () => void): unknown };

/** Abandons a body; undici reports the abort as a stream error, which nobody else listens to. */
function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * Reads at most `cap` bytes. A success body beyond the cap is an error (a partial JSON document
 * is worthless); an error body is simply cut, since only its first bytes matter.
 */
async function readBounded(body: Body, contentLength: string | string[] | undefined, cap: number, strict: boolean): Promise<string> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (strict && Number.isFinite(declared) && declared > cap) {
    discard(body);
    throw new GameUnreachableError('too_large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > cap) {
      if (strict) {
        discard(body);
        throw new GameUnreachableError('too_large');
      }
      chunks.push(chunk.subarray(0, cap - size));
      size = cap;
      discard(body);
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function classify(err: unknown, timedOut: boolean, abortedByCaller: boolean): Error {
  if (err instanceof GameUnreachableError || err instanceof GameUnauthorizedError) return err;
  if (abortedByCaller) return new GameUnreachableError('aborted');
  if (timedOut) return new GameUnreachableError('timeout');
  const code = (err as { code?: unknown } | null)?.code;
  let reason: UnreachableReason = 'network';
  if (code === 'ECONNREFUSED') reason = 'refused';
  else if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') reason = 'timeout';
  else if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') reason = 'unreadable';
  return new GameUnreachableError(reason);
}
