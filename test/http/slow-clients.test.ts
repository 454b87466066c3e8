// Issue 37, finding 2: slow clients must not hold connection slots. A client that sends a header
// line and then a byte now and then is cut at an absolute deadline its bytes do not extend, and
// the slot it held is free once the server has ended the socket, not when the socket finally
// closes; /healthz from another address answers meanwhile.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import type { Handler, HttpResponse } from '../../src/http/types.js';

const okHandler: Handler = (): Promise<HttpResponse> =>
  Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"ok"}' });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A slowloris client: the request line and one header, then one header byte every `everyMs`.
 * It keeps its own side open when the server ends (allowHalfOpen), as an attacker would. */
function trickle(port: number, from: string, everyMs: number) {
  const sock: Socket = connect({ port, host: '127.0.0.1', localAddress: from, allowHalfOpen: true });
  let closedAt = 0;
  const closed = new Promise<void>((resolve) =>
    sock.on('close', () => {
      closedAt = Date.now();
      resolve();
    }),
  );
  sock.on('error', () => undefined);
  sock.on('data', () => undefined);
  sock.write('GET / HTTP/1.1\r\nHost: x\r\n');
  const timer = setInterval(() => {
    if (!sock.destroyed) sock.write('X');
  }, everyMs);
  return {
    closed,
    closedAt: () => closedAt,
    stop: () => {
      clearInterval(timer);
      sock.destroy();
    },
  };
}

function healthz(port: number, from: string): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect({ port, host: '127.0.0.1', localAddress: from });
    let buf = '';
    sock.on('data', (c) => (buf += c.toString('latin1')));
    sock.on('error', () => undefined);
    sock.on('close', () => resolve(buf));
    sock.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  });
}

describe('slow clients (issue 37, finding 2)', () => {
  let server: RunningHttpServer | null = null;
  afterEach(async () => {
    await server?.close(200);
    server = null;
  });

  it('a trickled head is cut at its absolute deadline, its slot freed; /healthz from another address answers 200 meanwhile', async () => {
    // Small caps: three addresses of two sockets each fill the total. The socket timeout is far
    // longer than the test, so only the header deadline can end the trickling sockets.
    server = await startHttpServer(okHandler, {
      host: '127.0.0.1',
      port: 0,
      log: () => undefined,
      limits: {
        headersTimeoutMs: 400,
        requestTimeoutMs: 800,
        checkIntervalMs: 100,
        socketTimeoutMs: 120_000,
        maxConnections: 6,
        maxConnectionsPerAddress: 2,
      },
    });
    const port = server.port;
    const t0 = Date.now();
    const attack = ['127.0.0.3', '127.0.0.4', '127.0.0.5'].flatMap((a) => [trickle(port, a, 100), trickle(port, a, 100)]);
    try {
      // Past the header deadline, the bytes still coming: /healthz from a fresh address gets a slot.
      await wait(1_200);
      expect(await healthz(port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 /);
      // And every trickling socket is closed by the server, however many bytes it still sends.
      await Promise.race([Promise.all(attack.map((a) => a.closed)), wait(4_000)]);
      for (const a of attack) {
        expect(a.closedAt()).toBeGreaterThan(0);
        expect(a.closedAt() - t0).toBeLessThan(4_000);
      }
      expect(await healthz(port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const a of attack) a.stop();
    }
  }, 15_000);

  it('with every slot held by heads still within their deadline, a fresh address gets one: the oldest waiting head of the biggest holder goes', async () => {
    server = await startHttpServer(okHandler, {
      host: '127.0.0.1',
      port: 0,
      log: () => undefined,
      limits: {
        headersTimeoutMs: 60_000,
        requestTimeoutMs: 60_000,
        socketTimeoutMs: 120_000,
        maxConnections: 6,
        maxConnectionsPerAddress: 4,
      },
    });
    const port = server.port;
    const attack = [];
    for (const a of ['127.0.0.3', '127.0.0.3', '127.0.0.3', '127.0.0.3', '127.0.0.4', '127.0.0.4']) {
      attack.push(trickle(port, a, 200));
      await wait(30);
    }
    try {
      await wait(300);
      expect(await healthz(port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 /);
      // The slot came from 127.0.0.3, which held the most, and from its oldest head.
      await Promise.race([attack[0].closed, wait(2_000)]);
      expect(attack[0].closedAt()).toBeGreaterThan(0);
      expect(attack.slice(1).every((a) => a.closedAt() === 0)).toBe(true);
      expect(await healthz(port, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const a of attack) a.stop();
    }
  });
});
