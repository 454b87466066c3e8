import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, JournalDamagedError, StorageError } from '../../src/domain/errors.js';
import { openStore, PANEL_DB, PANEL_JOURNAL } from '../../src/store/index.js';
import { spawn } from 'node:child_process';
import { ROOT, tempDir } from '../helpers/cli.js';

describe('store durability', () => {
  it('replays acknowledged writes from the journal when the process died before a checkpoint', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const created = Array.from({ length: 5 }, (_, i) => store.keys.create(`k${i}`, 'cli'));
    // Simulate kill -9: no close(), no checkpoint; only the lock is dropped as the OS would.
    expect(statSync(join(dir, PANEL_JOURNAL)).size).toBeGreaterThan(0);
    const snapshot = readFileSync(join(dir, PANEL_DB));
    // Reopen from a copy of the files as they are on disk right now.
    const copy = tempDir();
    writeFileSync(join(copy, PANEL_DB), snapshot);
    writeFileSync(join(copy, PANEL_JOURNAL), readFileSync(join(dir, PANEL_JOURNAL)));
    const again = await openStore(copy);
    expect(
      again.keys
        .list()
        .map((k) => k.id)
        .sort(),
    ).toEqual(created.map((k) => k.id).sort());
    again.close();
    store.close();
  });

  it('cuts a torn journal tail and keeps every complete record', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const a = store.keys.create('a', 'cli');
    const journal = readFileSync(join(dir, PANEL_JOURNAL));
    const snapshot = readFileSync(join(dir, PANEL_DB));
    store.close();
    const copy = tempDir();
    writeFileSync(join(copy, PANEL_DB), snapshot);
    writeFileSync(join(copy, PANEL_JOURNAL), journal);
    appendFileSync(join(copy, PANEL_JOURNAL), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5])); // half a record
    const again = await openStore(copy);
    expect(again.keys.list().map((k) => k.id)).toEqual([a.id]);
    // New writes after the cut are readable on the next open.
    const b = again.keys.create('b', 'cli');
    again.close();
    const third = await openStore(copy);
    expect(third.keys.list().map((k) => k.id)).toEqual([b.id, a.id]);
    third.close();
  });

  it('removes the temp file a snapshot write killed before its rename left behind', async () => {
    const dir = tempDir();
    (await openStore(dir)).close();
    const stale = [join(dir, '.panel.db.4242.tmp'), join(dir, '.world.db.77.tmp')];
    for (const f of stale) writeFileSync(f, 'half a snapshot');
    writeFileSync(join(dir, 'notes.tmp'), 'not ours');
    const again = await openStore(dir);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual(['notes.tmp']);
    again.close();
  });

  it('a journal damaged before its tail fails the start loudly, keeps the file aside, and recovers what precedes the damage', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const keys = Array.from({ length: 20 }, (_, i) => store.keys.create(`k${i}`, 'cli'));
    const journal = readFileSync(join(dir, PANEL_JOURNAL));
    const snapshot = readFileSync(join(dir, PANEL_DB));
    store.close();
    // One flipped bit in the middle of the journal, as a failing disk would leave it.
    const copy = tempDir();
    const damaged = Buffer.from(journal);
    damaged[Math.floor(damaged.length / 2)] ^= 0x10;
    writeFileSync(join(copy, PANEL_DB), snapshot);
    writeFileSync(join(copy, PANEL_JOURNAL), damaged);
    const err = await openStore(copy).then(
      (s) => {
        s.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(JournalDamagedError);
    expect((err as Error).message).toMatch(/damaged at byte \d+: \d+ later writes after it cannot be read/);
    const kept = readdirSync(copy).filter((n) => n.startsWith(`${PANEL_JOURNAL}.damaged-`));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(copy, kept[0]))).toEqual(damaged);
    // The next start goes on with every key written before the damage, and only those.
    const again = await openStore(copy);
    const ids = again.keys.list().map((k) => k.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(keys.length);
    const expected = keys.slice(0, ids.length).map((k) => k.id);
    expect([...ids].sort()).toEqual([...expected].sort());
    again.close();
  });

  it('does not apply a journal twice when a crash came between snapshot and journal reset', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    store.keys.create('a', 'cli');
    const journal = readFileSync(join(dir, PANEL_JOURNAL));
    store.close(); // checkpoint: snapshot now holds the key, journal emptied
    writeFileSync(join(dir, PANEL_JOURNAL), journal); // the reset "did not happen"
    const again = await openStore(dir);
    expect(again.keys.list()).toHaveLength(1);
    again.close();
  });

  it('another process holding the old abstract lock names cannot block it; the lock is a socket inside the data dir', async () => {
    const dir = tempDir();
    // An older palpanel named its lock after an id in this file, or after the data dir's path;
    // the abstract names are listed in /proc/net/unix for any local user to read and bind first.
    const id = 'ab'.repeat(32);
    writeFileSync(join(dir, 'palpanel.lock-id'), `${id}\n`, { mode: 0o600 });
    const names = [...new Set([id, realpathSync(dir), dir])].map(
      (p) => `\0palpanel-${createHash('sha256').update(p).digest('hex').slice(0, 40)}`,
    );
    const squatter = spawn(
      process.execPath,
      [
        '-e',
        `const net = require('node:net'); let n = 0;
         for (const name of ${JSON.stringify(names)}) net.createServer().listen(name, () => { if (++n === ${names.length}) console.log('bound'); });
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve) => squatter.stdout.on('data', (c) => String(c).includes('bound') && resolve()));
      const store = await openStore(dir);
      await expect(openStore(dir)).rejects.toBeInstanceOf(DataDirLockedError);
      // What a local user sees of this process's sockets in /proc/net/unix: no abstract name
      // (`@…`) of ours, only a path inside the data dir (0700), whose socket only the owner
      // may connect to.
      const mine = new Set(
        readdirSync('/proc/self/fd')
          .map((fd) => {
            try {
              return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
            } catch {
              return undefined;
            }
          })
          .filter((i) => i !== undefined),
      );
      const listed = readFileSync('/proc/net/unix', 'utf8')
        .split('\n')
        .map((l) => l.trim().split(/\s+/))
        .filter((f) => mine.has(f[6]) && f[7] !== undefined && f[7].includes('palpanel'))
        .map((f) => f[7]);
      expect(listed.filter((p) => p.startsWith('@'))).toEqual([]);
      // (The kernel lists the name the socket was bound under, before its rename into view.)
      expect(listed.length).toBeGreaterThan(0);
      for (const p of listed) expect(p).toMatch(new RegExp(`^${dir}/palpanel\\.lock\\.[0-9a-f]{16}\\.new$`));
      const sockets = readdirSync(dir).filter((f) => f.endsWith('.sock'));
      expect(sockets).toHaveLength(1);
      expect(statSync(join(dir, sockets[0])).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(readdirSync(dir)).not.toContain('palpanel.lock-id');
      store.close();
      // A clean release leaves no socket behind.
      expect(readdirSync(dir).filter((f) => f.startsWith('palpanel.lock'))).toEqual([]);
      const again = await openStore(dir);
      again.close();
    } finally {
      squatter.kill('SIGKILL');
    }
  });

  it('refuses a second opener of the same data dir; a pid file left behind does not lock it', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    await expect(openStore(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openStore(dir)).rejects.toThrow(`pid ${process.pid}`);
    store.close();
    writeFileSync(join(dir, 'palpanel.lock'), '999999999\n'); // as a killed owner leaves it
    const again = await openStore(dir);
    again.close();
  });

  it('a data dir deeper than a socket path can be: the lock still works', async () => {
    const dir = join(tempDir(), 'a-long-folder-name-'.repeat(6));
    expect(dir.length).toBeGreaterThan(110);
    const store = await openStore(dir);
    await expect(openStore(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    store.close();
    const again = await openStore(dir);
    again.close();
  });

  it('the lock ends with its process, even on SIGKILL, and concurrent openers never both get it', async () => {
    const dir = tempDir();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(ROOT, 'src/store/index.ts')}').then(async (m) => { await m.openStore(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.on('data', (c) => String(c).includes('held') && resolve()));
    await expect(openStore(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    // The killed holder's socket file is still there: it refuses connections, so it is debris.
    expect(readdirSync(dir).filter((f) => f.endsWith('.sock'))).toHaveLength(1);
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([openStore(dir), openStore(dir), openStore(dir)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
      won[0].value.close();
    }
  });

  it('a store file that is not a database is a named error, not a crash', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, PANEL_DB), 'not a database at all');
    await expect(openStore(dir)).rejects.toBeInstanceOf(StorageError);
    truncateSync(join(dir, PANEL_DB), 0);
  });

  it('events keep only public kinds for the Integration API, newest first', async () => {
    const store = await openStore(tempDir());
    const at = '2026-01-01T00:00:00.000Z';
    store.events.append({ at, kind: 'join', message: 'Alice joined the server' });
    store.events.append({ at, kind: 'system', message: 'Palworld REST API is reachable' });
    store.events.append({ at, kind: 'system', message: 'something internal' });
    store.events.append({ at, kind: 'audit', message: 'admin created a key' });
    store.events.append({ at, kind: 'backup', message: 'Backup completed' });
    store.events.append({ at, kind: 'backup', message: 'Backup failed: disk full' });
    expect(store.events.listPublic(50).map((e) => e.message)).toEqual([
      'Backup completed',
      'Palworld REST API is reachable',
      'Alice joined the server',
    ]);
    expect(store.events.listAll(50)).toHaveLength(6);
    store.close();
  });

  it('pruning never evicts the latest 100 public events for panel events', async () => {
    const store = await openStore(tempDir());
    const old = '2025-01-01T00:00:00.000Z';
    for (let i = 0; i < 150; i++) store.events.append({ at: old, kind: 'join', message: `p${i} joined the server` });
    store.events.prune(new Date('2026-01-01T00:00:00.000Z'));
    expect(store.events.listPublic(100)).toHaveLength(100);
    expect(store.events.listPublic(100)[0].message).toBe('p149 joined the server');
    store.close();
  });
});
