// The diagnostics screen's sentences in English, by message id (index.ts says how they are
// used): each channel's state (`words`) and what to do about it (`advice`). Spans ("5 min") and
// errors from outside are params.
const REST_SETUP =
  'Check that the game server is running with RESTAPIEnabled=True in PalWorldSettings.ini, and that SERVICE_GAME_REST_URL points at its RESTAPIPort (usually 8212) from where palpanel runs.';

export const DIAGNOSTIC_MESSAGES = {
  'diagnostics.rest.off': 'No game REST API is set, so palpanel shows no live players or figures and cannot act on the game.',
  'diagnostics.rest.off.advice': `Set SERVICE_GAME_REST_URL and SERVICE_GAME_ADMIN_PASSWORD. ${REST_SETUP}`,
  'diagnostics.rest.pending': 'palpanel has not heard from the game yet.',
  'diagnostics.rest.unauthorized': 'The game has refused the admin password for {span}.',
  'diagnostics.rest.unauthorized.advice':
    "Set SERVICE_GAME_ADMIN_PASSWORD to the game's AdminPassword (PalWorldSettings.ini), then restart palpanel.",
  'diagnostics.rest.unreachable': "The game's REST API has not answered for {span}.",
  'diagnostics.rest.unreachable.lastTry': "The game's REST API has not answered for {span}. Last try: {error}.",
  'diagnostics.rest.unreachable.advice': REST_SETUP,
  'diagnostics.rest.missed': 'The game missed its last answer; one more miss and palpanel counts it as down.',
  'diagnostics.rest.ok': 'The game has answered every poll for {span}.',
  'diagnostics.rcon.off': 'RCON is not set up. Only the console and item grants without PalDefender need it; the game deprecates RCON.',
  'diagnostics.rcon.off.advice':
    'For the console, set SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD (and RCONEnabled=True in the game), then restart palpanel.',
  'diagnostics.rcon.unknown': 'RCON has not been tried yet.',
  'diagnostics.rcon.failing': '{why} Failing for {span}.',
  'diagnostics.rcon.refused.advice': "Set SERVICE_RCON_PASSWORD to the game's AdminPassword (PalWorldSettings.ini), then restart palpanel.",
  'diagnostics.rcon.timeout.advice':
    'The game took the connection but did not answer: check that the game server is not stuck, and that SERVICE_RCON_ADDR is its RCON port.',
  'diagnostics.rcon.unreachable.advice':
    'Check that the game runs with RCONEnabled=True in PalWorldSettings.ini, and that SERVICE_RCON_ADDR is its host and RCONPort (usually 25575) as palpanel reaches it.',
  'diagnostics.rcon.ok': 'RCON answers and takes the password.',
  'diagnostics.gameData.noRest': 'Live game data needs the game REST API, which is not set.',
  'diagnostics.gameData.disabled': 'Live game data is off: the map shows no live positions and bases no live workers.',
  'diagnostics.gameData.disabled.advice': 'Set SERVICE_GAME_DATA=on when the game serves its game-data API.',
  'diagnostics.gameData.pending': 'No game data has been read yet.',
  'diagnostics.gameData.ready': 'Live game data is read.',
  'diagnostics.gameData.stale': 'The last game data is {age} old; the map shows it marked as old.',
  'diagnostics.gameData.stale.advice': 'This follows the game REST API: when the game answers again, so does its game data.',
  'diagnostics.gameData.unsupported': 'The game has no game-data API (for {span}).',
  'diagnostics.gameData.unsupported.advice':
    'Start the game with its game-data API enabled (Palworld 1.0 or later), or set SERVICE_GAME_DATA=off.',
  'diagnostics.gameData.unauthorized': 'The game refuses the admin password for game data (for {span}).',
  'diagnostics.gameData.unauthorized.advice': "Set SERVICE_GAME_ADMIN_PASSWORD to the game's AdminPassword.",
  'diagnostics.gameData.failed': 'Game data could not be read for {span}.',
  'diagnostics.game.none': 'Nothing watches the game yet: palpanel sees a crash through its REST API or its process.',
  'diagnostics.game.none.advice': 'Set SERVICE_GAME_REST_URL (and SERVICE_GAME_PROCESS to see its process), then restart palpanel.',
  'diagnostics.game.ok': 'No crash of the game in the last day.',
  'diagnostics.game.crashed': 'The game crashed {span} ago; palpanel waits for it to come back.',
  'diagnostics.save.off': 'No save folder is set, so players, pals and guilds are not read and nothing is backed up.',
  'diagnostics.save.problem': '{problem} The last good world stays served.',
  'diagnostics.save.writing.advice':
    'palpanel reads a save once the game has finished writing it; if this lasts, the log says what keeps it from being read.',
  'diagnostics.save.quiet': 'The game answers but has not written a save for {span}.',
  'diagnostics.save.pending': 'The save has not been read yet in this run.',
  'diagnostics.backups.noSave': 'No save folder is set, so there is nothing to back up.',
  'diagnostics.backups.noSave.advice': 'Set SERVICE_SAVE_DIR and restart palpanel; backups then follow their schedule.',
  'diagnostics.backups.failed': 'The last backup failed {ago} ago: {why}',
  'diagnostics.backups.noneOff': 'There is no backup, and scheduled backups are off.',
  'diagnostics.backups.turnOn.advice': 'Turn the schedule on in Backups, or make a backup there now.',
  'diagnostics.backups.offStale': 'The newest backup is {age} old, and scheduled backups are off.',
  'diagnostics.backups.off': 'Scheduled backups are off; the newest backup is {age} old.',
  'diagnostics.backups.late.advice':
    'The log says why scheduled backups did not run (a save folder that cannot be read, a full disk); make one in Backups meanwhile.',
  'diagnostics.disk.low.advice':
    'Free space on that disk, keep backups fewer days or set a storage budget (Backups, schedule), or set SERVICE_BACKUP_DIR to a larger disk.',
  'diagnostics.backups.failed.advice':
    'Check the free space and the permissions of the backup folder (SERVICE_BACKUP_DIR), then make a backup in Backups.',
  'diagnostics.disk.off': 'No backups are made, so their disk is not watched.',
  'diagnostics.disk.unreadable': "palpanel cannot read the free space of the backup folder's disk.",
  'diagnostics.disk.unreadable.advice':
    'Check that the backup folder (SERVICE_BACKUP_DIR) exists and the user palpanel runs as can read it.',
  'diagnostics.webhooks.none': 'No webhooks are set.',
  'diagnostics.webhooks.none.advice':
    'To be told of joins, backups and outages elsewhere (Discord, or any URL that takes JSON), add a webhook in Settings.',
  'diagnostics.webhooks.failing.advice':
    'Check the webhooks in Settings: a receiver that was deleted or moved refuses every delivery, so replace it there.',
} as const satisfies Record<string, string>;
