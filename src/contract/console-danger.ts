// Which console commands ask before they run (issue "Operating with confidence": no surprising
// click): those that stop or restart the game server, kick or ban everyone, or delete something.
// One rule for the server, which refuses such a command without `confirm: true` (so a script
// cannot run one by accident either), and the web console, which asks with the same dialog the
// dashboard uses before it sends it. Pure; the browser build imports it.
//
// The game's own commands are few (Shutdown, DoExit, KickPlayer, BanPlayer, ...); a server mod
// such as PalDefender adds more, so the rest is read from the command's words: a verb that
// deletes, wipes or resets, and an argument that names everyone.

/** Why the command asks first, in words for the dialog and the 409's message; null: it does not. */
export function consoleDanger(command: string): string | null {
  const words = command.trim().replace(/^\//, '').split(/\s+/);
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
