// One webhook request over HTTP(S): a POST (or a PATCH: the status card's edit) with a deadline,
// no redirects followed, the answer's first 8 KiB kept (Discord's message object, its error). Unless the deployment allows private targets
// (SERVICE_WEBHOOK_ALLOW_PRIVATE), the address connected to must be a public one: a host name is
// checked as it resolves, in the lookup the connection itself uses, so a name that resolves to a
// private address (at the time of sending, whatever it resolved to when the webhook was added)
// is refused before a byte is sent (issue 28, finding 10).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLocalHostName, isPublicAddress } from '../lib/net-address.js';

/** What the target answered. */
export interface WebhookAnswer {
  status: number;
  /** Retry-After, in seconds; null when absent. */
  retryAfterSec: number | null;
  /** The answer's headers, names in lower case (X-RateLimit-*). */
  headers: Record<string, string>;
  /** The answer's body, at most 8 KiB of it. */
  text: string;
}

export interface WebhookInit {
  method?: 'POST' | 'PATCH';
  /** Default: `content-type: application/json`. */
  headers?: Record<string, string>;
}

/** Sends `body` to `url`; resolves with the answer, rejects on a network failure, a timeout or a
 * refused address. */
export type WebhookSend = (url: string, body: string, init?: WebhookInit) => Promise<WebhookAnswer>;

const MAX_ANSWER = 8 * 1024;

/** The webhook's host is, or resolves to, an address the deployment does not allow. */
export class WebhookAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a loopback, link-local or private address`);
    this.name = 'WebhookAddressError';
  }
}

export class WebhookTimeoutError extends Error {
  constructor() {
    super('no answer in time');
    this.name = 'TimeoutError';
  }
}

/** A lookup that fails for a name any of whose addresses is not public. */
function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (isLocalHostName(hostname) || addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
        return callback(Object.assign(new WebhookAddressError(hostname), { code: 'EADDRNOTALLOWED' }), '', 0);
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export function webhookSend(opts: { allowPrivate: boolean; timeoutMs?: number }): WebhookSend {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return (url, body, init = {}) =>
    new Promise((resolve, reject) => {
      const u = new URL(url);
      const host = u.hostname.replace(/^\[|\]$/g, '');
      // An address written in the URL is connected to without a lookup: checked here.
      if (!opts.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) return reject(new WebhookAddressError(host));
      const options: RequestOptions = {
        method: init.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          ...init.headers,
          'user-agent': 'palpanel',
          'content-length': String(Buffer.byteLength(body)),
        },
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup() }),
      };
      const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_ANSWER) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          const raw = res.headers['retry-after'];
          const ra = raw === undefined || raw === '' ? NaN : Number(raw);
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
          resolve({
            status: res.statusCode ?? 0,
            retryAfterSec: Number.isFinite(ra) && ra >= 0 ? ra : null,
            headers,
            text: Buffer.concat(chunks).subarray(0, MAX_ANSWER).toString('utf8'),
          });
        });
        res.on('error', () => undefined);
      });
      const timer = setTimeout(() => req.destroy(new WebhookTimeoutError()), timeoutMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err instanceof WebhookAddressError || err instanceof WebhookTimeoutError ? err : new Error('the connection failed'));
      });
      req.end(body);
    });
}
