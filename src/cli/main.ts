// The palpanel command line. Only commander loads up front; each command imports its module
// when it runs, so `--version` and `--help` stay fast.
import { Command, CommanderError, Option } from 'commander';
// Types only (erased): commander hands each action its options untyped, as these.
import type { DashFlags } from './dash.js';
import type { DemoFlags } from './demo.js';
import { exitCodeFor, messageFor, UsageError } from './exit.js';
import { processIo, type CliIo } from './io.js';
import type { BackupCliOpts as BackupFlags } from './backup.js';
import type { Common as KeyOpts } from './keys.js';
import type { ParseOpts } from './parse.js';
import type { Common as UserOpts } from './users.js';
import { ROLES } from '../contract/vocabulary.js';
import { palpanelVersion } from './version.js';

const dataDirOpt = () =>
  new Option('--data-dir <dir>', 'the panel data folder (env SERVICE_DATA_DIR; default ./palpanel-data, only when it exists)');
const jsonOpt = () => new Option('--json', 'print JSON instead of text');

// Every setting of interface.md, shown by `serve --help` (a test checks it against the settings
// module, which is not imported here so that --version and --help stay fast).
const SETTINGS_HELP = `
Settings (environment; a flag above wins over its variable):
  SERVICE_LISTEN                  --listen    host:port to listen on; port 0 picks a free port (default 127.0.0.1:8080)
  SERVICE_DATA_DIR                --data-dir  the panel's own state: store, control socket (default ./palpanel-data)
  SERVICE_SAVE_DIR                --save-dir  the game's Saved folder, or any folder from it down to the world folder (SaveGames/0/<world id>); the world the game runs is followed (default none)
  SERVICE_SAVE_CHECK_INTERVAL     how often the world folder is checked besides change notification; a save quiet for 2 s is read at once (default 30s)
  SERVICE_GAME_REST_URL           --game-url  base URL of the game's REST API, e.g. http://127.0.0.1:8212 (default none)
  SERVICE_GAME_ADMIN_PASSWORD     the game's AdminPassword, sent as HTTP Basic user admin (default none)
  SERVICE_POLL_INTERVAL           period of the live poll: info, players, metrics (default 5s)
  SERVICE_GAME_DATA               on (or true, 1, yes) enables the live game-data poller, GET /v1/api/game-data (default off)
  SERVICE_GAME_DATA_INTERVAL      period of the game-data poller (default 15s)
  SERVICE_RCON_ADDR               host:port of the game's RCON, which only the console needs; the game deprecates it (default none)
  SERVICE_RCON_PASSWORD           the game's RCON password (default none)
  SERVICE_PALDEFENDER_URL         PalDefender's REST API for item grants, e.g. http://127.0.0.1:17993; set with the token (default none)
  SERVICE_PALDEFENDER_TOKEN       a token from PalDefender's RESTAPI/Tokens with the permission REST.Items.Give (default none)
  SERVICE_INTEGRATION_RATE_LIMIT  Integration API requests per minute per key, a positive whole number (default 60)
  SERVICE_SESSION_TTL             panel session length (default 7d)
  SERVICE_REQUIRE_2FA             who must sign in with a second factor (TOTP): off, admins, or moderators (moderators and admins) (default off)
  SERVICE_LOG_FORMAT              text or json; logs go to stderr (default text)
  SERVICE_BACKUP_DIR              where backups are kept; unset: <data-dir>/backups (default none)
  SERVICE_BACKUP_COPY_COMMAND     a program (and its arguments) run without a shell after each backup to copy it off-site, the archive in PALPANEL_BACKUP_* variables (default none)
  SERVICE_BACKUP_COPY_TIMEOUT     a copy running longer is killed and tried again later (default 30m)
  SERVICE_CONFIG_FILE             the game's PalWorldSettings.ini, palworld-server-docker's env file, or a compose file (its environment: block), for the panel's config editor (default none)
  SERVICE_CONFIG_COMPOSE_SERVICE  the compose file's service to edit; unset: the only one with palworld-server-docker variables, else palworld (default none)
  SERVICE_MAP_TILE_URL            map tiles the web UI draws under its map, an http(s) URL with {z}, {x}, {y} (default none)
  SERVICE_MAP_TILES_DIR           a folder of your own map tiles, {z}/{x}/{y}.png (or .webp, .jpg), served at /map-tiles/ for the map (default none)
  SERVICE_PUBLIC_URL              the address users open behind a reverse proxy, e.g. https://panel.example.org: changes are accepted from it, cookies Secure when https (default none)
  SERVICE_TRUSTED_PROXIES         addresses or CIDRs of reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (default none)
  SERVICE_WEBHOOK_ALLOW_PRIVATE   on lets webhooks go to loopback, link-local and private addresses, e.g. a bot on this host (default off)
  SERVICE_BACKUP_CHECK_COMMAND    a program (and its arguments) run without a shell to fetch a backup's off-site copy back into PALPANEL_CHECK_DIR (which: PALPANEL_BACKUP_ID), then checked and dry-run (default none)
  SERVICE_BACKUP_CHECK_TIMEOUT    how long one fetch of the off-site check may run before it is killed (default 30m)
  SERVICE_GAME_PROCESS            the game's process, as /proc/<pid>/comm names it (PalServer-Linux-Shipping) or a pid file's path: its memory, CPU and crashes; unset: not visible (default none)
  SERVICE_GAME_START_COMMAND      a program (and its arguments) run without a shell when an admin starts a stopped game, e.g. /usr/bin/systemctl start palworld.service (default none)
  SERVICE_GAME_DOWN_BOUND         a game down this long after a crash is failing in the diagnostics (default 5m)
  SERVICE_GAME_LOG                a log file of the game to follow (PalServer.log, PalDefender's, the docker image's), through rotation and truncation (default none)
  SERVICE_GAME_LOG_COMMAND        instead, a command run without a shell whose output is the game's log, e.g. journalctl -u palworld -f -n 200 -o cat (default none)
  SERVICE_GAME_LANGUAGE           the language palpanel speaks in the game's chat (countdowns, restart reasons) and the webhooks' default texts: en, zh-Hans, zh-Hant, ja, ko, de, fr, es, pt-BR, ru (default en)
  SERVICE_TIMEZONE                an IANA time zone for task schedules and the restart policy, e.g. Europe/Berlin (default UTC)
  SERVICE_RESTART_MEMORY          restart the game with the countdown when its resident memory passes this: 85% of the machine, or a size such as 12GiB (default none)
  SERVICE_RESTART_CRON            restart the game on a cron expression of five fields in SERVICE_TIMEZONE, e.g. 0 5 * * * (default none)
  SERVICE_RESTART_QUIET_WINDOW    HH:MM-HH:MM in SERVICE_TIMEZONE: restart once a day there as soon as nobody is online (default none)
  SERVICE_RESTART_WARNING         how long before a policy restart players are first told (default 10m)

Durations are a whole number and a unit: 250ms, 5s, 2m, 1h or 7d. An invalid value stops start-up
with exit code 2 and a message naming the setting. When ready, serve prints
"listening on http://HOST:PORT"; SIGTERM or SIGINT stops it cleanly (exit 0).
`;

