// Console commands as palpanel stores and runs them: a password never reaches the log or the
// audit, and a saved command's placeholders are filled at run time.

/** Commands whose arguments are a secret (the game's `AdminPassword <password>`, PalDefender's
 * `setadminpassword`), matched without the optional leading slash, in any case. */
const SECRET_ARGS = /^(\/?(?:adminpassword|setadminpassword|password))(\s+).+$/i;

export function maskCommand(command: string): string {
  return command.replace(SECRET_ARGS, '$1$2****');
}

/** The placeholders a saved command may hold, filled from the chosen player. */
export const PLACEHOLDERS = ['{userId}', '{playerId}', '{name}'] as const;

export interface PlaceholderValues {
  /** The platform user id (`steam_…`, `gdk_…`, `ps5_…`). */
  userId?: string;
  /** The game's 32-hex player id. */
  playerId?: string;
  name?: string;
}

/** The command with its placeholders filled; the names of those it could not fill. */
export function fillPlaceholders(command: string, v: PlaceholderValues): { command: string; missing: string[] } {
  const missing: string[] = [];
  const out = command.replace(/\{(userId|playerId|name)\}/g, (whole, key: keyof PlaceholderValues) => {
    const value = v[key];
    if (value === undefined || value === '') {
      missing.push(whole);
      return whole;
    }
    // A value cannot add an argument or a second command.
    return value.replace(/[\s\0]+/g, '_');
  });
  return { command: out, missing };
}
