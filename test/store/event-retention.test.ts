// The event log's bound (interface.md, Decisions): at least the latest 10,000 events or 30 days,
// and public events are never evicted to make room for panel events. Real store on a temp dir.
import { afterEach, describe, expect, it } from 'vitest';
import { HARD_CAP, KEEP_LATEST, type EventRecord } from '../../src/store/events.js';
import { openStore, type Store } from '../../src/store/index.js';
import { tempDir } from '../helpers/cli.js';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const NOW = new Date('2026-06-01T00:00:00.000Z');
const daysAgo = (d: number): string => new Date(NOW.getTime() - d * 86_400_000).toISOString();

function batch(n: number, make: (i: number) => EventRecord): EventRecord[] {
  return Array.from({ length: n }, (_, i) => make(i));
}

/** Appends in slices so each journal record stays modest. */
function appendAll(store: Store, evs: EventRecord[]): void {
  for (let i = 0; i < evs.length; i += 5_000) store.events.appendMany(evs.slice(i, i + 5_000));
}

async function open(): Promise<Store> {
  const s = await openStore(tempDir());
  stores.push(s);
  return s;
}

describe('event log retention', () => {
  it('keeps everything younger than 30 days and the latest 10,000 of older events', async () => {
    const store = await open();
    appendAll(
      store,
      batch(KEEP_LATEST + 300, (i) => ({ at: daysAgo(40), kind: 'audit', message: `old ${i}` })),
    );
    appendAll(
      store,
      batch(200, (i) => ({ at: daysAgo(1), kind: 'audit', message: `recent ${i}` })),
    );
    store.events.prune(NOW);
    const all = store.events.listAll(KEEP_LATEST + 1_000);
    // The 200 recent ones (inside 30 days) plus, of the old ones, those among the latest 10,000.
    expect(all).toHaveLength(KEEP_LATEST);
    expect(all[0].message).toBe('recent 199');
    expect(all.at(-1)!.message).toBe(`old ${300 + 200}`);
  });

  it('a flood of panel events never evicts public events, old or new', async () => {
    const store = await open();
    appendAll(
      store,
      batch(300, (i) => ({ at: daysAgo(45), kind: 'join', message: `P${i} joined the server` })),
    );
    appendAll(
      store,
      batch(50, (i) => ({
        at: daysAgo(2),
        kind: 'system',
        message: i % 2 ? 'Palworld REST API is reachable' : 'Palworld REST API is unreachable',
      })),
    );
    // More panel events than the whole-log minimum and than the per-class hard cap.
    appendAll(
      store,
      batch(HARD_CAP + 2_000, (i) => ({ at: daysAgo(1), kind: 'audit', message: `audit ${i}` })),
    );
    store.events.prune(NOW);

    const pub = store.events.listPublic(1_000);
    expect(pub).toHaveLength(350);
    expect(pub.at(-1)!.message).toBe('P0 joined the server');
    const all = store.events.listAll(HARD_CAP + 10_000);
    // Panel events are bounded by their own cap; the newest ones stay.
    expect(all.filter((e) => e.kind === 'audit')).toHaveLength(HARD_CAP);
    expect(all[0].message).toBe(`audit ${HARD_CAP + 1_999}`);
  });

  it('public events older than 30 days beyond the latest 10,000 public ones go; the latest 100 always stay', async () => {
    const store = await open();
    appendAll(
      store,
      batch(KEEP_LATEST + 50, (i) => ({ at: daysAgo(60), kind: 'leave', message: `P${i} left the server` })),
    );
    store.events.prune(NOW);
    const pub = store.events.listPublic(100);
    expect(pub).toHaveLength(100);
    expect(pub[0].message).toBe(`P${KEEP_LATEST + 49} left the server`);
    expect(store.events.listAll(KEEP_LATEST + 100)).toHaveLength(KEEP_LATEST);
  });

  it('appending prunes on its own, and the bound survives a reopen', async () => {
    const dir = tempDir();
    let store = await openStore(dir);
    appendAll(
      store,
      batch(HARD_CAP + 600, (i) => ({ at: NOW.toISOString(), kind: 'audit', message: `a${i}` })),
    );
    store.events.append({ at: NOW.toISOString(), kind: 'join', message: 'Alice joined the server' });
    expect(store.events.listAll(HARD_CAP + 1_000).length).toBeLessThanOrEqual(HARD_CAP + 1);
    store.close();
    store = await openStore(dir);
    stores.push(store);
    expect(store.events.listPublic(10)).toEqual([{ at: NOW.toISOString(), kind: 'join', message: 'Alice joined the server' }]);
    expect(store.events.listAll(HARD_CAP + 1_000).length).toBeLessThanOrEqual(HARD_CAP + 1);
  });
});
