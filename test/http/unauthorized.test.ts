// Authentication rule 3: every failure gets the same 401 — compared here byte for byte on the
// wire (status line, headers minus Date, body), in-process and through a real socket.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import type { Handler } from '../../src/http/types.js';
import { KEY_PATTERN } from '../../src/lib/key-grammar.js';
import { I } from './conformance-table.js';
import { inProcessSend, makeWorld, silentLog, tempStore, TestLive, type TempStore } from '../helpers/fixture.js';

function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    sock.on('data', (c: Buffer) => chunks.push(c));
    sock.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    sock.on('error', reject);
    sock.write(request);
  });
}

const withoutDate = (response: string) => response.replace(/\r\nDate: [^\r]*/i, '');

describe('uniform 401', () => {
  let ts: TempStore;
  let handler: Handler;
  let server: RunningHttpServer;
  let valid: string;
  let revoked: string;

  beforeAll(async () => {
    ts = await tempStore();
    ts.store.world.replace(makeWorld(), '2026-07-14T09:00:00.000Z');
    valid = ts.store.keys.create('valid', 'cli').key;
    const r = ts.store.keys.create('revoked', 'cli');
    ts.store.keys.revoke(r.id, 'cli');
    revoked = r.key;
    handler = createHandler({
      store: ts.store,
      live: new TestLive(),
      settings: { integrationRateLimit: 1e6, sessionTtlMs: 1e6 },
      clock: () => new Date(),
      log: silentLog,
      version: 't',
    });
    server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log: silentLog });
  });
  afterAll(async () => {
    await server.close(500);
    ts.cleanup();
  });

  /** Well-formed keys that must fail at the hash comparison: an id no key has, and a real id
   * with a secret of the right length that is not its own. */
  const wellFormed = () => {
    const [, id, secret] = KEY_PATTERN.exec(valid)!;
    const otherId = id === 'ffffffff' ? 'fffffffe' : 'ffffffff';
    const otherSecret = (secret[0] === 'B' ? 'C' : 'B').repeat(43);
    return { unknownId: `svk_${otherId}_${secret}`, wrongSecret: `svk_${id}_${otherSecret}` };
  };

  const variants = (): Record<string, { auth?: string; path?: string }> => ({
    missing: {},
    malformedScheme: { auth: 'Basic dXNlcjpwYXNz' },
    malformedKey: { auth: 'Bearer svk_nothing' },
    bearerOnly: { auth: 'Bearer' },
    lowercaseGarbage: { auth: 'bearer ' + 'x'.repeat(56) },
    tabValidKey: { auth: `Bearer\t${valid}` },
    basicValidKey: { auth: `Basic ${valid}` },
    empty: { auth: '' },
    unknownId: { auth: `Bearer ${wellFormed().unknownId}` },
    wrongSecret: { auth: `Bearer ${wellFormed().wrongSecret}` },
    revoked: { auth: `Bearer ${revoked}` },
    unknownPathNoKey: { path: '/no/such/thing' },
    unknownPathRevoked: { auth: `Bearer ${revoked}`, path: '/no/such/thing' },
    badQueryRevoked: { auth: `Bearer ${revoked}`, path: '/pals?limit=0&cursor=%%%' },
    malformedUidWrongSecret: { auth: `Bearer ${wellFormed().wrongSecret}`, path: '/players/zzz' },
  });

  it('the unknown-id and wrong-secret keys are well-formed, so they reach the hash comparison', () => {
    const { unknownId, wrongSecret } = wellFormed();
    for (const key of [unknownId, wrongSecret]) {
      expect(key).toMatch(KEY_PATTERN);
      expect(key).toHaveLength(valid.length);
      expect(key).not.toBe(valid);
    }
    expect(unknownId.slice(0, 13)).not.toBe(valid.slice(0, 13));
    expect(wrongSecret.slice(0, 13)).toBe(valid.slice(0, 13));
  });

  it('is byte-identical on the wire for every failure and every path', async () => {
    const answers: Record<string, string> = {};
    for (const [name, v] of Object.entries(variants())) {
      const auth = v.auth === undefined ? '' : `Authorization: ${v.auth}\r\n`;
      answers[name] = withoutDate(
        await raw(server.port, `GET ${I}${v.path ?? '/players'} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Connection: close\r\n\r\n`),
      );
    }
    const reference = answers.missing;
    expect(reference).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(reference).toMatch(/\r\nwww-authenticate: Bearer\r\n/i);
    expect(reference).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(reference.endsWith('{"error":{"code":"unauthorized","message":"A valid API key is required."}}')).toBe(true);
    expect(reference).not.toMatch(/access-control-|etag/i);
    for (const [name, answer] of Object.entries(answers)) expect(answer, name).toBe(reference);
  });

  it('two Authorization headers are malformed, whichever comes first: the same 401', async () => {
    const missing = withoutDate(await raw(server.port, `GET ${I}/players HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    for (const [a, b] of [
      [`Bearer ${valid}`, `Bearer ${revoked}`],
      [`Bearer ${valid}`, `Bearer ${valid}`],
      [`Bearer ${valid}`, 'Basic x'],
    ]) {
      const answer = withoutDate(
        await raw(
          server.port,
          `GET ${I}/players HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${a}\r\nAuthorization: ${b}\r\nConnection: close\r\n\r\n`,
        ),
      );
      expect(answer, `${a} / ${b}`).toBe(missing);
    }
  });

  it('is identical in-process too (status, headers, body)', async () => {
    const send = inProcessSend(handler);
    const results = [];
    for (const v of Object.values(variants())) {
      results.push(
        await send({ method: 'GET', path: `${I}${v.path ?? '/players'}`, headers: v.auth === undefined ? {} : { authorization: v.auth } }),
      );
    }
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0].status).toBe(401);
  });

  it('a valid key passes (the reference is not a blanket 401)', async () => {
    const ok = await raw(
      server.port,
      `GET ${I}/players HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${valid}\r\nConnection: close\r\n\r\n`,
    );
    expect(ok).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});
