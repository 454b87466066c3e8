// What the panel's console routes need of the running palpanel (console.ts).
import type { Actor } from '../domain/actor.js';
import type { ConsoleLogEntry } from '../store/console.js';
import type { LinkState } from '../domain/link-track.js';

export interface ConsolePort {
  /** Runs one command through RCON and logs it; GameUnavailableError (503) when RCON refuses
   * the password or does not answer; ValidationError for a bad command. (Without RCON settings
   * there is no ConsolePort: its routes answer NotConfiguredError.) A command that stops the
   * server, kicks or bans everyone, or deletes something (contract/console-danger.ts) runs only
   * `confirmed`: else ConflictError saying why, and nothing is sent or logged. */
  exec(command: string, actor: Actor, opts?: { confirmed?: boolean }): Promise<ConsoleLogEntry>;
  /** Runs one command without the console log (its caller records it its own way): the reply
   * text, or GameUnavailableError saying why not. */
  run(command: string): Promise<{ text: string; truncated: boolean }>;
  /** Since when RCON works or not, from every exchange (console, tasks, item grants, checks). */
  link(): LinkState;
  /** Logs in to RCON when nothing used it for a minute, so the link's state is recent; never
   * rejects (the outcome goes into link()). Concurrent calls share one login. */
  check(): Promise<void>;
  close(): Promise<void>;
}
