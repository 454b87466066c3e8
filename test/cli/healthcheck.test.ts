// `palpanel healthcheck` (the container's HEALTHCHECK) follows SERVICE_LISTEN as serve reads it:
// ok (exit 0) against a running serve on that address, on a loopback or an every-interface one;
// exit 1 in words when nothing answers; exit 2 for an address it cannot ask (port 0).
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';

const open: RunningServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.stop();
});

async function run(env: Record<string, string>, args: string[] = []) {
  let out = '';
  let err = '';
  const io: CliIo = { env, out: (t) => void (out += t), err: (t) => void (err += t), stdin: process.stdin, debug: false };
  const code = await main(['healthcheck', ...args], io);
  return { code, out, err };
}

async function serveOn(listen: string): Promise<number> {
  const server = await startServe({
    settings: testSettings(tempDir(), { SERVICE_LISTEN: listen }),
    log: createLogger('text', () => {}),
    version: 't',
    ready: () => {},
  });
  open.push(server);
  return Number(new URL(server.url).port);
}

describe('palpanel healthcheck', () => {
  it('asks /healthz where SERVICE_LISTEN says, the loopback address for 0.0.0.0; --listen wins', async () => {
    const port = await serveOn('127.0.0.1:0');
    expect(await run({ SERVICE_LISTEN: `127.0.0.1:${port}` })).toEqual({ code: 0, out: `ok http://127.0.0.1:${port}/healthz\n`, err: '' });
    expect((await run({ SERVICE_LISTEN: '127.0.0.1:1' }, ['--listen', `127.0.0.1:${port}`])).code).toBe(0);
    const all = await serveOn('0.0.0.0:0');
    expect(await run({ SERVICE_LISTEN: `0.0.0.0:${all}` })).toMatchObject({ code: 0, out: `ok http://127.0.0.1:${all}/healthz\n` });
  });

  it('nothing listening: exit 1 saying so; port 0 or a bad address: exit 2 naming it', async () => {
    const port = await serveOn('127.0.0.1:0');
    await open.pop()!.stop();
    const down = await run({ SERVICE_LISTEN: `127.0.0.1:${port}` });
    expect(down).toMatchObject({ code: 1, out: '' });
    expect(down.err).toBe(`palpanel: The healthcheck of http://127.0.0.1:${port}/healthz failed: nothing answers there.\n`);
    expect((await run({ SERVICE_LISTEN: '0.0.0.0:0' })).code).toBe(2);
    const bad = await run({ SERVICE_LISTEN: 'nonsense' });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('SERVICE_LISTEN');
  });
});
