// The backup tests' common setup: a copy of a real fixture world in a temp root, the real store in
// a data dir beside it, the backup service and the restorer over them, and their ports. Each test
// file says only what differs (the clock, the game, the free space...). The store is closed when
// the test that made it finishes.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { BackupService, type BackupServiceOptions } from '../../src/backups/service.js';
import { Restorer, type RestorerOptions } from '../../src/backups/restore.js';
import { createBackupPorts } from '../../src/backups/stack.js';
import { openStore } from '../../src/store/index.js';
import type { Clock } from '../../src/lib/time.js';
import type { Logger } from '../../src/lib/logger.js';
import { FIXTURES, tempDir } from './cli.js';

export interface BackupRigOptions {
  /** The fixture world copied (default v0.6-world1). */
  fixture?: string;
  /** The world folder's name below the root (default `world`; a world id for tests that need one). */
  worldName?: string;
  clock?: Clock;
  log?: Logger;
  /** What the service is given besides the world, store, folder, log and clock. */
  service?: Partial<BackupServiceOptions>;
  /** What the restorer is given besides those; the game defaults to one that is stopped. */
  restorer?: Partial<RestorerOptions>;
}

export async function backupRig(o: BackupRigOptions = {}) {
  const root = tempDir('palpanel-backups-');
  const saveDir = join(root, o.worldName ?? 'world');
  cpSync(join(FIXTURES, o.fixture ?? 'v0.6-world1'), saveDir, { recursive: true });
  const dataDir = join(root, 'data');
  const clock = o.clock ?? (() => new Date());
  const log = o.log ?? (() => undefined);
  const store = await openStore(dataDir, clock);
  onTestFinished(() => store.close());
  const svc = new BackupService({
    store,
    world: () => saveDir,
    backupDir: join(dataDir, 'backups'),
    log,
    clock,
    settleMs: 0,
    maxWaitMs: 1000,
    ...o.service,
  });
  const restorer = new Restorer({
    store,
    backups: svc,
    world: () => saveDir,
    dataDir,
    log,
    clock,
    game: { running: () => false },
    ingest: null,
    settleMs: 0,
    ...o.restorer,
  });
  const ports = createBackupPorts(svc, restorer, log);
  /** A finished manual backup's id. */
  const backup = async (): Promise<string> => {
    const { id, done } = svc.start('manual', 'cli');
    await done;
    return id;
  };
  return { root, saveDir, dataDir, store, svc, restorer, ports, clock, backup };
}
