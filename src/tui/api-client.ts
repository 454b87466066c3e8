// The dashboard's client of the Integration API (undici). It sends conditional requests with
// the last ETag of each path (a 304 keeps the cached body, spec: Endpoints rule 10) and turns
// failures into named errors the dashboard can show.
import { Agent, request } from 'undici';

export class UnauthorizedKeyError extends Error {
  constructor() {
    super('The panel refused the key (401): check --key or PALPANEL_KEY.');
    this.name = 'UnauthorizedKeyError';
  }
}

export class PanelUnreachableError extends Error {
  constructor(reason: string) {
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

const TIMEOUT_MS = 5_000;
const MAX_BODY = 4 * 1024 * 1024;

export class ApiClient {
  private readonly cache = new Map<string, { etag: string; body: unknown }>();
  private readonly agent = new Agent({ connections: 2, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  readonly base: string;

  constructor(
    baseUrl: string,
    private readonly key: string,
  ) {
    this.base = `${baseUrl.replace(/\/+$/, '')}/api/integration/v1`;
  }

  async get<T>(path: string): Promise<ApiResult<T>> {
    const cached = this.cache.get(path);
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, accept: 'application/json' };
    if (cached) headers['if-none-match'] = cached.etag;
    let res;
    try {
      res = await request(this.base + path, { method: 'GET', headers, dispatcher: this.agent, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).name;
      throw new PanelUnreachableError(code === 'ECONNREFUSED' ? 'connection refused' : /timeout/i.test(String(code)) ? 'timed out' : String(code));
    }
    const text = await readBounded(res.body);
    if (res.statusCode === 304 && cached) return { body: cached.body as T, notModified: true };
    if (res.statusCode === 401) throw new UnauthorizedKeyError();
    if (res.statusCode === 429) {
      const retry = Number(res.headers['retry-after']);
      throw new RateLimitedError(Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 60);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PanelUnreachableError(`unreadable answer (HTTP ${res.statusCode})`);
    }
    if (res.statusCode !== 200) {
      const e = (body as { error?: { code?: string; message?: string } }).error;
      throw new ApiError(res.statusCode, e?.code ?? 'error', e?.message ?? `HTTP ${res.statusCode}`);
    }
    const etag = res.headers.etag;
    if (typeof etag === 'string') this.cache.set(path, { etag, body });
    return { body: body as T, notModified: false };
  }

  close(): Promise<void> {
    return this.agent.close();
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
