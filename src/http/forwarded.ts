// A request as its client sent it, when a reverse proxy stands in front (interface.md, "Beside a
// real server": SERVICE_TRUSTED_PROXIES and SERVICE_PUBLIC_URL). Only from a trusted proxy are
// X-Forwarded-For (the client's address: logs, the login throttle, the per-client connection cap)
// and X-Forwarded-Host (the origin check) believed; from anyone else they are removed before any
// handler sees the request, so a client cannot claim another address to slip past the throttle. X-Forwarded-Proto is kept
// from anyone: it can only make the session cookie Secure (a proxy that says the request came
// over TLS, interface.md's login rule), never weaker.
import { isIP } from 'node:net';
import { addressMatcher, plainAddress } from '../lib/addresses.js';
import type { HttpRequest } from './types.js';

export type ForwardedResolver = (req: HttpRequest) => HttpRequest;

export function forwardedResolver(trustedProxies: readonly string[] = []): ForwardedResolver {
  const trusted = addressMatcher(trustedProxies);
  return (req) => {
    const peer = plainAddress(req.remoteAddress);
    if (!trusted(peer)) {
      if (req.headers['x-forwarded-for'] === undefined && req.headers['x-forwarded-host'] === undefined) return req;
      const headers = { ...req.headers };
      delete headers['x-forwarded-for'];
      delete headers['x-forwarded-host'];
      return { ...req, headers };
    }
    const client = forwardedClient(peer, req.headers['x-forwarded-for'], trusted);
    const proto = req.headers['x-forwarded-proto']?.split(',')[0].trim().toLowerCase();
    return { ...req, remoteAddress: client, secure: req.secure || proto === 'https' };
  };
}

/** The client a trusted proxy names: the right-most address of X-Forwarded-For that is not itself
 * a trusted proxy (each proxy appends the address it was reached from; the left part is the
 * client's own claim). The peer when the header names none. Only for a peer that is trusted. */
export function forwardedClient(peer: string, xff: string | undefined, trusted: (addr: string) => boolean): string {
  const chain = (xff ?? '')
    .split(',')
    .map((a) => plainAddress(a.trim()))
    .filter(Boolean);
  let client = plainAddress(peer);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (isIP(chain[i]) === 0) break;
    client = chain[i];
    if (!trusted(client)) break;
  }
  return client;
}
