// Cross-site request forgery guard for mutating panel requests: a browser always sends
// `Origin` on a cross-origin POST/PUT/DELETE, so one that names another origin is refused.
// A request without `Origin` (curl, scripts, older same-origin forms) passes; the session
// cookie is SameSite=Strict as a second line.
import { isSecure } from './cookies.js';
import type { HttpRequest } from '../types.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isMutating(method: string): boolean {
  return !SAFE.has(method);
}

export function sameOrigin(req: HttpRequest): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  // Over TLS only https matches; over plain HTTP https is accepted too, for a TLS-terminating
  // proxy that does not send X-Forwarded-Proto.
  const schemes = isSecure(req) ? ['https'] : ['http', 'https'];
  // A browser cannot set X-Forwarded-Host on a cross-origin request without a CORS preflight,
  // which this service never approves; a reverse proxy may set it when it rewrites Host.
  const hosts = [req.headers.host, req.headers['x-forwarded-host']?.split(',')[0].trim()].filter((h): h is string => !!h);
  const o = origin.trim().toLowerCase();
  return hosts.some((h) => schemes.some((s) => o === `${s}://${h.toLowerCase()}`));
}
