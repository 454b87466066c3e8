// The world database build (store step of a parse): a complete, valid database of exactly the
// pages in use, whose rows read back as given, whatever the size estimate made of them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorldSnapshot } from '../../src/lib/world.js';
import { loadSqlJs } from '../../src/store/sqljs.js';
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
    for (let page = repo.palsPage(null, 500); page.length > 0; page = repo.palsPage(page[page.length - 1].instanceId, 500)) walked.push(...page);
    expect(walked).toEqual(byId);
    expect(repo.palsOfOwner(uid(3).toLowerCase())).toEqual(byId.filter((p) => p.ownerUid === uid(3)));
    expect(repo.basePals()).toEqual(byId.filter((p) => p.placement === 'base'));
    expect(repo.allPlayers()).toEqual(snap.players);
    expect(repo.guilds()).toEqual(snap.guilds);
    repo.close();
  });
});
