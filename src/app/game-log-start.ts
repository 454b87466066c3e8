// Issue 40, part B, in `palpanel serve`: the game's log followed (SERVICE_GAME_LOG or
// SERVICE_GAME_LOG_COMMAND) and the restart policy (SERVICE_RESTART_*).
import type { Settings } from '../config/settings.js';
import type { Clock } from '../lib/time.js';
import type { Logger } from '../lib/logger.js';
import { commandEnv } from '../lib/command-env.js';
import type { Store } from '../store/index.js';
import type { MemoryReadings } from '../domain/resources.js';
import { GameLog } from '../ingest/game-log/game-log.js';
import { FileFollower } from '../ingest/game-log/file-follower.js';
import { CommandFollower } from '../ingest/game-log/command-follower.js';
import { masker } from '../ingest/game-log/log-line.js';
import type { Countdowns } from '../actions/countdown.js';
import { RestartPolicy } from '../actions/restart-policy.js';
import type { LiveSource } from '../poller/live-source.js';

/** The follower of the game's log, started; null when neither setting names one. */
export function startGameLog(
  settings: Settings,
  clock: Clock,
  log: Logger,
  signal: AbortSignal,
  env: Readonly<Record<string, string | undefined>>,
): GameLog | null {
  // The secrets palpanel was given are masked wherever they stand in a line, as in the console.
  const mask = masker([settings.gameAdminPassword, settings.rconPassword, settings.palDefenderToken]);
  if (settings.gameLog) {
    const g = new GameLog('file', settings.gameLog, mask, clock);
    new FileFollower(settings.gameLog, g.events).start(signal, (err) => log('warn', 'game log: the file could not be read', err));
    return g;
  }
  if (settings.gameLogCommand) {
    const g = new GameLog('command', settings.gameLogCommand[0], mask, clock);
    new CommandFollower(settings.gameLogCommand, commandEnv(env), g.events).start(signal);
    return g;
  }
  return null;
}

/** The restart policy, started when a SERVICE_RESTART_* bound is set and the game's REST API is. */
export function startRestartPolicy(
  settings: Settings,
  store: Store,
  countdowns: Countdowns | null,
  live: LiveSource,
  memory: MemoryReadings | null,
  clock: Clock,
  log: Logger,
  signal: AbortSignal,
): RestartPolicy | null {
  if (!countdowns || (!settings.restartMemory && !settings.restartCron && !settings.restartQuietWindow)) return null;
  if (settings.restartMemory && !settings.gameProcess)
    log(
      'warn',
      'SERVICE_RESTART_MEMORY is set but SERVICE_GAME_PROCESS is not: the game’s memory is not visible, so no memory restart happens',
    );
  const policy = new RestartPolicy(
    store,
    {
      countdown: (req) => countdowns.start(req),
      counting: () => countdowns.current() !== null,
      game: () => {
        const s = live.snapshot();
        return { reachable: s.reachable, players: s.reachable ? s.players.length : 0 };
      },
      memory,
    },
    settings,
    clock,
    log,
  );
  const parts = [
    settings.restartMemory &&
      `memory past ${'percent' in settings.restartMemory ? `${settings.restartMemory.percent}%` : `${settings.restartMemory.bytes} bytes`}`,
    settings.restartCron && `cron ${settings.restartCron}`,
    settings.restartQuietWindow && `quiet window ${settings.restartQuietWindow.text}`,
  ].filter(Boolean);
  log(
    'info',
    `restart policy: ${parts.join(', ')} (${settings.timezone}); players told from ${Math.round(settings.restartWarningMs / 1000)} s before`,
  );
  policy.start(signal);
  return policy;
}
