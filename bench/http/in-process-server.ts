// Development stand-in for `dist/palpanel serve` when the executable is not built: the same
// handler and adapter over the same data dir, printing the same ready line.
import { createLogger } from '../../src/lib/logger.js';
import { createHandler, EMPTY_LIVE } from '../../src/http/index.js';
import { startHttpServer } from '../../src/http/node-adapter.js';
import { openStore } from '../../src/store/index.js';

const dataDir = process.env.SERVICE_DATA_DIR!;
const store = await openStore(dataDir);
const log = createLogger('text');
const handler = createHandler({
  store,
  live: EMPTY_LIVE,
  settings: { integrationRateLimit: Number(process.env.SERVICE_INTEGRATION_RATE_LIMIT ?? 60), sessionTtlMs: 86_400_000 },
  clock: () => new Date(),
  log,
  version: 'bench',
});
const server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log });
const flush = setInterval(() => store.flush(), 2000);
process.stdout.write(`palpanel (in-process) listening on http://127.0.0.1:${server.port}\n`);
process.on('SIGTERM', () => {
  clearInterval(flush);
  void server.close(1000).then(() => {
    store.close();
    process.exit(0);
  });
});
