// The console (issue 13): one command at a time through the game's RCON (the client queues
// them), with a deadline; each run, its reply or why it failed, goes into the console log and the
// audit with secrets masked both ways: in the command and in the game's reply (domain/console-text.ts).
// RCON is optional (the game deprecates it): without SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD
// there is no console at all, and every route that needs one answers as for any part not set up
// (http/services.ts, NotConfiguredError).
import { GameError, RconAuthError, RconConnectionError, RconTimeoutError, InvalidGameCommandError } from '../game/errors.js';
import { RconClient } from '../game/rcon-client.js';
import type { HostPort } from '../config/settings.js';
import { maskExchange } from '../domain/console-text.js';
import { consoleDanger, normaliseCommand } from '../contract/console-danger.js';
import { ConflictError, GameUnavailableError, ValidationError } from '../domain/errors.js';
import type { ConsolePort } from './console-port.js';
import type { Store } from '../store/index.js';
import { LinkTrack } from '../domain/link-track.js';

/** The diagnostics screen logs in to RCON at most this often when nothing else used it since. */
export const RCON_CHECK_EVERY_MS = 60_000;

/** Why a command did not run, in words for the admin (never the game's own text). */
function failureWords(err: unknown): string {
  if (err instanceof RconAuthError) return 'The game refused the RCON password (SERVICE_RCON_PASSWORD).';
  if (err instanceof RconTimeoutError) return 'The game did not answer the command in time.';
  if (err instanceof RconConnectionError) return 'RCON is not reachable at SERVICE_RCON_ADDR (is RCONEnabled on, and the port right?).';
  return 'The RCON session failed.';
}

/** The kind of failure, for the diagnostics screen's advice. */
function failureCode(err: GameError): 'refused' | 'timeout' | 'unreachable' | 'failed' {
  if (err instanceof RconAuthError) return 'refused';
  if (err instanceof RconTimeoutError) return 'timeout';
  if (err instanceof RconConnectionError) return 'unreachable';
  return 'failed';
}

export interface ConsoleOptions {
  addr: HostPort;
  password: string;
  timeoutMs?: number;
  /** Secrets palpanel holds that a reply may echo (the game's admin password): masked wherever
   * they appear, as the RCON password is. */
  secrets?: readonly (string | null)[];
  /** The clock of the link's times (default: the system's). */
  now?: () => Date;
  /** Called before a command that stops the game is sent: that stop is not a crash. */
  onStopAsked?: () => void;
}

export function createConsole(store: Store, rcon: ConsoleOptions): ConsolePort {
  const known = [rcon.password, ...(rcon.secrets ?? [])];
  const client = new RconClient({
    host: rcon.addr.host,
    port: rcon.addr.port,
    password: rcon.password,
    timeoutMs: rcon.timeoutMs ?? 5_000,
  });
  const now = rcon.now ?? (() => new Date());
  // Every exchange says whether RCON works; the diagnostics check adds a login when none did lately.
  const track = new LinkTrack();
  let checking: Promise<void> | null = null;
  const outcome = (err: unknown) => {
    if (err === null) track.ok(now());
    else if (err instanceof GameError && !(err instanceof InvalidGameCommandError)) track.fail(now(), failureWords(err), failureCode(err));
  };

  /** The command's reply; a failure as the domain error that says why. */
  async function run(command: string): Promise<{ text: string; truncated: boolean }> {
    try {
      const reply = await client.exec(command);
      outcome(null);
      return reply;
    } catch (err) {
      outcome(err);
      if (err instanceof InvalidGameCommandError) throw new ValidationError(err.message);
      if (!(err instanceof GameError)) throw err;
      throw new GameUnavailableError(failureWords(err));
    }
  }

  return {
    run,
    link: () => track.state(),
    check() {
      const s = track.state();
      const last = Math.max(Date.parse(s.lastSuccessAt ?? '') || 0, Date.parse(s.lastFailureAt ?? '') || 0);
      if (checking || now().getTime() - last < RCON_CHECK_EVERY_MS) return checking ?? Promise.resolve();
      checking = client
        .check()
        .then(
          () => outcome(null),
          (err: unknown) => outcome(err),
        )
        .finally(() => (checking = null));
      return checking;
    },
    async exec(given, actor, opts = {}) {
      // What is checked is what is sent and logged: without the characters that show nothing.
      const command = normaliseCommand(given);
      // Asked first, before anything is sent or logged (contract/console-danger.ts says which).
      const danger = consoleDanger(command);
      if (danger && !opts.confirmed) throw new ConflictError('conflict', `${danger} Confirm to run it (send "confirm": true).`);
      if (/^\/?(doexit|shutdown|(restart|reboot|stop|quit|exit)(server)?)$/i.test(command.trim().split(/\s+/)[0] ?? ''))
        rcon.onStopAsked?.();
      try {
        const reply = await run(command);
        const shown = maskExchange(command.trim(), reply.text, known);
        return store.console.record(actor, shown.command, reply.truncated ? 'truncated' : 'ok', shown.reply);
      } catch (err) {
        if (err instanceof GameUnavailableError) {
          const shown = maskExchange(command.trim(), err.message, known);
          store.console.record(actor, shown.command, 'failed', shown.reply);
        }
        throw err;
      }
    },
    close: () => client.close(),
  };
}
