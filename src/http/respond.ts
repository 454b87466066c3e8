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

export function conditional(req: HttpRequest, rep: Representation, status = 200): HttpResponse {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && etagMatches(inm, rep.etag)) {
    return { status: 304, headers: { 'cache-control': 'no-store', etag: rep.etag } };
  }
  return { status, headers: { ...BASE_HEADERS, etag: rep.etag }, body: rep.body };
}

/** A JSON response without ETag (panel API). */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { ...BASE_HEADERS, ...headers }, body: JSON.stringify(value) };
}

/** A bodyless 204, never cached (a change the client need not read back). */
export function noContent(extra: Record<string, string> = {}): HttpResponse {
  return { status: 204, headers: { 'cache-control': 'no-store', ...extra } };
}
