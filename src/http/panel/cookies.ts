// The panel session cookie (interface.md: HttpOnly, SameSite=Strict, Secure over TLS).
import type { HttpRequest } from '../types.js';

export const SESSION_COOKIE = 'palpanel_session';

export function readCookie(req: HttpRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** True when the request came over TLS, directly or through a proxy that says so: in
 * `X-Forwarded-Proto` or in the standard `Forwarded` header (RFC 7239, `proto=https`),
 * judged by the first hop the proxy lists (the client's side). */
export function isSecure(req: HttpRequest): boolean {
  if (req.secure) return true;
  const xfp = req.headers['x-forwarded-proto'];
  if (xfp !== undefined && xfp.split(',')[0].trim().toLowerCase() === 'https') return true;
  const fwd = req.headers.forwarded;
  if (fwd === undefined) return false;
  for (const pair of fwd.split(',')[0].split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim().toLowerCase() !== 'proto') continue;
    return (
      pair
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase() === 'https'
    );
  }
  return false;
}

/** The session cookie is Secure over TLS, through a proxy that says so, and whenever the address
 * users open (SERVICE_PUBLIC_URL) is https. */
export function secureCookie(req: HttpRequest, publicUrl: string | null | undefined): boolean {
  return isSecure(req) || (publicUrl ?? '').startsWith('https:');
}

export function sessionCookie(token: string, maxAgeSec: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
