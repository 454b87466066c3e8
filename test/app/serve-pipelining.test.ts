// Pipelining against the real serve stack (issue 28, finding 10): `GET, GET, FOO` written at once
// on one kept-alive connection gets both GETs answered in order, then an error for FOO (a method
// node's parser refuses), never a dropped connection after the first answer. Through the real
// node adapter and handler (the adapter's own test uses an echo handler), on the public route,
// the Integration API with a key, the panel with a session, and the web UI.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { tempDir } from '../helpers/temp.js';
import { testSettings } from '../helpers/settings.js';
import { fromPanelPage } from '../helpers/panel-page.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Writes `raw` in one go and reads until the server closes the connection. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect({ port, host: '127.0.0.1' });
    let got = '';
    sock.on('data', (c: Buffer) => (got += c.toString('latin1')));
    sock.on('connect', () => sock.write(raw));
    sock.on('close', () => resolve(got));
    sock.on('error', reject);
  });
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

describe('pipelined requests on the real server', () => {
  it('GET, GET, FOO on one connection: two answers in order, then 4xx for FOO', async () => {
    server = await startServe({
      settings: testSettings(tempDir(), { SERVICE_INTEGRATION_RATE_LIMIT: '100000' }),
      log: () => {},
      version: 'test',
      ready: () => {},
    });
    server.store.users.add('admin', 'admin', 'a-long-admin-passphrase', 'cli');
    const { key } = server.store.keys.create('pipelining', 'cli');
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(server.url),
      body: JSON.stringify({ username: 'admin', password: 'a-long-admin-passphrase' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const port = Number(new URL(server.url).port);
    const cases: [string, string, number][] = [
      ['/healthz', '', 405],
      ['/api/integration/v1/server', `Authorization: Bearer ${key}\r\n`, 405],
      ['/api/integration/v1/players?limit=100', `Authorization: Bearer ${key}\r\n`, 405],
      ['/api/v1/server', `Cookie: ${cookie}\r\n`, 401],
      ['/api/openapi.json', '', 405],
      ['/', '', 405],
    ];
    for (const [path, auth, foo] of cases) {
      const head = (method: string) => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${auth}\r\n`;
      const got = await exchange(port, head('GET') + head('GET') + head('FOO'));
      expect(statuses(got), `${path}\n${got.slice(0, 1500)}`).toEqual([200, 200, foo]);
      expect(got.split('\r\n\r\n')[0], path).not.toMatch(/connection: close/i);
    }
  });
});
