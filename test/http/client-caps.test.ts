// Issue 37, findings 2 and 3: the per-address connection cap counts an IPv6 client by its /64,
// and behind a trusted proxy it counts the client the proxy names, not the proxy: one client
// through the proxy cannot take every other client's requests down with it.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import type { Handler, HttpResponse } from '../../src/http/types.js';
import { clientKey } from '../../src/lib/net-address.js';

describe('clientKey', () => {
  it('keys IPv4 exactly, IPv4-mapped as IPv4, IPv6 by its first 64 bits', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::5')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:DB8:1:2::5')).toBe(clientKey('[2001:db8:1:2:0:0:0:9]'));
    expect(clientKey('2001:db8:1:2::5')).not.toBe(clientKey('2001:db8:1:3::5'));
    expect(clientKey('::1')).toBe(clientKey('0:0:0:0:0:0:0:1'));
  });
});

/** Never answers /hang; 200 for anything else. */
const handler: Handler = (req): Promise<HttpResponse> =>
  req.path === '/hang'
    ? new Promise<HttpResponse>(() => undefined)
    : Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request from 127.0.0.1 (the proxy) naming `client` in X-Forwarded-For; the socket and
 * what came back once it closes. */
function viaProxy(port: number, path: string, client: string) {
  const sock = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
  let buf = '';
  sock.on('data', (c) => (buf += c.toString('latin1')));
  sock.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => sock.on('close', () => resolve(buf)));
  sock.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${client}\r\nConnection: close\r\n\r\n`);
  return { sock, closed };
}

describe('per-client caps behind a trusted proxy', () => {
  let server: RunningHttpServer | null = null;
  afterEach(async () => {
    await server?.close(200);
    server = null;
  });

  it('counts each forwarded client (IPv6 by /64), never the proxy itself, which only the total limits', async () => {
    server = await startHttpServer(handler, {
      host: '127.0.0.1',
      port: 0,
      log: () => undefined,
      trustedProxies: ['127.0.0.1'],
      limits: { maxConnectionsPerAddress: 2, maxConnections: 12 },
    });
    const port = server.port;
    const held = [
      viaProxy(port, '/hang', '203.0.113.7'),
      viaProxy(port, '/hang', '203.0.113.7'),
      viaProxy(port, '/hang', '2001:db8:1:2::5'),
      viaProxy(port, '/hang', '2001:db8:1:2:ffff::9'),
    ];
    try {
      await wait(200);
      // The greedy clients are refused, with the connection cap's own answer...
      for (const client of ['203.0.113.7', '2001:db8:1:2::77']) {
        const refused = await viaProxy(port, '/healthz', client).closed;
        expect(refused, client).toMatch(/^HTTP\/1\.1 503 /);
        expect(refused).toMatch(/\r\nretry-after: 5\r\n/);
        expect(JSON.parse(refused.split('\r\n\r\n')[1])).toEqual({
          error: { code: 'unavailable', message: 'Too many connections; retry later.' },
        });
      }
      // ...while every other client through the same proxy is served: another IPv4 address,
      // the next /64, and a direct client from another address.
      for (const client of ['203.0.113.8', '2001:db8:1:3::5']) {
        expect(await viaProxy(port, '/healthz', client).closed, client).toMatch(/^HTTP\/1\.1 200 /);
      }
      // A held request that ends frees its client's slot.
      held[0].sock.destroy();
      await wait(100);
      expect(await viaProxy(port, '/healthz', '203.0.113.7').closed).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const h of held) h.sock.destroy();
    }
  });
});
