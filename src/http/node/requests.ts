// From node:http's request to the core's HttpRequest: the target split into path and query,
// headers flattened, and whether a body follows.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpRequest } from '../types.js';

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

/** The method and target of a request line that llhttp refused for its method (`FOO /x`,
 * a lower-case `get`): such a request is still well formed enough to be answered by the
 * handler, whose method check comes first (405 on the Integration API). */
export const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/;

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const raw = req.headers;
  for (const name in raw) {
    const v = raw[name];
    out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  // Node keeps only the first of repeated singleton headers. A request with two Authorization
  // headers is malformed, not one with the first: all of them, joined, never match `Bearer`.
  const auth = req.headersDistinct.authorization;
  if (auth && auth.length > 1) out.authorization = auth.join(', ');
  return out;
}

export const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The request without its body (read separately, within the route's limit). */
export function requestOf(req: IncomingMessage): HttpRequest {
  const { path, query } = splitTarget(req.url ?? '/');
  return {
    method: req.method ?? 'GET',
    path,
    query,
    headers: headersOf(req),
    remoteAddress: req.socket.remoteAddress ?? '',
    secure: (req.socket as Socket & { encrypted?: boolean }).encrypted === true,
  };
}
