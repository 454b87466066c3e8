// The world database build (store step of a parse): a complete, valid database of exactly the
// pages in use, whose rows read back as given, whatever the size estimate made of them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorldSnapshot } from '../../src/domain/world.js';
import { writeTempFile } from '../../src/lib/atomic-file.js';
import { loadSqlJs, openHandedOver } from '../../src/store/sqljs.js';
import { buildWorldDatabase, WorldRepo } from '../../src/store/world.js';
import { tempDir } from '../helpers/temp.js';

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const uid = (i: number) => `${hex(i, 8)}-0000-0000-0000-000000000000`;

function snapshot(players: number, pals: number, name: (i: number) => string): WorldSnapshot {
  return {
    players: Array.from({ length: players }, (_, i) => ({ uid: uid(i), name: name(i), level: i % 60 })),
    pals: Array.from({ length: pals }, (_, i) => ({
      instanceId: `${hex((i * 7919) % pals, 8)}-1111-2222-3333-444444444444`,
      ownerUid: uid(i % players),
      placement: ['party', 'box', 'base', 'unknown'][i % 4],
      displayName: name(i),
      talents: { hp: i % 100 },
    })),
    guilds: [{ id: 'g1', name: name(1) }],
    formatDrift: false,
    warnings: [],
    meta: {},
  } as unknown as WorldSnapshot;
}

describe('world database build', () => {
  it.each([
    ['ascii', (i: number) => `Pal ${i}`],
    // Four UTF-8 bytes per character: more bytes than the rows' length suggests.
    ['emoji', (i: number) => '🐑'.repeat(40 + (i % 50))],
  ])('a %s world of 20,000 pals is a valid database of exactly its pages and reads back whole', async (_, name) => {
    const SQL = await loadSqlJs();
    const snap = snapshot(100, 20_000, name);
    const bytes = buildWorldDatabase(SQL, snap, '2026-01-01T00:00:00.000Z');
    const db = new SQL.Database(bytes);
    expect(db.exec('PRAGMA integrity_check')[0].values).toEqual([['ok']]);
    const [[pages]] = db.exec('PRAGMA page_count')[0].values as number[][];
    const [[pageSize]] = db.exec('PRAGMA page_size')[0].values as number[][];
    expect(bytes.length).toBe(pages * pageSize); // no padding reaches the file
    db.close();

    const repo = WorldRepo.open(SQL, join(tempDir('palpanel-world-'), 'world.db'));
    repo.swap(bytes);
    expect(repo.parseInfo()).toMatchObject({ players: 100, pals: 20_000, guilds: 1, lastParseAt: '2026-01-01T00:00:00.000Z' });
    const byId = [...snap.pals].sort((a, b) => (a.instanceId < b.instanceId ? -1 : 1));
    const walked = [];
    for (let page = repo.palsPage(null, 500); page.length > 0; page = repo.palsPage(page[page.length - 1].instanceId, 500))
      walked.push(...page);
    expect(walked).toEqual(byId);
    expect(repo.palsOfOwner(uid(3).toLowerCase())).toEqual(byId.filter((p) => p.ownerUid === uid(3)));
    expect(repo.basePals()).toEqual(byId.filter((p) => p.placement === 'base'));
    expect(repo.allPlayers()).toEqual(snap.players);
    expect(repo.guilds()).toEqual(snap.guilds);
    repo.close();
  });
});

describe('world database without copies (issue 16)', () => {
  it('a streamed build whose size estimate falls far short still gives the whole database', async () => {
    const SQL = await loadSqlJs();
    const snap = snapshot(10, 5_000, (i) => `Pal ${i}`);
    const pals = [...snap.pals].sort((a, b) => (a.instanceId < b.instanceId ? -1 : 1));
    // palCount says 1: the file outgrows its buffer, and the build falls back to an export.
    const bytes = buildWorldDatabase(SQL, { ...snap, pals, palCount: 1 }, '2026-01-01T00:00:00.000Z');
    const db = new SQL.Database(bytes);
    expect(db.exec('PRAGMA integrity_check')[0].values).toEqual([['ok']]);
    expect(db.exec('SELECT COUNT(*) FROM pals')[0].values).toEqual([[5_000]]);
    db.close();
  });

  it('openHandedOver makes the database use the given buffer itself, and leaves no trace on it', async () => {
    const SQL = await loadSqlJs();
    const made = new SQL.Database();
    made.run('CREATE TABLE t (x TEXT)');
    const image = made.export();
    made.close();
    const handed = openHandedOver(SQL, image);
    expect(Object.hasOwn(image, 'slice')).toBe(false);
    const before = image.slice();
    handed.run(`INSERT INTO t VALUES ('written in place')`);
    // The write went into the very buffer handed over (a copy would have left it as it was).
    expect(Buffer.compare(Buffer.from(image), Buffer.from(before))).not.toBe(0);
    expect(handed.exec('SELECT x FROM t')[0].values).toEqual([['written in place']]);
    handed.close();
    // Any slice other than the whole array is a real copy.
    expect(image.slice(0, 4)).toEqual(before.slice(0, 4));
  });

  it('swap renames the temp file a parse worker wrote into place, and removes it for a database of another schema', async () => {
    const SQL = await loadSqlJs();
    const dir = tempDir('palpanel-world-');
    const repo = WorldRepo.open(SQL, join(dir, 'world.db'));
    const bytes = buildWorldDatabase(
      SQL,
      snapshot(3, 30, (i) => `Pal ${i}`),
      '2026-01-01T00:00:00.000Z',
    );
    const temp = writeTempFile(repo.file, bytes, 0o600, 'parse');
    const copy = bytes.slice();
    repo.swap(bytes, temp);
    expect(existsSync(temp)).toBe(false);
    expect(Buffer.compare(readFileSync(repo.file), Buffer.from(copy))).toBe(0);
    expect(repo.parseInfo()).toMatchObject({ players: 3, pals: 30 });

    const other = new SQL.Database();
    other.run('PRAGMA user_version = 99');
    const otherBytes = other.export();
    other.close();
    const otherTemp = writeTempFile(repo.file, otherBytes, 0o600, 'parse');
    expect(() => repo.swap(otherBytes, otherTemp)).toThrow(/schema/);
    expect(existsSync(otherTemp)).toBe(false);
    expect(repo.parseInfo()).toMatchObject({ players: 3, pals: 30 });
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    repo.close();
  });
});
