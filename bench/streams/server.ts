// The palpanel under test for the stream benchmark, in its own process so its RSS is its own:
// the real handler and node adapter over a seeded data dir, a viewer and an integration key for
// the driver, and a stand-in poller that every POLL_MS appends an event and publishes a snapshot
// (a player list and metrics), so every open stream carries traffic. Prints its ready line with
// the key, then its RSS every second.
import { createLogger } from '../../src/lib/logger.js';
import { createHandler } from '../../src/http/index.js';
import { startHttpServer } from '../../src/http/node-adapter.js';
import { LiveFeed } from '../../src/http/stream/feed.js';
import { openStore } from '../../src/store/index.js';
import { makeWorld, onlinePlayer, playerUid, TestLive } from '../../test/helpers/fixture.js';

const POLL_MS = 1_000;
const dataDir = process.env.SERVICE_DATA_DIR!;
const store = await openStore(dataDir);
store.world.replace(makeWorld({ players: 1_000, pals: 20_000 }), new Date().toISOString());
store.users.add('bench', 'viewer', 'bench-viewer-passphrase', 'cli');
const { key } = store.keys.create('stream bench', 'cli');
const log = createLogger('text');
const live = new TestLive();
const feed = new LiveFeed(store.events, { maxStreams: 1_000 });
const handler = createHandler({
  store,
  live,
  settings: { integrationRateLimit: 1_000_000_000, sessionTtlMs: 86_400_000 },
  clock: () => new Date(),
  log,
  version: 'bench',
  feed,
});
const server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log });

let tick = 0;
const poll = setInterval(() => {
  tick++;
  const online = Array.from({ length: 1 + (tick % 8) }, (_, i) => onlinePlayer(playerUid(i), `Player ${i}`));
  live.setRunning(online, new Date().toISOString());
  store.events.append({ at: new Date().toISOString(), kind: 'join', message: `Player ${tick % 8} joined the server` });
  feed.publishSnapshot(live.snapshot());
}, POLL_MS);
const rss = setInterval(
  () => process.stdout.write(`rss ${process.memoryUsage().rss} streams ${feed.openStreams} lastEvent ${store.events.lastId()}\n`),
  1_000,
);
const flush = setInterval(() => store.flush(), 2_000);
process.stdout.write(`palpanel (streams bench) listening on http://127.0.0.1:${server.port} key ${key}\n`);
process.on('SIGTERM', () => {
  [poll, rss, flush].forEach(clearInterval);
  void server.close(1_000).then(() => {
    store.close();
    process.exit(0);
  });
});