/** The dashboard ended with a non-zero code after printing why. */
class DashExit extends Error {
  constructor(readonly code: number) {
    super('dash exit');
  }
}

export function buildProgram(io: CliIo): Command {
  const program = new Command('palpanel')
    .description('Admin panel and read-only Integration API for a Palworld dedicated server.')
    .version(palpanelVersion(), '-V, --version', 'print the version')
    .option('--debug', 'print stack traces on failure')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride();

  program
    .command('serve')
    .description(
      'run the service: HTTP server (panel API, Integration API, /api/openapi.json), the game-server poller, ' +
        'the optional live game-data poller, the save watcher and parser. Settings come from SERVICE_* variables ' +
        '(`palpanel serve --help` lists them).',
    )
    .addHelpText('after', SETTINGS_HELP)
    .option('--listen <host:port>', 'HTTP listen address (env SERVICE_LISTEN; default 127.0.0.1:8080)')
    .addOption(dataDirOpt())
    .option('--save-dir <dir>', "the game's Saved folder or the world folder below it (env SERVICE_SAVE_DIR)")
    .option('--game-url <url>', "the game's REST API base URL, e.g. http://127.0.0.1:8212 (env SERVICE_GAME_REST_URL)")
    .action(async (o: { listen?: string; dataDir?: string; saveDir?: string; gameUrl?: string }) => {
      const { serve } = await import('./serve.js');
      await serve(io, { listen: o.listen, dataDir: o.dataDir, saveDir: o.saveDir, gameRestUrl: o.gameUrl });
    });

  program
    .command('demo')
    .description(
      'run serve on a generated demo world with a built-in simulated game server (REST, game data, RCON): ' +
        'prints the URL, an admin login, a ready API key and curl commands to try',
    )
    .option('--data-dir <dir>', 'where the demo keeps its data (default: a new temp folder)')
    .option('--listen <host:port>', 'HTTP listen address (default 127.0.0.1:8080, or a free port if taken)')
    .option('--seed <n>', 'seed of the generated world', '1')
    .option('--players <n>', 'players in the generated world', '12')
    .option('--pals <n>', 'pals in the generated world', '600')
    .action(async (o: DemoFlags) => (await import('./demo.js')).demo(io, o));

  const keys = program.command('keys').description('manage Integration API keys');
  keys
    .command('create')
    .description('create a key and print it once (it is never shown again)')
    .requiredOption('--label <text>', 'what the key is for, 1 to 64 characters')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (o: KeyOpts & { label: string }) => (await import('./keys.js')).keysCreate(io, o));
  keys
    .command('list')
    .description('list keys, newest first (never the key itself)')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (o: KeyOpts) => (await import('./keys.js')).keysList(io, o));
  keys
    .command('revoke <id>')
    .description('revoke a key by its 8-character id; effective on the next request')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (id: string, o: KeyOpts) => (await import('./keys.js')).keysRevoke(io, id, o));

  const backup = program
    .command('backup')
    .description(
      'world save backups: make, list, verify, restore, import, check the off-site copy (through the running server when there is one)',
    );
  const saveDirOpt = () => new Option('--save-dir <dir>', "the game's Saved folder or the world folder below it (env SERVICE_SAVE_DIR)");
  backup
    .command('create')
    .description('make a backup now (the game is asked to save first when SERVICE_GAME_REST_URL is set) and wait for it')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .addOption(saveDirOpt())
    .action(async (o: BackupFlags) => (await import('./backup.js')).backupCreate(io, o));
  backup
    .command('list')
    .description('list backups, newest first')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .addOption(saveDirOpt())
    .action(async (o: BackupFlags) => (await import('./backup.js')).backupList(io, o));
  backup
    .command('verify <id>')
    .description("read a backup whole and check every file against its manifest's SHA-256")
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .addOption(saveDirOpt())
    .action(async (id: string, o: BackupFlags) => (await import('./backup.js')).backupVerify(io, id, o));
  backup
    .command('restore <id>')
    .description('restore a backup into the save folder (the game server must be stopped; a pre-restore backup is made first)')
    .requiredOption('--confirm <word>', 'type RESTORE to confirm')
    .option('--shutdown', 'shut the game server down first through its REST API when it runs')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .addOption(saveDirOpt())
    .action(async (id: string, o: BackupFlags & { confirm: string; shutdown?: boolean }) =>
      (await import('./backup.js')).backupRestore(io, id, o),
    );
  backup
    .command('import <file>')
    .description(
      'keep a backup archive (.tar.gz) as an `imported` backup, e.g. an off-site copy fetched back after the machine was lost: ' +
        'it is checked as an upload is (bounds, manifest, checksums, a world save that parses) and nothing is kept when it fails; ' +
        'then `palpanel backup restore <id> --confirm RESTORE` restores it',
    )
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .addOption(saveDirOpt())
    .action(async (file: string, o: BackupFlags) => (await import('./backup.js')).backupImport(io, file, o));
  backup
    .command('check [id]')
    .description(
      "fetch a backup's off-site copy back now with SERVICE_BACKUP_CHECK_COMMAND (default: the newest backup), check its " +
        'checksums and manifest and dry-run it against the world; exit 1 with the reason when it is not whole',
    )
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .addOption(saveDirOpt())
    .action(async (id: string | undefined, o: BackupFlags) => (await import('./backup.js')).backupCheck(io, id, o));

  const users = program.command('users').description('manage panel logins');
  users
    .command('add <name>')
    .description('add a panel login (password prompted without echo, or read from stdin)')
    .addOption(new Option('--role <role>', 'admin, moderator or viewer').choices([...ROLES]).makeOptionMandatory())
    .option('--password-stdin', 'read the password from the first line of stdin')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (name: string, o: UserOpts & { role: string; passwordStdin?: boolean }) =>
      (await import('./users.js')).usersAdd(io, name, o),
    );
  users
    .command('list')
    .description('list panel logins')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (o: UserOpts) => (await import('./users.js')).usersList(io, o));
  users
    .command('remove <name>')
    .description('remove a panel login and end its sessions')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (name: string, o: UserOpts) => (await import('./users.js')).usersRemove(io, name, o));
  users
    .command('passwd <name>')
    .description("change a login's password and end its sessions")
    .option('--password-stdin', 'read the password from the first line of stdin')
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (name: string, o: UserOpts & { passwordStdin?: boolean }) => (await import('./users.js')).usersPasswd(io, name, o));
  users
    .command('2fa')
    .description("a login's two-factor sign-in")
    .command('reset <name>')
    .description("turn a login's two-factor sign-in off (a lost phone); they sign in with the password and may enrol again")
    .addOption(jsonOpt())
    .addOption(dataDirOpt())
    .action(async (name: string, o: UserOpts) => (await import('./users.js')).users2faReset(io, name, o));

  program
    .command('parse <save>')
    .description('parse a world save (a save folder or a .sav file) and print a summary; --json prints the rows the API would serve')
    .addOption(jsonOpt())
    .option('--data-dir <dir>', 'read your own display names from <dir>/names.json (env SERVICE_DATA_DIR)')
    .action(async (save: string, o: ParseOpts) => (await import('./parse.js')).parseCommand(io, save, o));

  program
    .command('dash')
    .description(
      'terminal dashboard over the Integration API: server, metrics, online players, events, world summary, pals. ' +
        'Without a terminal it prints one snapshot and exits.',
    )
    .option('--url <base_url>', 'the panel, e.g. http://127.0.0.1:8080 (env PALPANEL_URL)')
    .option('--key <key>', 'an Integration API key (env PALPANEL_KEY)')
    .option('--once', 'print one snapshot and exit, even on a terminal')
    .option('--budget <n>', "requests per minute to spend, below the key's rate limit", '40')
    .action(async (o: DashFlags) => {
      const code = await (await import('./dash.js')).dash(io, o);
      if (code !== 0) throw new DashExit(code);
    });

  program
    .command('healthcheck')
    .description(
      'ask the serve of this environment (SERVICE_LISTEN) for /healthz: exit 0 when it answers ok, 1 otherwise (a container HEALTHCHECK)',
    )
    .option('--listen <host:port>', 'the address serve listens on (env SERVICE_LISTEN; default 127.0.0.1:8080)')
    .action(async (o: { listen?: string }) => (await import('./healthcheck.js')).healthcheck(io, o));

  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document that /api/openapi.json serves')
    .action(async () => {
      const { buildOpenApiDocument } = await import('../http/openapi/document.js');
      io.out(JSON.stringify(buildOpenApiDocument(palpanelVersion()), null, 2) + '\n');
    });

  return program;
}

/** Runs the CLI and returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
      return 2; // commander has printed the usage error
    }
    if (err instanceof DashExit) return err.code; // the dashboard printed its own message
    io.err(`palpanel: ${messageFor(err, io.debug)}\n`);
    return exitCodeFor(err);
  }
}

export function runFromProcess(): void {
  // `palpanel openapi | head`: the reader went away. Nothing more can be shown; end quietly
  // instead of with a stack trace (any other stream error is still one).
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  const args = process.argv.slice(2);
  const io = processIo(args.includes('--debug'));
  main(args, io).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`palpanel: ${messageFor(err, io.debug)}\n`);
      process.exitCode = 1;
    },
  );
}

export { UsageError };
