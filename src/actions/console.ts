// The console (issue 13): one command at a time through the game's RCON (the client queues
// them), with a deadline; each run, its reply or why it failed, goes into the console log and the
// audit with the password arguments masked. A missing or refused RCON setting says which.
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

export function createConsole(store: Store, rcon: { addr: HostPort | null; password: string | null; timeoutMs?: number }): ConsolePort {
  const client =
    rcon.addr && rcon.password
      ? new RconClient({ host: rcon.addr.host, port: rcon.addr.port, password: rcon.password, timeoutMs: rcon.timeoutMs ?? 5_000 })
      : null;
  function configured(): RconClient {
    if (!client) {
      const missing = !rcon.addr ? 'SERVICE_RCON_ADDR' : 'SERVICE_RCON_PASSWORD';
      throw new GameUnavailableError(`RCON is not configured: set ${missing} (and RCONEnabled=True in the game's settings).`);
    }
    return client;
  }

  /** The command's reply; a failure as the domain error that says why. */
  async function run(command: string): Promise<{ text: string; truncated: boolean }> {
    const c = configured();
    try {
      return await c.exec(command);
    } catch (err) {
      if (err instanceof InvalidGameCommandError) throw new ValidationError(err.message);
      if (!(err instanceof GameError)) throw err;
      throw new GameUnavailableError(failureWords(err));
    }
  }

  return {
    run,
    async exec(command, actor) {
      configured();
      const shown = maskCommand(command.trim());
      try {
        const reply = await run(command);
        return store.console.record(actor, shown, reply.truncated ? 'truncated' : 'ok', reply.text);
      } catch (err) {
        if (err instanceof GameUnavailableError) store.console.record(actor, shown, 'failed', err.message);
        throw err;
      }
    },
    close: () => client?.close() ?? Promise.resolve(),
  };
}
