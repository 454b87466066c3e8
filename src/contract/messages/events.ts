// The panel's event log in English, by message id (index.ts says how they are used). Values a
// player or the host chose (names, reasons, ids) are params; words with a fixed set of values
// are `select`s, so a translation words each.
export const EVENT_MESSAGES = {
  'event.join': '{player} joined the server',
  'event.leave': '{player} left the server',
  'event.system.reachable': 'Palworld REST API is reachable',
  'event.system.unreachable': 'Palworld REST API is unreachable',
  'event.system.passwordRefused': 'Palworld REST API refused the admin password (check SERVICE_GAME_ADMIN_PASSWORD)',
  'event.system.driftDetected': 'world save format drift detected',
  'event.system.driftResolved': 'world save format drift resolved',
  'event.backup.completed': 'Backup completed',
  'event.backup.refused': 'Backup refused: {error}',
  'event.backup.diskNearlyFull': 'Backup disk nearly full: {free} free, and each backup takes about {size}',
  'event.backup.copyFailed.retry':
    'Warning: backup off-site copy failed: {id} (attempt {attempt}, {cut, select, deadline {killed past its deadline} spawn {the command could not start} read {the archive could not be read} other {exit status {code}}}); tried again at {nextAt}',
  'event.backup.copyFailed.givenUp':
    'Warning: backup off-site copy failed: {id} (attempt {attempt}, {cut, select, deadline {killed past its deadline} spawn {the command could not start} read {the archive could not be read} other {exit status {code}}}); given up after {attempt} attempts',
  'event.backup.checkFailed':
    'Off-site copy of backup {id} {outcome, select, corrupt {is damaged} missing {was not found} other {could not be checked}}: {detail}',
  'event.backup.copyStale': 'The newest good off-site copy is of a backup {age} h old, older than {max} h',
  'event.backup.noGoodCopy': 'No off-site copy has passed its check yet',
  'event.crash':
    'The game server crashed: {cause, select, process_gone {its process ended} other {its REST API stopped answering}} without a shutdown palpanel asked for ({hasUptime, select, yes {up {uptime}} other {uptime unknown}}, {hasMemory, select, yes {{memory} resident at the last sample} other {memory not visible}}).',
  'event.crash.returned': 'The game server is back after a crash (down {down}).',
  'event.restart.started': 'Restart started: {why}. The game stops at {endsAt}.',
  'event.restart.done': 'Restart ({cause}) done: the game saved and shut down; its supervisor starts it again.',
  'event.restart.cancelled': 'Restart ({cause}) cancelled: cancelled by {by}.',
  'event.restart.failed': 'Restart ({cause}) failed: failed: {why}.',
  'event.moderation.whitelistKick': 'Kicked {player} ({userId}): not on the whitelist',
} as const satisfies Record<string, string>;
