// `palpanel backup import <file>`, run in-process on a data dir no server holds: a copy of a
// backup made on another machine (another data dir) is checked as an upload is and listed as an
// `imported` backup that restores; a file that is not a backup, a damaged copy, and a missing file
// are refused with a clear message, exit 2, and nothing is kept.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackupService } from '../../src/backups/service.js';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import type { BackupRecord } from '../../src/backups/types.js';
import { openStore } from '../../src/store/index.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { silentLog } from '../helpers/silent-log.js';

/** Runs the CLI in this process; its exit code and what it printed. */
async function cli(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const io: CliIo = {
    env,
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    stdin: process.stdin,
    debug: false,
  };
  const code = await main(args, io);
  return { code, out, err };
}

/** A backup archive made on "another machine": its own data dir, a fixture world. */
async function archiveElsewhere(): Promise<{ path: string; rec: BackupRecord }> {
  const root = tempDir('palpanel-elsewhere-');
  const saveDir = join(root, 'world');
  cpSync(join(FIXTURES, 'v0.6-world2'), saveDir, { recursive: true });
  const store = await openStore(join(root, 'data'));
  try {
    const svc = new BackupService({
      store,
      world: () => saveDir,
      backupDir: join(root, 'data', 'backups'),
      log: silentLog,
      clock: () => new Date(),
      settleMs: 0,
      maxWaitMs: 1000,
    });
    const rec = await svc.start('manual', 'cli').done;
    return { path: join(root, 'data', 'backups', `${rec.id}.tar.gz`), rec };
  } finally {
    store.close();
  }
}

describe('palpanel backup import', () => {
  it('adds a good archive as an imported backup with its own world, which restores; --help explains', async () => {
    const { path, rec } = await archiveElsewhere();
    const root = tempDir('palpanel-import-');
    const saveDir = join(root, 'world');
    cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
    const dirs = ['--data-dir', join(root, 'data'), '--save-dir', saveDir];
    const r = await cli(['backup', 'import', path, '--json', ...dirs]);
    expect(r.code, r.err).toBe(0);
    const imported = JSON.parse(r.out) as BackupRecord;
    // Listed with its own world, as parsed here (the archive was made where no parse had run).
    expect(imported).toMatchObject({ trigger: 'imported', fileCount: rec.fileCount, world: { players: 1, pals: 0, guilds: 1 } });
    const list = JSON.parse((await cli(['backup', 'list', '--json', ...dirs])).out) as BackupRecord[];
    expect(list.map((b) => b.id)).toEqual([imported.id]);
    // It restores like any backup: the world folder then holds the other machine's Level.sav.
    const restored = await cli(['backup', 'restore', imported.id, '--confirm', 'RESTORE', ...dirs]);
    expect(restored.code).toBe(0);
    expect(readFileSync(join(saveDir, 'Level.sav')).equals(readFileSync(join(FIXTURES, 'v0.6-world2', 'Level.sav')))).toBe(true);
    const help = await cli(['backup', 'import', '--help']);
    const words = help.out.replace(/\s+/g, ' ');
    expect(words).toMatch(/off-site copy fetched back/);
    expect(words).toMatch(/nothing is kept when it fails/);
  });

  it('refuses a file that is not a backup, a damaged copy, and a missing file, in words; exit 2; nothing kept', async () => {
    const { path } = await archiveElsewhere();
    const root = tempDir('palpanel-import-bad-');
    const saveDir = join(root, 'world');
    cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
    const dirs = ['--data-dir', join(root, 'data'), '--save-dir', saveDir];
    const notes = join(root, 'notes.tar.gz');
    writeFileSync(notes, 'just some notes\n');
    const flipped = join(root, 'flipped.tar.gz');
    const bytes = readFileSync(path);
    bytes[Math.floor(bytes.length / 2)] ^= 0x10;
    writeFileSync(flipped, bytes);
    const cases: [string, RegExp][] = [
      [notes, /^palpanel: The file is not a palpanel backup: the archive is not a gzip file, or is damaged\.$/],
      [flipped, /^palpanel: The file is not a palpanel backup: .+\.$/],
      [join(root, 'absent.tar.gz'), /^palpanel: Cannot read .*absent\.tar\.gz: no such file or folder\.$/],
      [root, /^palpanel: .* is not a file\.$/],
    ];
    for (const [file, words] of cases) {
      const r = await cli(['backup', 'import', file, ...dirs]);
      expect(r.code, file).toBe(2);
      expect(r.err.trimEnd().split('\n').at(-1), file).toMatch(words);
      expect(r.out).toBe('');
    }
    expect(readdirSync(join(root, 'data', 'backups'))).toEqual([]);
    expect(JSON.parse((await cli(['backup', 'list', '--json', ...dirs])).out)).toEqual([]);
  });
});
