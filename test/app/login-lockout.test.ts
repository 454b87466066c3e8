// Nobody can lock a user out (issue 28, finding 2; interface.md, "Beside a real server"): wrong
// passwords for a username from one address slow that address down, but the right password
// from an address that has not failed signs in at once. Real sockets against serve, from two
// loopback addresses (Linux answers all of 127.0.0.0/8).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { tempDir } from '../helpers/temp.js';
import { testSettings } from '../helpers/settings.js';

const VICTIM = { username: 'victim', password: 'the-right-pass-phrase' };

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** A login as a browser on the panel's page sends it, from `localAddress`. */
function login(base: string, body: { username: string; password: string }, localAddress: string): Promise<number> {
  const url = new URL(base);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/v1/auth/login',
        localAddress,
        agent: false,
        headers: { origin: url.origin, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('the failed-login throttle against a lockout', () => {
  it('wrong passwords for a user from 127.0.0.2 never keep the right one from signing in from 127.0.0.1', async () => {
    // A clock that stands still: the attacker's wait cannot run out between its last guess and
    // the checks below, however slow the machine (it had, under load, and the last check got 200).
    const at = new Date('2026-07-14T09:30:00.000Z');
    server = await startServe({ settings: testSettings(tempDir()), log: () => {}, version: 'test', ready: () => {}, clock: () => at });
    server.store.users.add(VICTIM.username, 'viewer', VICTIM.password, 'cli');
    const wrong = { username: VICTIM.username, password: 'a-wrong-guess' };
    const attacker: number[] = [];
    const victim: number[] = [];
    for (let round = 0; round < 15; round++) {
      // Each round the attacker guesses until it is held back, then the victim signs in.
      for (let i = 0; i < 20 && attacker.at(-1) !== 429; i++) attacker.push(await login(server.url, wrong, '127.0.0.2'));
      expect(attacker.at(-1)).toBe(429);
      victim.push(await login(server.url, VICTIM, '127.0.0.1'));
      attacker.push(0); // the next round starts guessing again
    }
    // The attacker's address was held back from its sixth guess on …
    expect(attacker.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    // … and the victim signed in every time.
    expect(victim).toEqual(Array(15).fill(200));
    // The attacker's address waits even with the right password.
    expect(await login(server.url, VICTIM, '127.0.0.2')).toBe(429);
  });
});
