// The conformance table against the built executable: `dist/palpanel serve` on a seeded data
// dir, over a real socket. Cases that need live or re-parse control are skipped (the
// executable has no game server here, so it reports `unreachable`).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { builtExecutable, tempDir } from '../helpers/cli.js';
import { CONFORMANCE_CASES, runCase, type ConformanceFixture } from './conformance-table.js';
import { seedConformance } from './conformance-fixture.js';
import { socketSend } from './fixture.js';

const cases = CONFORMANCE_CASES.filter((c) => !c.needs?.length);

describe('conformance, end to end against dist/palpanel serve', () => {
  let dir: string;
  let child: ChildProcess;
  let send: ReturnType<typeof socketSend>;
  let fx: ConformanceFixture;

  beforeAll(async () => {
    dir = tempDir('palpanel-e2e-http-');
    const store = await openStore(dir);
    fx = seedConformance(store);
    store.close();
    child = spawn(builtExecutable(), ['serve'], {
      env: { ...process.env, SERVICE_DATA_DIR: dir, SERVICE_LISTEN: '127.0.0.1:0', SERVICE_INTEGRATION_RATE_LIMIT: '1000000000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 20_000);
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    send = socketSend(url);
  });

  afterAll(async () => {
    send?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });

  for (const c of cases) it(c.name, () => runCase(c, send, fx));
});
