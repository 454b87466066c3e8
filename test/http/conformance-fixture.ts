// Seeds a store for the conformance table. `seedConformance` touches only the store, so the
// same seeding serves the in-process runs and a run against the built executable (seed the
// data dir, then start `palpanel serve` on it).
import type { Store } from '../../src/store/index.js';
import { SYSTEM_TEXTS } from '../../src/domain/event-texts.js';
import type { ConformanceFixture } from './conformance-table.js';
import { makeWorld } from '../helpers/fixture.js';

export const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
export const VIEWER = { username: 'viewer', password: 'viewer-pass-phrase-42' };

export type SeededFixture = Omit<ConformanceFixture, 'setOnline' | 'reparse'>;

export function seedConformance(store: Store): SeededFixture {
  const world = makeWorld({ players: 12, pals: 150 });
  const lastParseAt = '2026-07-14T09:00:00.000Z';
  store.world.replace(world, lastParseAt);
  const key = store.keys.create('conformance', 'cli').key;
  const revoked = store.keys.create('revoked before the run', 'cli');
  store.keys.revoke(revoked.id, 'cli');
  store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');

  // 60 public events with panel-only ones mixed in (which /events must drop).
  const publicEvents: ConformanceFixture['publicEvents'] = [];
  const base = Date.parse('2026-07-13T00:00:00.000Z');
  for (let i = 0; i < 60; i++) {
    const at = new Date(base + i * 60_000).toISOString();
    const kinds = [
      { kind: 'join', message: `Player ${i % 12} joined` },
      { kind: 'leave', message: `Player ${i % 12} left` },
      { kind: 'backup', message: 'Backup completed' },
      { kind: 'system', message: SYSTEM_TEXTS[i % 4] },
    ];
    const ev = { at, ...kinds[i % 4] };
    store.events.append(ev);
    publicEvents.push(ev);
    if (i % 5 === 0) {
      store.events.append({ at, kind: 'audit', message: 'admin changed a setting' });
      store.events.append({ at, kind: 'system', message: 'internal: /var/lib/secret failed' });
      store.events.append({ at, kind: 'backup', message: 'Backup failed: disk full at /srv' });
      store.events.append({ at, kind: 'config', message: 'config edited' });
    }
  }
  return { key, revokedKey: revoked.key, admin: ADMIN, viewer: VIEWER, world, lastParseAt, publicEvents };
}
