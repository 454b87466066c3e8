// JSON responses and conditional requests (spec: Endpoints rule 10). Every 200 of the
// Integration API carries a weak ETag computed from the body bytes; a matching If-None-Match
// (list, `*`, with or without `W/`) turns it into a bodyless 304 with the same ETag.
import { createHash } from 'node:crypto';
import { BASE_HEADERS } from './errors.js';
import type { HttpRequest, HttpResponse } from './types.js';

/** A serialized 200 body with its ETag: what the page caches keep. */
export interface Representation {
  body: Buffer;
  etag: string;
}

export function represent(value: unknown): Representation {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** True when an If-None-Match header value matches the ETag (weak comparison). */
export function etagMatches(header: string, etag: string): boolean {
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of header.split(',')) {
    let tag = part.trim();
    if (tag === '*') return true;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === opaque) return true;
  }
  return false;
}

/** True when an If-Match header value accepts the current strong ETag: `*`, or a list naming
 * it. A weak tag (`W/"…"`) never matches (strong comparison, RFC 9110 13.1.1). */
export function ifMatchAccepts(header: string, etag: string): boolean {
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag === etag;
  });
}

export function conditional(req: HttpRequest, rep: Representation, status = 200): HttpResponse {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && etagMatches(inm, rep.etag)) {
    return { status: 304, headers: { 'cache-control': 'no-store', etag: rep.etag } };
  }
  return { status, headers: { ...BASE_HEADERS, etag: rep.etag }, body: rep.body };
}

declare const BODY: unique symbol;

/** A JSON answer that remembers, for the type system only, the value it was made from: a panel
 * route checks it against the schema of the answer it declares (panel/context.ts `route`). */
export type JsonResponse<T> = HttpResponse & { readonly [BODY]: T };

/** An answer without a JSON body (204, a download, a stream): it fits no response schema, and
 * a JSON answer does not fit where a route answers without one. */
export type PlainResponse = HttpResponse & { readonly [BODY]?: undefined };

/** A JSON response without ETag (panel API). */
export function json<const T>(status: number, value: T, headers: Record<string, string> = {}): JsonResponse<T> {
  // The brand is a type only: nothing is added to the answer.
  return { status, headers: { ...BASE_HEADERS, ...headers }, body: JSON.stringify(value) } as JsonResponse<T>;
}

/** A bodyless 204, never cached (a change the client need not read back). */
export function noContent(extra: Record<string, string> = {}): PlainResponse {
  return { status: 204, headers: { 'cache-control': 'no-store', ...extra } };
}
