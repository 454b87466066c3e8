// The crash watch on the real store (issue 40): what counts as a crash and what does not, read
// from the REST poller's snapshots and the sampler's "process gone" in the order they arrive in
// `serve`. The supervisor-driven end-to-end cases are in test/app/game-supervised.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { CrashWatch } from '../../src/poller/crash-watch.js';
import { openStore, type Store } from '../../src/store/index.js';
import type { LiveSnapshot } from '../../src/domain/live.js';
import { tempDir } from '../helpers/temp.js';

let t = Date.parse('2026-11-28T04:00:00.000Z');
const now = () => new Date(t);
const stores: Store[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.close()));

async function rig() {
  const store = await openStore(tempDir(), now);
  stores.push(store);
  const watch = new CrashWatch({ record: store.gameRecord, now, restPolled: true, logTail: (n) => ['a', 'b', 'c'].slice(-n) });
  return { store, watch };
}

/** A successful poll's snapshot (a new capture time each time) with the game's uptime. */
const up = (uptimeSec: number, version = 'v1.0.3'): LiveSnapshot => ({
  reachable: true,
  info: { version, name: 's', description: '', worldGuid: 'W' },
  metrics: { fps: 60, fpsAvg: 60, frameTimeMs: 16, players: 0, maxPlayers: 32, day: 1, uptimeSec, baseCamps: 0 },
  players: [],
  capturedAt: new Date(t).toISOString(),
});
const down = (last: LiveSnapshot): LiveSnapshot => ({ ...last, reachable: false, players: [] });
const tick = (ms: number) => (t += ms);

describe('the crash watch', () => {
  it('records a game gone unasked as one crash with its uptime and log tail, and its return', async () => {
    const { store, watch } = await rig();
    const s = up(600);
    watch.snapshot(s);
    tick(5_000);
    watch.processGone({ rssBytes: 5e9 });
    watch.snapshot(down(s)); // the poller's later unreachable: the same crash, not a second
    expect(store.gameRecord.total()).toBe(1);
    const c = store.gameRecord.recent(1)[0];
    expect(c).toMatchObject({ cause: 'process_gone', uptimeSec: 600, rssBytes: 5e9, logTail: ['a', 'b', 'c'], returnedAt: null });
    tick(30_000);
    watch.snapshot(up(3));
    expect(store.gameRecord.recent(1)[0].downtimeSec).toBe(30);
    const kinds = store.events.page({ limit: 10, beforeId: null }).filter((e) => e.kind === 'crash');
    expect(kinds.map((e) => e.message)).toEqual([
      'The game server is back after a crash (down 30 s).',
      'The game server crashed: its process ended without a shutdown palpanel asked for (up 10 min 0 s, 4.7 GiB resident at the last sample).',
    ]);
  });

  it('sends the crash and its return to the webhooks that chose crashes, and to no other', async () => {
    const { store, watch } = await rig();
    const hook = store.webhooks.add('json', 'https://hooks.example.org/palworld', 'cli', { events: ['join', 'crash'] });
    // The default kinds are the public ones (interface.md): a crash is chosen, never sent unasked.
    const plain = store.webhooks.add('json', 'https://hooks.example.org/other', 'cli');
    const s = up(60);
    watch.snapshot(s);
    watch.snapshot(down(s));
    tick(10_000);
    watch.snapshot(up(1));
    const sent: string[] = [];
    for (let d = store.webhooks.queue.next(hook.id); d; d = store.webhooks.queue.next(hook.id)) {
      sent.push(`${d.kind}: ${d.message}`);
      store.webhooks.queue.done(d.id);
    }
    expect(sent.filter((x) => x.startsWith('crash: '))).toEqual([
      'crash: The game server crashed: its REST API stopped answering without a shutdown palpanel asked for (up 1 min 0 s, memory not visible).',
      'crash: The game server is back after a crash (down 10 s).',
    ]);
    expect(store.webhooks.queue.next(plain.id)).toBeUndefined();
  });

  it('takes a stop palpanel asked for as no crash, through the first failed poll that repeats the old snapshot', async () => {
    const { store, watch } = await rig();
    const s = up(600);
    watch.snapshot(s);
    watch.stopAsked();
    tick(1_000);
    watch.processGone({ rssBytes: 5e9 });
    // The first failed poll hands on the last good snapshot again (same capture time).
    watch.snapshot(s);
    tick(1_000);
    watch.snapshot(down(s));
    tick(5_000);
    watch.snapshot(up(2));
    expect(store.gameRecord.total()).toBe(0);
    // Back again: a later stop nobody asked for is a crash.
    const s2 = up(60);
    watch.snapshot(s2);
    tick(1_000);
    watch.snapshot(down(s2));
    expect(store.gameRecord.total()).toBe(1);
  });

  it('keeps each version with its first and last day and its starts', async () => {
    const { store, watch } = await rig();
    watch.snapshot(up(10, 'v0.6.8'));
    tick(86_400_000);
    watch.snapshot(up(86_410, 'v0.6.8'));
    tick(1_000);
    watch.snapshot(up(1, 'v1.0.3'));
    const v = store.gameRecord.versions();
    expect(v.map((x) => [x.version, x.firstAt.slice(0, 10), x.lastAt.slice(0, 10), x.starts])).toEqual([
      ['v1.0.3', '2026-11-29', '2026-11-29', 1],
      ['v0.6.8', '2026-11-28', '2026-11-29', 1],
    ]);
  });
});
