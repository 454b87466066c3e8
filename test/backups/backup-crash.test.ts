// SIGKILL during backups and restores, repeated: a child process makes a backup, then restores
// it again and again while making more; it is killed at a random moment. After each kill, as the
// next start would, the swap marker is recovered: the save folder is then always the whole world
// (byte for byte), and every listed backup reads back whole.
import { spawn } from 'node:child_process';
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArchive } from '../../src/backups/archive.js';
import { BackupService } from '../../src/backups/service.js';
import { recoverRestore } from '../../src/backups/restore.js';
import { seededRandom } from '../../src/lib/prng.js';
import { openStore } from '../../src/store/index.js';
import { FIXTURES, ROOT, tempDir } from '../helpers/cli.js';
import { fileTree } from '../helpers/tree.js';
import { countSetting } from '../helpers/counts.js';

const ROUNDS = Math.max(3, Math.round(countSetting('PALPANEL_TEST_CRASH_ROUNDS', 20) / 3));

const CHILD = `
  const { openStore } = await import(${JSON.stringify(join(ROOT, 'src/store/index.ts'))});
  const { BackupService } = await import(${JSON.stringify(join(ROOT, 'src/backups/service.ts'))});
  const { Restorer, recoverRestore } = await import(${JSON.stringify(join(ROOT, 'src/backups/restore.ts'))});
  const [dataDir, saveDir] = process.argv.slice(-2);
  const log = () => {};
  recoverRestore(dataDir, log);
  const store = await openStore(dataDir);
  const svc = new BackupService({ store, world: () => saveDir, backupDir: dataDir + '/backups', log, clock: () => new Date(), settleMs: 0, maxWaitMs: 1000 });
  const restorer = new Restorer({ store, backups: svc, world: () => saveDir, dataDir, log, clock: () => new Date(), game: { running: () => false }, ingest: null });
  const first = (await svc.list()).at(-1)?.id ?? (await svc.start('manual', 'cli').done).id;
  process.stdout.write('ready\\n');
  for (;;) {
    await restorer.restore(first, { confirm: 'RESTORE', shutdown: false }, 'cli');
    await svc.start('manual', 'cli').done;
  }
`;

describe('SIGKILL during backups and restores', () => {
  it(`leaves the whole world and only whole backups, ${ROUNDS} kills`, async () => {
    const root = tempDir('palpanel-crash-');
    const saveDir = join(root, 'world');
    const dataDir = join(root, 'data');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const world = fileTree(saveDir);
    const rng = seededRandom(7);
    for (let round = 0; round < ROUNDS; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, dataDir, saveDir], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
        child.on('exit', (code) => reject(new Error(`child exited ${code}: ${stderr}`)));
      });
      await new Promise((r) => setTimeout(r, Math.floor(rng() * 1500)));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // What the next start does first.
      recoverRestore(dataDir, () => undefined);
      expect(fileTree(saveDir), `round ${round}`).toEqual(world);
      const store = await openStore(dataDir);
      try {
        const svc = new BackupService({
          store,
          world: () => saveDir,
          backupDir: join(dataDir, 'backups'),
          log: () => undefined,
          clock: () => new Date(),
        });
        for (const b of await svc.list()) await readArchive(join(dataDir, 'backups', `${b.id}.tar.gz`));
        expect(readdirSync(join(dataDir, 'backups')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      } finally {
        store.close();
      }
    }
  }, 300_000);
});
