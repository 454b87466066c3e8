// The composition root of `palpanel serve`: opens the store, then starts the control socket,
// the pollers, the save watcher and the HTTP server; one shutdown path stops them all.
import { createServer } from 'node:http';
import type { Settings } from '../config/settings.js';
import { systemClock, type Clock } from '../lib/time.js';
import { openStore, type Store } from '../store/index.js';
import { runAdminOp } from './admin-ops.js';
import { startControlServer } from './control-socket.js';
import type { Logger } from './logger.js';
import { Lifecycle } from './shutdown.js';

export interface ServeOptions {
  settings: Settings;
  log: Logger;
  version: string;
  clock?: Clock;
  /** Receives the ready line (`listening on http://HOST:PORT`). */
  ready: (line: string) => void;
}

export interface RunningServer {
  url: string;
  /** The open store, for the demo and for in-process tests. */
  store: Store;
  stop(): Promise<void>;
}

const FLUSH_EVERY_MS = 2_000;

export async function startServe(opts: ServeOptions): Promise<RunningServer> {
  const { settings, log } = opts;
  const clock = opts.clock ?? systemClock;
  const life = new Lifecycle(log);
  const store = await openStore(settings.dataDir, clock);
  life.onClose('store', () => store.close());
  try {
    // Sessions left open by a previous run end where their player was last seen.
    store.history.closeOpenSessions();

    const control = await startControlServer(settings.dataDir, (req) => runAdminOp(store, req), log);
    life.onClose('control socket', () => new Promise<void>((r) => control.close(() => r())));

    const flusher = setInterval(() => {
      try {
        store.flush();
      } catch (err) {
        log('error', 'store flush failed', err);
      }
    }, FLUSH_EVERY_MS);
    flusher.unref();
    life.onClose('flush timer', () => clearInterval(flusher));

    const server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.listen.port, settings.listen.host, () => resolve());
    });
    life.onClose('http', () => new Promise<void>((r) => server.close(() => r())));
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : settings.listen.port;
    const host = settings.listen.host.includes(':') ? `[${settings.listen.host}]` : settings.listen.host;
    const url = `http://${host}:${port}`;
    opts.ready(`palpanel ${opts.version} listening on ${url}`);
    return { url, store, stop: () => life.stop() };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
