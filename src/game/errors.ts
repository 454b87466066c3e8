// Named errors of the game clients. They carry no HTTP knowledge of palpanel's own API; the
// pollers turn them into states, the panel routes into their own error envelope. Messages are
// short and never echo what the game sent (it may hold names or addresses).

export class GameError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Why the game could not be read: the poller treats every reason alike, the log may tell them apart. */
export type UnreachableReason = 'refused' | 'timeout' | 'network' | 'server_error' | 'unreadable' | 'too_large' | 'not_found' | 'aborted';

/** Connection refused or reset, timeout, 5xx, an unreadable or oversized body. */
export class GameUnreachableError extends GameError {
  constructor(
    readonly reason: UnreachableReason,
    message = `The game server could not be read (${reason}).`,
  ) {
    super('game_unreachable', message);
  }
}

/** 401: the AdminPassword palpanel holds is not the game's. */
export class GameUnauthorizedError extends GameError {
  constructor() {
    super('game_unauthorized', 'The game server rejected the admin password.');
  }
}

/** 404 on `/v1/api/game-data`: the build has no such route, or runs without `-enable-gamedata-api`. */
export class GameDataUnsupportedError extends GameError {
  constructor(readonly detail: 'not_enabled' | 'no_route') {
    super(
      'game_data_unsupported',
      detail === 'not_enabled'
        ? 'The game server runs without the game-data API (launch flag -enable-gamedata-api).'
        : 'This game server build has no game-data API.',
    );
  }
}

/** Another 4xx, e.g. 400 for a kick of an unknown user id. `answer` is the game's text, bounded. */
export class GameRequestRejectedError extends GameError {
  constructor(
    readonly status: number,
    readonly answer: string,
  ) {
    super('game_rejected', `The game server rejected the request (HTTP ${status}).`);
  }
}

/** A command palpanel refused to send (empty message, over-long or malformed user id). */
export class InvalidGameCommandError extends GameError {
  constructor(message: string) {
    super('invalid_game_command', message);
  }
}

// --- RCON ---------------------------------------------------------------------------------

/** Could not connect, or the connection dropped before a reply; the next command reconnects. */
export class RconConnectionError extends GameError {
  constructor(message = 'The RCON connection failed or was closed.') {
    super('rcon_connection', message);
  }
}

export class RconAuthError extends GameError {
  constructor() {
    super('rcon_auth', 'The game server rejected the RCON password.');
  }
}

export class RconTimeoutError extends GameError {
  constructor() {
    super('rcon_timeout', 'The game server did not answer the RCON command in time.');
  }
}

/** The byte stream is not Source RCON (absurd length header, short packet). */
export class RconProtocolError extends GameError {
  constructor(message: string) {
    super('rcon_protocol', message);
  }
}

const UNREACHABLE_WORDS: Record<UnreachableReason, string> = {
  refused: 'the game server refused the connection (is it running, and is its REST API enabled?)',
  timeout: 'the game server did not answer in time',
  network: 'the connection to the game server failed',
  server_error: 'the game server answered with an internal error',
  unreadable: 'the game server answered something that is not its REST API',
  too_large: 'the game server answered with a body too large to read',
  not_found: 'the game server has no such REST route (is this the REST API port?)',
  aborted: 'the request to the game server was cancelled',
};

/** A failure of a game call in words a host can act on: a wrong admin password is not "unreachable". */
export function gameFailureWords(err: unknown): string {
  if (err instanceof GameUnauthorizedError) return 'the game refused the admin password (SERVICE_GAME_ADMIN_PASSWORD)';
  if (err instanceof GameUnreachableError) return UNREACHABLE_WORDS[err.reason] ?? 'the game server could not be read';
  if (err instanceof GameDataUnsupportedError) return err.message.replace(/\.$/, '');
  if (err instanceof GameRequestRejectedError) return `the game server rejected the request (HTTP ${err.status})`;
  return 'the game server could not be read';
}

// --- PalDefender's REST API (game-interfaces.md §4, §5.2) ----------------------------------

/** 401 `INVALID_TOKEN`: PalDefender does not know the token palpanel holds. */
export class PalDefenderTokenError extends GameError {
  constructor() {
    super('paldefender_token', 'PalDefender refused the token.');
  }
}

/** 403 `MISSING_PERMISSION`: the token lacks the permission (scope) the endpoint needs. */
export class PalDefenderPermissionError extends GameError {
  constructor(readonly permission: string | null) {
    super('paldefender_permission', `The PalDefender token lacks ${permission ? `the permission ${permission}` : 'a permission'}.`);
  }
}

/** A 404 without PalDefender's error body: something else answers at that address. */
export class PalDefenderAbsentError extends GameError {
  constructor() {
    super('paldefender_absent', 'PalDefender does not answer at that address.');
  }
}

/** Another refusal, with PalDefender's own error code (`VALIDATION_FAILED`, `PLAYER_NOT_FOUND`,
 * `GRANT_FAILED`, `REQUEST_TIMEOUT`, …) and its message, bounded. */
export class PalDefenderRefusedError extends GameError {
  constructor(
    readonly status: number,
    readonly pdCode: string,
    readonly pdMessage: string,
  ) {
    super('paldefender_refused', `PalDefender refused the request (${pdCode || `HTTP ${status}`}).`);
  }
}
