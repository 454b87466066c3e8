import { loadSettings, type Settings } from '../../src/config/settings.js';

/** Settings for an in-process server on a temp data dir, on a free port. */
export function testSettings(dataDir: string, env: Record<string, string> = {}): Settings {
  return loadSettings({ SERVICE_DATA_DIR: dataDir, SERVICE_LISTEN: '127.0.0.1:0', ...env });
}
