// Builds HttpDeps.diagnostics of `palpanel serve`: the links the pollers, the save watcher and
// the notifier keep, and the free space of the backup folder's disk.
import type { DiagnosticsPorts } from '../http/panel/diagnostics/ports.js';
import type { Notifier } from '../actions/notifier.js';
import { diskSpace } from '../lib/disk-space.js';
import type { LinkState } from '../domain/link-track.js';
import type { GameDataPoller } from '../poller/game-data-poller.js';
import type { RestPoller } from '../poller/rest-poller.js';

export interface DiagnosticsParts {
  rest: RestPoller | null;
  gameData: GameDataPoller | null;
  save: { link(): LinkState } | null;
  notifier: Notifier;
  /** The backup folder; null when no backups are made (no save folder). */
  backupDir: string | null;
}

export function createDiagnosticsPorts(p: DiagnosticsParts): DiagnosticsPorts {
  return {
    restLink: () => p.rest?.link() ?? null,
    gameDataLink: () => p.gameData?.link() ?? null,
    saveLink: () => p.save?.link() ?? null,
    webhooks: () => p.notifier.health(),
    backupDisk: () => (p.backupDir ? diskSpace(p.backupDir) : Promise.resolve(undefined)),
  };
}
