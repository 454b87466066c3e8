import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { tempDir } from '../helpers/cli.js';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000);
const A = '0000000000000000000000000000000A';

describe('player history', () => {
  it('sums observed sessions; an open session counts up to now', async () => {
    const store = await openStore(tempDir());
    stores.push(store);
    store.history.observe([{ playerId: A }], at(0));
    store.history.observe([{ playerId: A }], at(30));
    store.history.left(A, at(60));
    store.history.observe([{ playerId: A }], at(100));
    const t = store.history.times([A], at(130)).get(A)!;
    expect(t.playtimeSec).toBe(60 + 30);
    expect(t.firstSeenAt).toBe(at(0).toISOString());
    expect(t.lastSeenAt).toBe(at(100).toISOString());
  });

  it('a restart closes open sessions at the last moment seen and never counts the downtime', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    store.history.observe([{ playerId: A }], at(0));
    store.history.observe([{ playerId: A }], at(10)); // written: 10 s >= the 5 s touch period
    store.history.observe([{ playerId: A }], at(12)); // not written yet: within the touch period
    store.close(); // like a crash, the touch within the period was never written
    const again = await openStore(dir);
    stores.push(again);
    again.history.closeOpenSessions();
    const t = again.history.times([A], at(3600)).get(A)!;
    expect(t.playtimeSec).toBe(10);
    expect(t.lastSeenAt).toBe(at(10).toISOString());
    // Closing again changes nothing.
    again.history.closeOpenSessions();
    expect(again.history.times([A], at(7200)).get(A)!.playtimeSec).toBe(10);
  });

  it('a leave ends the session (join to leave) while lastSeenAt stays the last poll that listed the player', async () => {
    const store = await openStore(tempDir());
    stores.push(store);
    store.history.observe([{ playerId: A }], at(0));
    store.history.observe([{ playerId: A }], at(2)); // within the touch period: in memory only
    store.history.observe([], at(4));
    store.history.left(A, at(4));
    const t = store.history.times([A], at(100)).get(A)!;
    expect(t.playtimeSec).toBe(4);
    expect(t.lastSeenAt).toBe(at(2).toISOString());
  });

  it('a clean shutdown writes the last-seen moments, so a restart shows the same playtime', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    store.history.observe([{ playerId: A }], at(0));
    store.history.observe([{ playerId: A }], at(3)); // within the touch period: in memory only
    const before = store.history.times([A], at(3)).get(A)!;
    store.history.flushLastSeen();
    store.close();
    const again = await openStore(dir);
    stores.push(again);
    again.history.closeOpenSessions();
    const after = again.history.times([A], at(3600)).get(A)!;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ playtimeSec: 3, lastSeenAt: at(3).toISOString() });
    // A new run's sessions add to it without overlapping the old one.
    again.history.observe([{ playerId: A }], at(3600));
    again.history.left(A, at(3610));
    expect(again.history.times([A], at(4000)).get(A)!.playtimeSec).toBe(13);
  });

  it("firstSeenAt from a parse is the save's LastOnlineDateTime when earlier, and never changes after", async () => {
    const store = await openStore(tempDir());
    stores.push(store);
    store.history.recordParse([{ uidKey: A, lastOnlineAt: '2026-04-01T00:00:00.000Z' }], at(0).toISOString());
    store.history.recordParse([{ uidKey: A, lastOnlineAt: '2026-04-20T00:00:00.000Z' }], at(50).toISOString());
    const t = store.history.times([A], at(60)).get(A)!;
    expect(t.firstSeenAt).toBe('2026-04-01T00:00:00.000Z');
    expect(t.lastSeenAt).toBe('2026-04-20T00:00:00.000Z');
    expect(t.playtimeSec).toBe(0);
  });
});
