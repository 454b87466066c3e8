// The panel over a game configuration file (SERVICE_CONFIG_FILE), in the test process: a temp
// store with an admin and a viewer signed in, the real config editor on `file`, and the panel's
// handler. The config tests of each file kind (ini, env, compose, 1.0 settings, YAML readers)
// share it; `onCleanup` receives what closes the store.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfigEditor } from '../../src/actions/config-editor.js';
import { createHandler } from '../../src/http/index.js';
import { ManualClock, silentLog, tempStore, TestLive } from './fixture.js';
import { tempDir } from './temp.js';
import { ADMIN, VIEWER, panelCalls } from '../http/panel-harness.js';

type OnCleanup = (fn: () => Promise<void> | void) => void;

/** The panel over the file at `file` (which the caller has laid out). */
export async function configPanelAt(file: string, onCleanup: OnCleanup, composeService: string | null = null) {
  const clock = new ManualClock();
  const ts = await tempStore(clock.now);
  onCleanup(() => ts.cleanup());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    config: createConfigEditor(ts.store, file, { composeService }),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
  });
  const { send, login } = panelCalls(handler);
  return { file, ts, send, admin: await login(ADMIN), viewer: await login(VIEWER) };
}

/** The panel over a new file named `name` in a temp folder, holding `text`. */
export async function configPanel(text: string, name: string, onCleanup: OnCleanup, composeService: string | null = null) {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return configPanelAt(file, onCleanup, composeService);
}
