// Cross-site request forgery guard for mutating panel requests (issue 28, finding 10). A request
// that changes something must show that it comes from the panel's own page: an `Origin` naming
// this panel (browsers send it on every POST, PUT, PATCH and DELETE, same-origin ones included),
// or, without `Origin`, `Sec-Fetch-Site: same-origin`, which only a browser sets and no page can
// forge. A request with neither (an old form post, a page's <img>, a script run by another
// site's page through the user's browser) is refused; scripts and curl add the header. The
// session cookie is SameSite=Strict as a second line, and a body must be JSON (media-type.ts),
// which no cross-site form can send without a CORS preflight this service never approves.
//
// DNS rebinding (issue 37, finding 11): a page on a name its author controls (evil.example) can
// re-point that name at the panel's address; the browser then sees the panel as the same origin
// as the page, and sends `Origin: http://evil.example` with `Host: evil.example`, which agree. So
// "Origin matches Host" proves nothing unless the Host is one of the panel's own, and a change
// needs a Host whose hostname (any port: the name is what rebinding forges) is:
// - an IP literal, v4 or [v6]: rebinding needs a name, and a panel listening on 0.0.0.0 keeps
//   working for hosts that open it by its LAN address;
// - `localhost` or a `*.localhost` name, which resolve to loopback only (RFC 6761);
// - the listen host itself (SERVICE_LISTEN may name one);
// - SERVICE_PUBLIC_URL's host, the name users open, which is how a host declares any other name.
// Any other name is refused with words saying to set SERVICE_PUBLIC_URL. Behind a trusted proxy
// the X-Forwarded-Host it passes on (believed only from one, forwarded.ts) is judged the same
// way, since nginx and Caddy pass the browser's name on whatever it was. A request whose Origin is
// SERVICE_PUBLIC_URL itself passes whatever Host arrives: a browser names the page's real origin,
// which no rebinding page can claim, and a proxy may pass a Host of its own (`palpanel:8080`).
// Reads are not checked: every read but the open routes needs a session cookie, which the browser
// keeps per name, so a rebinding page (whose login is refused here) never has one.
import { isIP } from 'node:net';
import { isSecure } from './cookies.js';
import type { HttpRequest } from '../types.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isMutating(method: string): boolean {
  return !SAFE.has(method);
}

/** The panel's own addresses beside IP literals and loopback names. */
export interface PanelSite {
  /** SERVICE_PUBLIC_URL, the address users open behind a proxy (an origin). */
  publicUrl?: string | null;
  /** The host of SERVICE_LISTEN, without brackets. */
  listenHost?: string | null;
}

const NO_ORIGIN =
  'A request that changes something must say where it comes from: send Origin with this address (or Sec-Fetch-Site: same-origin).';
const CROSS_ORIGIN = 'Cross-origin requests are refused.';
const FOREIGN_HOST =
  'The panel was reached by a name it does not know as its own, so changes are refused (another site could have pointed that name here). ' +
  'To use a name, set SERVICE_PUBLIC_URL to the address users open; or open the panel by its IP address or localhost.';

/** Why a mutating request is refused, in words that say what to send or set instead; null when
 * it may go on. */
export function originRefusal(req: HttpRequest, site: PanelSite = {}): string | null {
  const origin = req.headers.origin?.trim().toLowerCase();
  const publicOrigin = site.publicUrl?.toLowerCase() ?? null;
  if (origin !== undefined && publicOrigin !== null && origin === publicOrigin) return null;
  const own = ownHost(site);
  // X-Forwarded-Host reaches here only from a trusted proxy (forwarded.ts), which may set it
  // when it rewrites Host.
  const forwarded = req.headers['x-forwarded-host']?.split(',')[0].trim() || undefined;
  const host = req.headers.host?.trim() || undefined;
  if (origin === undefined) {
    if (req.headers['sec-fetch-site']?.trim().toLowerCase() !== 'same-origin') return NO_ORIGIN;
    const judged = forwarded ?? host;
    return judged !== undefined && own(judged) ? null : FOREIGN_HOST;
  }
  // Over TLS only https matches; over plain HTTP https is accepted too, for a TLS-terminating
  // proxy that does not send X-Forwarded-Proto.
  const schemes = isSecure(req) ? ['https'] : ['http', 'https'];
  const named = [host, forwarded].filter(
    (h): h is string => h !== undefined && schemes.some((s) => origin === `${s}://${h.toLowerCase()}`),
  );
  if (named.length === 0) return CROSS_ORIGIN;
  return named.some(own) ? null : FOREIGN_HOST;
}

/** Whether a Host (or X-Forwarded-Host) value names this panel: see the rule above. */
function ownHost(site: PanelSite): (hostHeader: string) => boolean {
  const names = new Set<string>();
  if (site.listenHost) names.add(bare(site.listenHost));
  if (site.publicUrl) {
    try {
      names.add(bare(new URL(site.publicUrl).hostname));
    } catch {
      /* settings.ts checked it; an unparsable one names nothing */
    }
  }
  return (hostHeader) => {
    const name = hostnameOf(hostHeader);
    if (name === '') return false;
    return isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost') || names.has(name);
  };
}

/** The hostname of a Host value (`name:port`, `[v6]:port`), lower-case, brackets and one
 * trailing dot removed. A bare v6 address (invalid as a Host) is taken whole. */
function hostnameOf(value: string): string {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) {
    const end = v.indexOf(']');
    return end < 0 ? '' : v.slice(1, end);
  }
  const colons = v.split(':').length - 1;
  return bare(colons === 1 ? v.slice(0, v.indexOf(':')) : v);
}

function bare(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}
