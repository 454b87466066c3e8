// `palpanel serve`: runs until SIGTERM or SIGINT, then shuts down cleanly and exits 0.
import { startServe } from '../app/serve.js';
import { createLogger } from '../lib/logger.js';
import { loadSettings, type SettingFlags } from '../config/settings.js';
import type { CliIo } from './io.js';
import { palpanelVersion } from './version.js';

export async function serve(io: CliIo, flags: SettingFlags): Promise<void> {
  const settings = loadSettings(io.env, flags);
  const log = createLogger(settings.logFormat, io.err, io.debug);
  // The ready line goes to stdout (interface.md); with JSON logs it is a JSON line too. Its URL
  // is followed by a space, so whoever reads `listening on (http://\S+)` still gets the URL whole.
  const ready = (line: string) =>
    io.out(
      settings.logFormat === 'json'
        ? `${JSON.stringify({ at: new Date().toISOString(), level: 'info', msg: `${line} and ready` })}\n`
        : `${line}\n`,
    );
  const running = await startServe({ settings, log, version: palpanelVersion(), ready, env: io.env });
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
