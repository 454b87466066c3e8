import { afterEach, describe, expect, it } from 'vitest';
import { performAdminOp } from '../../src/control/admin-client.js';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { TooManyKeysError, ValidationError } from '../../src/domain/errors.js';
import type { KeyRecord } from '../../src/store/keys.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';

const running: RunningServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

async function serve(dir: string): Promise<RunningServer> {
  const r = await startServe({ settings: testSettings(dir), log: createLogger('text', () => {}), version: 'test', ready: () => {} });
  running.push(r);
  return r;
}

describe('control socket', () => {
  it('200 concurrent creations through the socket never end with more than 100 active keys', async () => {
    const dir = tempDir();
    const server = await serve(dir);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => performAdminOp(dir, { op: 'keys.create', label: `bot ${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect(r.reason).toBeInstanceOf(TooManyKeysError);
    const list = (await performAdminOp(dir, { op: 'keys.list' })) as KeyRecord[];
    expect(list.filter((k) => k.revokedAt === null)).toHaveLength(100);
    expect(server.store.keys.list()).toHaveLength(100);
  });

  it('a revocation through the socket is seen by the running server at once', async () => {
    const dir = tempDir();
    const server = await serve(dir);
    const created = (await performAdminOp(dir, { op: 'keys.create', label: 'bot' })) as KeyRecord & { key: string };
    expect(server.store.keys.verify(created.key)).toBe(created.id);
    await performAdminOp(dir, { op: 'keys.revoke', id: created.id });
    expect(server.store.keys.verify(created.key)).toBeNull();
  });

  it('errors keep their kind across the socket', async () => {
    const dir = tempDir();
    await serve(dir);
    await expect(performAdminOp(dir, { op: 'keys.create', label: '   ' })).rejects.toBeInstanceOf(ValidationError);
    await expect(performAdminOp(dir, { op: 'users.add', name: 'ann', role: 'admin', password: 'short' })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('works without a server by opening the store under the lock', async () => {
    const dir = tempDir();
    const created = (await performAdminOp(dir, { op: 'keys.create', label: 'offline' })) as KeyRecord;
    const server = await serve(dir);
    expect(server.store.keys.list().map((k) => k.id)).toEqual([created.id]);
  });
});
