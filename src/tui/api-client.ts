// The dashboard's client of the Integration API (undici). It sends conditional requests with
// the last ETag of each path (a 304 keeps the cached body, spec: Endpoints rule 10) and turns
// failures into named errors the dashboard can show.
import { Agent, request } from 'undici';

export class UnauthorizedKeyError extends Error {
  constructor() {
    super('The panel refused the key (401): check --key or PALPANEL_KEY; the key may be revoked.');
    this.name = 'UnauthorizedKeyError';
  }
}

export class PanelUnreachableError extends Error {
  constructor(readonly reason: string) {
    super(`panel unreachable: ${reason}`);
    this.name = 'PanelUnreachableError';
  }
}

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSec: number) {
    super(`rate limited: retry in ${retryAfterSec}s`);
    this.name = 'RateLimitedError';
  }
}

/** Any other error answer (spec: Errors), or an answer that is not the API's JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResult<T> {
  body: T;
  /** True when the server answered 304 and the cached body was reused. */
  notModified: boolean;
}

export interface ApiClientOptions {
  timeoutMs?: number;
  /** Paths whose last body and ETag are kept (pages of the lists add up). */
  cacheEntries?: number;
}

const MAX_BODY = 8 * 1024 * 1024;
/** Used when a 429 carries no readable Retry-After (the spec says it always does). */
const DEFAULT_RETRY_SEC = 60;

export class ApiClient {
  private readonly cache = new Map<string, { etag: string; body: unknown }>();
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly cacheEntries: number;
  readonly base: string;
  /** The panel's origin, for `/metrics` (beside the Integration API, with the same key). */
  private readonly origin: string;

  constructor(
    baseUrl: string,
    private readonly key: string,
    opts: ApiClientOptions = {},
  ) {
    this.origin = baseUrl.replace(/\/+$/, '');
    this.base = `${this.origin}/api/integration/v1`;
    this.timeoutMs = opts.timeoutMs ?? 5_000;
    this.cacheEntries = opts.cacheEntries ?? 64;
    this.agent = new Agent({ connections: 2, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
  }

  /** GET a path of the Integration API (e.g. `/server`, `/pals?limit=10`). */
  async get<T>(path: string): Promise<ApiResult<T>> {
    const cached = this.cache.get(path);
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, accept: 'application/json' };
    if (cached) headers['if-none-match'] = cached.etag;
    let status: number;
    let resHeaders: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const res = await request(this.base + path, {
        method: 'GET',
        headers,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.statusCode;
      resHeaders = res.headers;
      text = await readBounded(res.body);
    } catch (err) {
      if (err instanceof PanelUnreachableError) throw err;
      throw new PanelUnreachableError(reasonOf(err));
    }
    if (status === 304 && cached) {
      // Most recently used last, so the oldest entry is the one dropped.
      this.cache.delete(path);
      this.cache.set(path, cached);
      return { body: cached.body as T, notModified: true };
    }
    if (status === 401) throw new UnauthorizedKeyError();
    if (status === 429) throw new RateLimitedError(retryAfterSec(resHeaders['retry-after']));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(status, 'not_json', `not a palpanel Integration API answer (HTTP ${status}, not JSON): check --url`);
    }
    if (status !== 200) {
      const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      const code = typeof e?.code === 'string' ? e.code : 'error';
      const message = typeof e?.message === 'string' ? e.message : `HTTP ${status}`;
      throw new ApiError(status, code, `HTTP ${status} ${code}: ${message}`);
    }
    const etag = resHeaders.etag;
    if (typeof etag === 'string') {
      this.cache.delete(path);
      this.cache.set(path, { etag, body });
      while (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
    }
    return { body: body as T, notModified: false };
  }

  /** GET `/metrics` (Prometheus' text, with the key as for the API): the machine's and the game
   * process's figures, which the Integration API does not carry. */
  async metricsText(): Promise<string> {
    let status: number;
    let resHeaders: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const res = await request(`${this.origin}/metrics`, {
        method: 'GET',
        headers: { authorization: `Bearer ${this.key}`, accept: 'text/plain' },
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.statusCode;
      resHeaders = res.headers;
      text = await readBounded(res.body);
    } catch (err) {
      if (err instanceof PanelUnreachableError) throw err;
      throw new PanelUnreachableError(reasonOf(err));
    }
    if (status === 401) throw new UnauthorizedKeyError();
    if (status === 429) throw new RateLimitedError(retryAfterSec(resHeaders['retry-after']));
    if (status !== 200) throw new ApiError(status, 'error', `HTTP ${status} from /metrics`);
    return text;
  }

  /** Ends the connections at once (in-flight requests fail): used when the dashboard quits. */
  close(): Promise<void> {
    return this.agent.destroy();
  }
}

/** Integer seconds (spec: Errors, rate_limited), or an HTTP date as HTTP allows. */
export function retryAfterSec(value: string | string[] | undefined, now = Date.now()): number {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return DEFAULT_RETRY_SEC;
  if (/^\s*\d+\s*$/.test(v)) return Math.max(1, Number(v));
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - now) / 1000)) : DEFAULT_RETRY_SEC;
}

/** A short reason for a failed connection, for "panel unreachable: <reason>". */
export function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; name?: string; message?: string; cause?: { code?: unknown } };
  // DOMException (AbortSignal.timeout) has a numeric code: its name says what happened.
  const code = [e?.code, e?.cause?.code, e?.name].find((c): c is string => typeof c === 'string') ?? 'error';
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to host';
    case 'TimeoutError':
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timed out';
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return 'client closed';
    default:
      return /^[A-Z_]+$/.test(code) ? code : (e?.message ?? String(code)).slice(0, 120);
  }
}

async function readBounded(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of body) {
    size += c.length;
    if (size > MAX_BODY) throw new PanelUnreachableError('answer too large');
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString('utf8');
}
