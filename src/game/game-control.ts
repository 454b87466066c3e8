// What a restore needs of the game, as one object the composition root hands to the backups:
// whether the game answers now (from the poller's last snapshot, never a new call), a shutdown
// that resolves once the poller no longer reaches it, and fresh looks at every door the game
// keeps open (its REST API, its RCON port) before the world is swapped: a REST API that hangs
// is not a stopped game.
import { connect } from 'node:net';
import { ConflictError } from '../domain/errors.js';
import type { Clock } from '../lib/time.js';
import { GameUnreachableError } from './errors.js';
import type { GameRestClient } from './rest-client.js';

/** One look at the game: `stopped` only when its door refused the connection. */
export interface GameSign {
  via: 'rest' | 'rcon';
  state: 'stopped' | 'running' | 'unknown';
  /** What was seen, in words (no address, no reply text). */
  words: string;
}

export interface GameControl {
  /** Whether the game answered the last poll. */
  running(): boolean;
  /** Asks the game to stop now and waits until it no longer answers; absent without a game
   * server palpanel can reach (then a running game can only be stopped by hand). */
  stop?(): Promise<void>;
  /** Looks at the game now through each door configured; none: nothing to look at. */
  probe?(): Promise<GameSign[]>;
}

export interface GameProbeParts {
  /** The game's REST client; null when no game server is configured. */
  client: Pick<GameRestClient, 'info'> | null;
  /** SERVICE_RCON_ADDR, or null. */
  rconAddr: { host: string; port: number } | null;
  /** How long each door may take to answer. Default 3 s. */
  timeoutMs?: number;
}

async function restSign(client: Pick<GameRestClient, 'info'>, timeoutMs: number): Promise<GameSign> {
  try {
    await client.info({ timeoutMs });
    return { via: 'rest', state: 'running', words: "the game's REST API answers" };
  } catch (err) {
    if (err instanceof GameUnreachableError) {
      if (err.reason === 'refused') return { via: 'rest', state: 'stopped', words: "the game's REST API refuses connections" };
      if (err.reason === 'timeout')
        return {
          via: 'rest',
          state: 'unknown',
          words: `the game's REST API did not answer within ${timeoutMs / 1000} s (a game that hangs is not a stopped game)`,
        };
      if (err.reason === 'network') return { via: 'rest', state: 'unknown', words: "the game's REST API could not be reached for certain" };
    }
    return { via: 'rest', state: 'running', words: "the game's REST API answers (with an error)" };
  }
}

/** Only whether something accepts connections on the RCON port: no password is sent, so a game
 * that hangs after accepting cannot hold the restore up. */
function rconSign(addr: { host: string; port: number }, timeoutMs: number): Promise<GameSign> {
  return new Promise((resolve) => {
    const sock = connect({ host: addr.host, port: addr.port });
    const done = (sign: GameSign) => {
      clearTimeout(timer);
      sock.destroy();
      resolve(sign);
    };
    const timer = setTimeout(
      () => done({ via: 'rcon', state: 'unknown', words: `the game's RCON port did not answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    sock.once('connect', () => done({ via: 'rcon', state: 'running', words: "the game's RCON port accepts connections" }));
    sock.once('error', (err: NodeJS.ErrnoException) =>
      done(
        err.code === 'ECONNREFUSED'
          ? { via: 'rcon', state: 'stopped', words: "the game's RCON port refuses connections" }
          : { via: 'rcon', state: 'unknown', words: "the game's RCON port could not be reached for certain" },
      ),
    );
  });
}

/** Every door configured, looked at together. */
export function probeGame(p: GameProbeParts): () => Promise<GameSign[]> {
  const timeoutMs = p.timeoutMs ?? 3_000;
  return () =>
    Promise.all([...(p.client ? [restSign(p.client, timeoutMs)] : []), ...(p.rconAddr ? [rconSign(p.rconAddr, timeoutMs)] : [])]);
}

export interface GameControlParts {
  /** The game's REST client; null when no game server is configured. */
  client: Pick<GameRestClient, 'shutdown' | 'info'> | null;
  /** SERVICE_RCON_ADDR, or null: looked at before a restore swaps the world. */
  rconAddr?: { host: string; port: number } | null;
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
    probe: probeGame({ client, rconAddr: p.rconAddr ?? null }),
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

/** A game palpanel cannot stop: the `backup` command on a data dir no server holds (it still
 * looks at the game's doors before a restore swaps the world). */
export const gameStoppedByHand = (running: boolean, probe?: () => Promise<GameSign[]>): GameControl => ({ running: () => running, probe });
