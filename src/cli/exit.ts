// Exit codes (interface.md): 0 success; 2 bad usage or invalid input; 1 any other failure.
// Messages are one line, with no stack trace unless --debug. Removing or demoting the last
// admin is a request the command must not make, so it is input the user can correct: exit 2.
import { SettingsError } from '../config/settings.js';
import { describeFsError, DomainError, LastAdminError, ValidationError } from '../domain/errors.js';
import { terminalLines, terminalText } from '../lib/terminal-text.js';

export class UsageError extends Error {}

export function exitCodeFor(err: unknown): number {
  if (err instanceof SettingsError || err instanceof ValidationError || err instanceof UsageError || err instanceof LastAdminError)
    return 2;
  return 1;
}

export function messageFor(err: unknown, debug: boolean): string {
  // A message may quote what came from outside (a member name read from an archive, an id from a
  // fetched manifest): its control characters are shown as escapes, never sent to the terminal.
  if (debug && err instanceof Error && err.stack) return terminalLines(err.stack);
  return terminalText(messageWords(err));
}

function messageWords(err: unknown): string {
  if (err instanceof DomainError || err instanceof SettingsError || err instanceof UsageError) return err.message;
  // A data dir that cannot be created or written: say which path and why, not "unexpected".
  const fs = describeFsError(err);
  if (fs) return fs;
  if (err instanceof Error && /^(The |A |An |No )/.test(err.message)) return err.message;
  return 'palpanel failed unexpectedly; run again with --debug for details.';
}
