// What a restore needs of the game, as one object the composition root hands to the backups:
// whether the game answers now (from the poller's last snapshot, never a new call), and a
// shutdown that resolves once the poller no longer reaches it.
import { ConflictError } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import type { GameRestClient } from './rest-client.js';

export interface GameControl {
  /** Whether the game answered the last poll. */
  running(): boolean;
  /** Asks the game to stop now and waits until it no longer answers; absent without a game
   * server palpanel can reach (then a running game can only be stopped by hand). */
  stop?(): Promise<void>;
}

export interface GameControlParts {
  /** The game's REST client; null when no game server is configured. */
  client: Pick<GameRestClient, 'shutdown'> | null;
  /** Whether the poller reached the game on its last poll. */
  reachable: () => boolean;
  clock: Clock;
  /** How long to wait between looks at the poller (tests pass a short one). */
  pollMs?: number;
  /** How long the game may take to stop before the restore gives up. */
  deadlineMs?: number;
}

export function createGameControl(p: GameControlParts): GameControl {
  const { client, reachable, clock } = p;
  const pollMs = p.pollMs ?? 1_000;
  const deadlineMs = p.deadlineMs ?? 120_000;
  return {
    running: reachable,
    stop: client
      ? async () => {
          await client.shutdown(1, 'The server stops now for a restore.');
          const deadline = clock().getTime() + deadlineMs;
          while (reachable()) {
            if (clock().getTime() > deadline)
              throw new ConflictError(
                'conflict',
                `The game server was asked to stop but still answers after ${deadlineMs / 60_000} minutes.`,
              );
            await new Promise((r) => setTimeout(r, pollMs));
          }
        }
      : undefined,
  };
}

/** A game palpanel cannot reach or stop: the `backup` command without a game server. */
export const gameStoppedByHand = (running: boolean): GameControl => ({ running: () => running });
