// The panel the layout tests and the docs' screenshots walk (issue 38): the real 1.0 world of
// ../shared/fixtures/saves/v1.0-relics (17 players, 2,150 pals) parsed into a real store, an admin
// and a viewer, the real config editor over a 1.0 PalWorldSettings.ini written with the game's
// defaults, behind the panel's real handler and this checkout's web UI. No game runs: the live
// parts say it is down, and the screens draw their unconfigured states.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfigEditor } from '../../src/actions/config-editor.js';
import type { WorldSnapshot } from '../../src/domain/world.js';
import { defaultIni } from '../../src/game-config/config-file.js';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import { parseWorld } from '../../src/save/index.js';
import type { Store } from '../../src/store/index.js';
import { loadWorld } from '../save/fixtures.js';
import { buildWebUi, servePanel } from './in-process-panel.js';

export const LAYOUT_ADMIN = { username: 'admin', password: 'layout-admin-pass-1' };

export interface LayoutPanel {
  url: string;
  server: RunningHttpServer;
  world: WorldSnapshot;
  /** The player with the most pals (the 1.0 world's: 363 pals, a recorded Paldeck). */
  busiest: WorldSnapshot['players'][number];
}

/** Serves the panel over `store` (empty) in `dir`: the world, the accounts, the settings file. */
export async function serveLayoutPanel(store: Store, dir: string): Promise<LayoutPanel> {
  const web = buildWebUi(join(dir, 'web'));
  const world = await parseWorld(loadWorld('v1.0-relics'));
  store.world.replace(world, new Date(Date.now() - 20 * 60_000).toISOString());
  store.users.add(LAYOUT_ADMIN.username, 'admin', LAYOUT_ADMIN.password, 'cli');
  const ini = join(dir, 'PalWorldSettings.ini');
  writeFileSync(ini, defaultIni({ ServerName: 'Relics of the Sakurajima Coast', ExpRate: '1.500000' }));
  const { url, server } = await servePanel(store, web, 600, { config: createConfigEditor(store, ini) });
  const owned = new Map<string, number>();
  for (const p of world.pals) if (p.ownerUid) owned.set(p.ownerUid, (owned.get(p.ownerUid) ?? 0) + 1);
  const busiest = [...world.players].sort((a, b) => (owned.get(b.uid) ?? 0) - (owned.get(a.uid) ?? 0))[0];
  return { url, server, world, busiest };
}
