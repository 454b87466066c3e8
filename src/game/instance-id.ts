// One spelling for pal instance ids, so a game-data actor joins a save pal by plain equality.
// The game writes `InstanceID` in several forms: bare upper-case hex, dashed or braced GUIDs,
// and a compound `<trainer uid> : <instance id>` for owned pals (game-interfaces.md §5.1 and
// captures of 1.0 servers); the pal's own id is the last part. Saves write dashed GUIDs.

/** Lower-case 32-hex form, or null when the value is not a GUID (then it can never match). */
export function normaliseInstanceId(raw: string): string | null {
  const last = raw.includes(':') ? raw.slice(raw.lastIndexOf(':') + 1) : raw;
  const hex = last.replace(/[\s{}()-]/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? hex : null;
}
