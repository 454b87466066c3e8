// Domain errors: named classes with no HTTP knowledge. One function in http/ maps them to a
// status and the error envelope; the CLI maps them to exit codes. Messages are short English
// sentences safe to show to a user: no paths, no key material, no internal text.

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input from a user or client (exit 2, HTTP 400). */
export class ValidationError extends DomainError {
  constructor(message: string, code = 'invalid_request') {
    super(code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super('not_found', message);
  }
}

export class ConflictError extends DomainError {}

export class TooManyKeysError extends ConflictError {
  constructor() {
    super('too_many_keys', 'There are already 100 active keys; revoke one first.');
  }
}

/** The last admin can never be removed or demoted (interface.md: 409 `conflict`). Checked
 * inside the store's transaction, so two concurrent changes cannot both pass. */
export class LastAdminError extends ConflictError {
  constructor() {
    super('conflict', 'The last admin cannot be removed or demoted: make another user an admin first.');
  }
}

export class UserExistsError extends ConflictError {
  constructor(username: string) {
    super('conflict', `A user named "${username}" already exists.`);
  }
}

/** A part of palpanel this deployment has not set up (a game server, a save folder, RCON, a
 * deployment file): the request is well formed, this palpanel cannot carry it out as configured.
 * One answer for every such part (HTTP 409 `conflict`); the message names the setting. */
export class NotConfiguredError extends ConflictError {
  constructor(readonly part: OptionalPart) {
    const p: { what: string; setting: string; words?: string } = OPTIONAL_PARTS[part];
    super('conflict', p.words ?? `palpanel has no ${p.what} configured (${p.setting}).`);
  }
}

/** The parts a deployment may leave out, in a host's words, and the setting of each. RCON off
 * is a normal state (the game deprecates RCON and the docker image has it off by default): its
 * words say what needs it and that everything else goes on without it. */
export const OPTIONAL_PARTS = {
  game: { what: 'game server', setting: 'SERVICE_GAME_REST_URL' },
  saveFolder: { what: 'save folder', setting: 'SERVICE_SAVE_DIR' },
  rcon: {
    what: 'RCON',
    setting: 'SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD',
    words:
      'The console needs RCON, which this server has off (SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD). The game deprecates RCON; everything else goes through its REST API.',
  },
  gameStart: {
    what: 'start command',
    setting: 'SERVICE_GAME_START_COMMAND',
    words:
      'palpanel has no start command configured (SERVICE_GAME_START_COMMAND): start the game with the tool that runs it (systemd, docker compose), or set one.',
  },
  gameLog: {
    what: 'game log',
    setting: 'SERVICE_GAME_LOG or SERVICE_GAME_LOG_COMMAND',
    words:
      'palpanel follows no game log: set SERVICE_GAME_LOG to its file, or SERVICE_GAME_LOG_COMMAND to a command such as journalctl -u palworld -f -o cat.',
  },
  configFile: {
    what: 'deployment file',
    setting: "SERVICE_CONFIG_FILE: the game's PalWorldSettings.ini, palworld-server-docker's env file, or a compose file",
  },
} as const;
export type OptionalPart = keyof typeof OPTIONAL_PARTS;

/** The game (its REST API) did not answer an action that needs it, or refused it
 * (HTTP 503 `game_unavailable`). The message says why in words a host can act on. */
/** A change made against another version of a file than the one there now (HTTP 412
 * `precondition_failed`, a `PUT` whose `If-Match` no longer matches): nothing was changed. */
export class PreconditionFailedError extends DomainError {
  constructor(message: string) {
    super('precondition_failed', message);
  }
}

/** A route the panel names but cannot carry out itself (501); the message says what to do. */
export class NotImplementedError extends DomainError {
  constructor(message: string) {
    super('not_implemented', message);
  }
}

export class GameUnavailableError extends DomainError {
  constructor(message: string) {
    super('game_unavailable', message);
  }
}

/** A world parse is running already; one runs at a time (HTTP 409 `conflict`). */
export class ParseRunningError extends ConflictError {
  constructor() {
    super('conflict', 'A world parse is running already; try again when it has finished.');
  }
}

/** The HTTP server cannot listen on the address it was given. */
export class ListenError extends DomainError {
  constructor(address: string, code: string | undefined) {
    const why =
      code === 'EADDRINUSE'
        ? 'the address is already in use (another program, or another palpanel, listens there)'
        : code === 'EACCES'
          ? 'permission denied (ports below 1024 need privileges)'
          : code === 'EADDRNOTAVAIL'
            ? 'this machine has no such address'
            : 'the address cannot be used';
    super('listen_failed', `Cannot listen on ${address}: ${why}. Set SERVICE_LISTEN (or --listen) to another host:port.`);
  }
}

/** The data dir is held by another palpanel process. */
export class DataDirLockedError extends DomainError {
  constructor(message: string) {
    super('locked', message);
  }
}

/** A failure of palpanel's own storage (disk full, unreadable store). */
export class StorageError extends DomainError {
  constructor(message: string) {
    super('storage_error', message);
  }
}

/** The store journal was unreadable before its tail (disk damage, not a crash). */
export class JournalDamagedError extends StorageError {
  constructor(d: { offset: number; laterRecords: number; keptAs: string | null }) {
    super(
      `The store journal is damaged at byte ${d.offset}: ${d.laterRecords} later write${d.laterRecords === 1 ? '' : 's'} after it cannot be read and ${d.laterRecords === 1 ? 'is' : 'are'} lost. ` +
        (d.keptAs ? `The damaged journal was kept as ${d.keptAs}. ` : 'The damaged journal could not be copied aside. ') +
        'Everything before the damage was recovered; start palpanel again to go on from there, and check the disk.',
    );
  }
}

/** Plain words for the file-system failures a user can act on (permissions, a full disk, a
 * path that is not a folder). */
const FS_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  ENOENT: 'no such file or folder',
  EEXIST: 'it exists and is not a folder',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links',
  EIO: 'an input/output error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
};

/** The reason of a Node file-system error in plain words, or null for any other error. */
export function fsErrorReason(err: unknown): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code in FS_REASONS ? FS_REASONS[code] : null;
}

/** A one-line message for a file-system error that names its path, or null. */
export function describeFsError(err: unknown): string | null {
  const reason = fsErrorReason(err);
  if (!reason) return null;
  const path = (err as NodeJS.ErrnoException).path;
  return path ? `Cannot use ${path}: ${reason}.` : `A file operation failed: ${reason}.`;
}

/** No player has that uid: not in the save, never seen online, not online now (HTTP 404). */
export class UnknownPlayerError extends NotFoundError {
  constructor() {
    super('No player has that uid.');
  }
}

/** What needs the player online (a kick, an item grant) while they are not; `words` says why it
 * needs them online. */
export class PlayerOfflineError extends ConflictError {
  constructor(words: string) {
    super('conflict', `The player is not online: ${words}`);
  }
}

/** The game lists the player online but has not given their platform user id yet. */
export class PlatformIdNotListedError extends ConflictError {
  constructor() {
    super('conflict', "The game has not listed this player's platform user id yet; try again in a moment.");
  }
}

/** A ban needs the platform user id, which only the game's player list gives (the save holds none). */
export class PlatformIdUnknownError extends ConflictError {
  constructor() {
    super('conflict', 'palpanel has never seen this player online, so it does not know their platform user id.');
  }
}
