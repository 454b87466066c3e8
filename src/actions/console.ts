// The console (issue 13): one command at a time through the game's RCON (the client queues
// them), with a deadline; each run, its reply or why it failed, goes into the console log and the
// audit with the password arguments masked. RCON is optional (the game deprecates it): without
// SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD there is no console at all, and every route that
// needs one answers as for any part not set up (http/services.ts, NotConfiguredError).
import { GameError, RconAuthError, RconConnectionError, RconTimeoutError, InvalidGameCommandError } from '../game/errors.js';
import { RconClient } from '../game/rcon-client.js';
import type { HostPort } from '../config/settings.js';
import { maskCommand } from '../lib/console-text.js';
import { GameUnavailableError, ValidationError } from '../lib/errors.js';
import type { ConsolePort } from './console-port.js';
import type { Store } from '../store/index.js';

/** Why a command did not run, in words for the admin (never the game's own text). */
function failureWords(err: unknown): string {
  if (err instanceof RconAuthError) return 'The game refused the RCON password (SERVICE_RCON_PASSWORD).';
  if (err instanceof RconTimeoutError) return 'The game did not answer the command in time.';
  if (err instanceof RconConnectionError) return 'RCON is not reachable at SERVICE_RCON_ADDR (is RCONEnabled on, and the port right?).';
  return 'The RCON session failed.';
}

export function createConsole(store: Store, rcon: { addr: HostPort; password: string; timeoutMs?: number }): ConsolePort {
  const client = new RconClient({
    host: rcon.addr.host,
    port: rcon.addr.port,
    password: rcon.password,
    timeoutMs: rcon.timeoutMs ?? 5_000,
  });

  /** The command's reply; a failure as the domain error that says why. */
  async function run(command: string): Promise<{ text: string; truncated: boolean }> {
    try {
      return await client.exec(command);
    } catch (err) {
      if (err instanceof InvalidGameCommandError) throw new ValidationError(err.message);
      if (!(err instanceof GameError)) throw err;
      throw new GameUnavailableError(failureWords(err));
    }
  }

  return {
    run,
    async exec(command, actor) {
      const shown = maskCommand(command.trim());
      try {
        const reply = await run(command);
        return store.console.record(actor, shown, reply.truncated ? 'truncated' : 'ok', reply.text);
      } catch (err) {
        if (err instanceof GameUnavailableError) store.console.record(actor, shown, 'failed', err.message);
        throw err;
      }
    },
    close: () => client.close(),
  };
}
