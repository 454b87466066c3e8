// The palpanel the backup benchmark drives: `serve` in-process on a data dir and a save folder
// given in the environment, with an admin login and an Integration key printed once it parsed.
import { createLogger } from '../../src/lib/logger.js';
import { startServe } from '../../src/app/serve.js';
import { loadSettings } from '../../src/config/settings.js';

const settings = loadSettings({
  ...process.env,
  SERVICE_LISTEN: '127.0.0.1:0',
  SERVICE_INTEGRATION_RATE_LIMIT: '100000000',
  SERVICE_SAVE_CHECK_INTERVAL: '500ms',
});
const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'bench', ready: () => {} });
server.store.users.add('bench', 'admin', 'bench-password-123', 'cli');
const { key } = server.store.keys.create('bench', 'cli');
while (server.store.world.parseInfo().lastParseAt === null) await new Promise((r) => setTimeout(r, 100));
process.stdout.write(`listening on ${server.url} key ${key}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
// Run with --expose-gc (bench/backups/archive-bomb.ts), a `gc` line on stdin collects garbage
// and answers `gc done`: the RSS read after it is what the process keeps.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line: string) => {
    if (!line.includes('gc')) return;
    gc();
    gc();
    setTimeout(() => process.stdout.write('gc done\n'), 100);
  });
}
