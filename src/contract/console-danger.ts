// Which console commands ask before they run (issue "Operating with confidence": no surprising
// click): those that stop or restart the game server, kick or ban everyone, or delete something.
// One rule for the server, which refuses such a command without `confirm: true` (so a script
// cannot run one by accident either), and the web console, which asks with the same dialog the
// dashboard uses before it sends it. Pure; the browser build imports it.
//
// The game's own commands are few (Shutdown, DoExit, KickPlayer, BanPlayer, ...); a server mod
// such as PalDefender adds more, so the rest is read from the command's words: a verb that
// deletes, wipes or resets, and an argument that names everyone.

// Characters that show nothing (U+200B, the soft hyphen, joiners, variation selectors, tags, BOM,
// ...): "\u200bDoExit" looked like no known command to the rule below, yet the game ran DoExit
// (issue 37, finding 10). They are removed before the rule looks and before the command is sent.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The command as it is checked, sent and logged: with the characters that show nothing removed. */
export function normaliseCommand(command: string): string {
  return command.replace(INVISIBLE, '');
}

/** The most bytes (UTF-8) of one command the game's RCON takes. */
export const MAX_COMMAND_BYTES = 4000;

/** Why the game would not be sent this command (game/rcon-client.ts refuses it at run), in words;
 * null: it may be sent. Saved commands and command tasks are refused with it when they are made
 * (issue 37, finding 14), so nothing is accepted that fails each time it runs. */
export function commandLineProblem(command: string): string | null {
  if (/[\0\r\n]/.test(command)) return 'A console command is one line: it may not hold a line break or a NUL.';
  const line = normaliseCommand(command).trim();
  if (line === '') return 'The console command is empty.';
  if (new TextEncoder().encode(line).length > MAX_COMMAND_BYTES) return `A console command is at most ${MAX_COMMAND_BYTES} bytes.`;
  return null;
}

/** Why the command asks first, in words for the dialog and the 409's message; null: it does not. */
export function consoleDanger(command: string): string | null {
  const words = normaliseCommand(command).trim().replace(/^\//, '').split(/\s+/);
  const verb = (words[0] ?? '').toLowerCase();
  const args = words.slice(1).map((w) => w.toLowerCase());
  if (verb === 'doexit') return 'DoExit stops the game server at once, without a countdown or a save.';
  if (verb === 'shutdown') return 'Shutdown stops the game server (after the seconds it names).';
  if (/^(restart|reboot|stop|quit|exit)(server)?$/.test(verb)) return `${words[0]} stops or restarts the game server.`;
  const everyone = args.some((a) => ['*', 'all', '@a', 'everyone', '-all', '--all'].includes(a));
  if (/(kick|ban)/.test(verb) && (everyone || /all$/.test(verb)))
    return `${words[0]} ${everyone ? 'with that argument ' : ''}acts on every player.`;
  if (/(delete|remove|wipe|purge|reset|destroy|erase|clear|drop)/.test(verb))
    return `${words[0]} deletes something that cannot be brought back.`;
  return null;
}
