// The panel API from the browser: same origin, the session cookie, JSON in and out. Every
// failure becomes an ApiError whose message is words a host can act on (the server's own
// message when it sent one); a 401 tells the app the session is gone.
import type { z } from 'zod';
import type { dataOf, pageOf } from '../../../src/contract/envelopes';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds from Retry-After, when the server sent it. */
    readonly retryAfter: number | null = null,
    /** The message's id and params (the `server` catalog), for useServerText. */
    readonly messageId: string | null = null,
    readonly params: Record<string, string | number> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();
/** Called when any request answers 401: the session expired or was ended elsewhere. */
export function onSignedOut(fn: Listener): () => void {
  signedOutListeners.add(fn);
  return () => signedOutListeners.delete(fn);
}

const WORDS: Record<number, string> = {
  403: 'Your role may not do this.',
  404: 'Not found.',
  413: 'That is too large.',
  429: 'Too many attempts. Wait a moment and try again.',
  500: 'palpanel failed to answer. Its log says why.',
  502: 'palpanel is not reachable.',
  503: 'The game server did not answer.',
};

/** Where the panel API answers, on the page's own origin. */
export const API_BASE = '/api/v1';

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  init: { raw?: BodyInit; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  let res: Response;
  const type = body !== undefined ? { 'content-type': 'application/json' } : init.raw ? { 'content-type': 'application/gzip' } : undefined;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      // Every error answer with its message id, for the reader's language (server-text.ts).
      headers: { ...type, ...init.headers, 'x-palpanel-message-ids': '1' },
      body: body !== undefined ? JSON.stringify(body) : init.raw,
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'offline', 'palpanel is not reachable. Is it still running?');
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: said below by status.
  }
  if (!res.ok) {
    const e = (
      parsed as { error?: { code?: string; message?: string; messageId?: string; params?: Record<string, string | number> } } | undefined
    )?.error;
    const retry = Number(res.headers.get('retry-after'));
    if (res.status === 401 && path !== '/auth/login') for (const fn of signedOutListeners) fn();
    throw new ApiError(
      res.status,
      e?.code ?? 'http_' + res.status,
      e?.message ?? WORDS[res.status] ?? `palpanel answered ${res.status}.`,
      Number.isFinite(retry) && retry > 0 ? retry : null,
      e?.messageId ?? null,
      e?.params ?? null,
    );
  }
  // Never undefined: useAction's run() reads undefined as failure, so a 204 (nothing to say)
  // resolves null.
  return (parsed ?? null) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, { signal }),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  /** `headers`: e.g. `If-Match` with the version read (PUT /config). */
  put: <T>(path: string, body: unknown, headers?: Record<string, string>) => request<T>('PUT', path, body, { headers }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  del: <T>(path: string) => request<T>('DELETE', path),
  upload: <T>(path: string, file: Blob) => request<T>('POST', path, undefined, { raw: file }),
};

/** The answers' envelopes, as contract/envelopes.ts makes them: `{ data }`, and a page
 * `{ data: [item], nextCursor }`. */
export type Data<T> = z.output<ReturnType<typeof dataOf<z.ZodType<T>>>>;
export type Page<T> = z.output<ReturnType<typeof pageOf<z.ZodType<T>>>>;
