// Console commands as palpanel stores and runs them: a password never reaches the log or the
// audit (nor the game's reply), and a saved command's placeholders are filled at run time.

/** Words that mark a secret in a console command or a game reply. Narrower than the settings
 * rule (domain/secret-names.ts): `key` alone names items and keys of the game too often. */
const WORDS = ['password', 'passwd', 'pwd', 'secret', 'token', 'api_?key', 'webhook'];
const WORD = `[A-Za-z0-9_]*(?:${WORDS.join('|')})[A-Za-z0-9_]*`;

/** Invisible characters (Unicode format characters: zero-width spaces and joiners, direction
 * marks, the byte-order mark). Dropped from what is stored and shown: one put before
 * `AdminPassword` hid the command from the check while the game still read it. */
const INVISIBLE = /\p{Cf}/gu;

/** A command whose first word names a secret: everything after the word is the secret. The game's `AdminPassword <pw>`, PalDefender's `setadminpassword`, with a space,
 * `:` or `=` after the word, with or without the leading slash, in any case. */
const SECRET_VERB = new RegExp(`^([ \\t]*\\/?${WORD})([ \\t:=]+)(\\S.*)$`, 'gim');

/** `name=value` or `name: value` anywhere in a text, where the name says secret. A quoted value
 * ends where its closing quote is followed by the end of the value (`'ab'cdef` is one value, all
 * of it masked, not `'ab'` and a visible tail). */
const END = `(?=[\\s,;&|)\\]}]|$)`;
const SECRET_PAIR = new RegExp(`\\b(${WORD})([ \\t]*[:=][ \\t]*)("[^"\\n]*"${END}|'[^'\\n]*'${END}|[^\\s,;&|)\\]}]+)`, 'gi');

export const MASK = '****';
/** Shorter literals are not masked where they stand alone (they would blot out ordinary text). */
const MIN_LITERAL = 4;

/** `text` with its secrets masked; the values masked are added to `found`. The first-word rule
 * is for commands only: a reply's "Password is wrong" names no secret. */
function maskText(text: string, found: Set<string>, isCommand: boolean): string {
  const unquote = (v: string) => v.replace(/^(["'])(.*)\1$/, '$2');
  const visible = text.replace(INVISIBLE, '');
  const verbMasked = isCommand
    ? visible.replace(SECRET_VERB, (_, verb: string, sep: string, rest: string) => {
        found.add(rest.trim());
        return `${verb}${sep}${MASK}`;
      })
    : visible;
  return verbMasked.replace(SECRET_PAIR, (_, name: string, sep: string, value: string) => {
    if (value !== MASK) found.add(unquote(value));
    return `${name}${sep}${MASK}`;
  });
}

function maskLiterals(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of [...secrets].filter((x) => x.length >= MIN_LITERAL && x !== MASK).sort((a, b) => b.length - a.length))
    out = out.split(s).join(MASK);
  return out;
}

/**
 * A console exchange as palpanel stores and shows it: in the command and in the game's reply,
 * a secret after a word that names one is masked (`AdminPassword x`, `AdminPassword:x`,
 * `RCONPassword=x`, also behind invisible characters), and so is every literal secret: each value
 * masked in the command (the game may echo it), and `known` (the RCON and admin passwords
 * palpanel was given). Both ways, on every path (a failed command's reason included).
 */
export function maskExchange(
  command: string,
  reply: string,
  known: readonly (string | null | undefined)[] = [],
): { command: string; reply: string } {
  const found = new Set<string>(known.filter((k): k is string => typeof k === 'string' && k !== ''));
  const shownCommand = maskText(command, found, true);
  const shownReply = maskText(reply, found, false);
  return { command: maskLiterals(shownCommand, found), reply: maskLiterals(shownReply, found) };
}

/** A command as stored and shown (maskExchange without a reply). */
export function maskCommand(command: string, known: readonly (string | null | undefined)[] = []): string {
  return maskExchange(command, '', known).command;
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
