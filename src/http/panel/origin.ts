// Cross-site request forgery guard for mutating panel requests (issue 28, finding 10). A request
// that changes something must show that it comes from the panel's own page: an `Origin` naming
// this panel (browsers send it on every POST, PUT, PATCH and DELETE, same-origin ones included),
// or, without `Origin`, `Sec-Fetch-Site: same-origin`, which only a browser sets and no page can
// forge. A request with neither (an old form post, a page's <img>, a script run by another
// site's page through the user's browser) is refused; scripts and curl add the header. The
// session cookie is SameSite=Strict as a second line, and a body must be JSON (media-type.ts),
// which no cross-site form can send without a CORS preflight this service never approves.
import { isSecure } from './cookies.js';
import type { HttpRequest } from '../types.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isMutating(method: string): boolean {
  return !SAFE.has(method);
}

/** `publicOrigin`: SERVICE_PUBLIC_URL, the address users open behind a proxy (which may pass on
 * a Host of its own); accepted beside the address the request was sent to. */
export function sameOrigin(req: HttpRequest, publicOrigin: string | null = null): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers['sec-fetch-site']?.trim().toLowerCase() === 'same-origin';
  if (publicOrigin !== null && origin.trim().toLowerCase() === publicOrigin.toLowerCase()) return true;
  // Over TLS only https matches; over plain HTTP https is accepted too, for a TLS-terminating
  // proxy that does not send X-Forwarded-Proto.
  const schemes = isSecure(req) ? ['https'] : ['http', 'https'];
  // X-Forwarded-Host reaches here only from a trusted proxy (forwarded.ts), which may set it
  // when it rewrites Host.
  const hosts = [req.headers.host, req.headers['x-forwarded-host']?.split(',')[0].trim()].filter((h): h is string => !!h);
  const o = origin.trim().toLowerCase();
  return hosts.some((h) => schemes.some((s) => o === `${s}://${h.toLowerCase()}`));
}

/** Why a mutating request was refused, in words that say what to send instead. */
export function originRefusal(req: HttpRequest): string {
  return req.headers.origin === undefined
    ? 'A request that changes something must say where it comes from: send Origin with this address (or Sec-Fetch-Site: same-origin).'
    : 'Cross-origin requests are refused.';
}
