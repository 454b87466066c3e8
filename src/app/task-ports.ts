// What scheduled tasks run through (actions/task-scheduler.ts), from the parts this deployment has.
import type { TaskPorts } from '../actions/task-scheduler.js';
import type { GameActions } from '../actions/game-actions.js';
import type { Countdowns } from '../actions/countdown.js';
import type { ConsolePort } from '../actions/console-port.js';
import { SYSTEM } from '../domain/actor.js';
import { NotConfiguredError } from '../domain/errors.js';
import type { LiveSource } from '../poller/live-source.js';

/** What scheduled tasks do through: the game's REST actions (audited as `system`) and RCON. */
export function taskPorts(
  game: GameActions | null,
  countdowns: Countdowns | null,
  consolePort: ConsolePort | undefined,
  live: LiveSource,
): TaskPorts {
  const needGame = (): GameActions => {
    if (!game) throw new NotConfiguredError('game');
    return game;
  };
  return {
    announce: (m) => needGame().announce(m, SYSTEM),
    save: () => needGame().save(SYSTEM),
    countdown: (req) => {
      if (!countdowns) throw new NotConfiguredError('game');
      return countdowns.start(req);
    },
    exec: async (c) => {
      if (!consolePort) throw new NotConfiguredError('rcon');
      // The admin chose this command when making the task: it runs as a confirmed one.
      return (await consolePort.exec(c, SYSTEM, { confirmed: true })).reply;
    },
    playersOnline: () => (live.snapshot().reachable ? live.snapshot().players.length : 0),
  };
}
