// `palpanel serve`: runs until SIGTERM or SIGINT, then shuts down cleanly and exits 0.
import { startServe } from '../app/serve.js';
import { createLogger } from '../app/logger.js';
import { loadSettings, type SettingFlags } from '../config/settings.js';
import type { CliIo } from './io.js';
import { palpanelVersion } from './version.js';

export async function serve(io: CliIo, flags: SettingFlags): Promise<void> {
  const settings = loadSettings(io.env, flags);
  const log = createLogger(settings.logFormat, io.err, io.debug);
  const running = await startServe({ settings, log, version: palpanelVersion(), ready: (line) => io.out(line + '\n') });
  await new Promise<void>((resolve) => {
    const onSignal = (sig: string) => {
      log('info', `${sig} received: shutting down`);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      running.stop().then(resolve, resolve);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
