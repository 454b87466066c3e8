// The game operated (issue 40, part A) in `palpanel serve`: the resources sampler and its
// history, the crash watch reading the REST poller and the sampler, and Start with
// SERVICE_GAME_START_COMMAND run by the off-site copy command's runner (backups/copy-process.ts).
import type { Settings } from '../config/settings.js';
import type { Clock } from '../lib/time.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../store/index.js';
import type { LiveSnapshot } from '../domain/live.js';
import type { OperatePorts } from '../http/deps.js';
import { ResourceSampler } from '../poller/resources/sampler.js';
import { CrashWatch } from '../poller/crash-watch.js';
import { GameStarter, type StartRunner } from '../actions/game-start.js';
import { runCommand } from '../backups/copy-process.js';
import { redactor } from '../backups/copy-output.js';
import { backupDirOf } from '../backups/stack.js';
import type { Lifecycle } from './shutdown.js';

/** A start command (systemctl, docker start) returns in seconds; one still running after this is killed. */
const START_TIMEOUT_MS = 120_000;
/** How long `running()` waits for the game's REST API before Start. */
const PROBE_MS = 2_000;

export interface OperateParts {
  settings: Settings;
  store: Store;
  clock: Clock;
  log: Logger;
  life: Lifecycle;
  /** The environment palpanel started with: what the start command inherits (less SERVICE_*). */
  env: Readonly<Record<string, string | undefined>>;
  /** The game log's last lines (part B's follower); default none. */
  logTail?: (n: number) => string[];
}

export interface Operate {
  sampler: ResourceSampler;
  crashes: CrashWatch;
  /** For createHandler; the starter's running check is set by `useGame` once the client exists. */
  ports: OperatePorts;
  /** The REST snapshot feed (game-link's onSnapshot). */
  snapshot(s: LiveSnapshot): void;
  /** Gives the starter what it asks before a start: the live state and the game's REST client. */
  useGame(reachable: () => boolean, probe: (() => Promise<unknown>) | null): void;
}

/** The start command's environment: palpanel's own, without its SERVICE_* settings. */
function startEnv(base: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && !k.startsWith('SERVICE_')) env[k] = v;
  return env;
}

export function startOperate(p: OperateParts): Operate {
  const { settings, store, clock, log, life } = p;
  let crashes: CrashWatch | null = null;
  const sampler = new ResourceSampler({
    intervalMs: settings.pollIntervalMs,
    gameProcess: settings.gameProcess,
    saveDir: settings.saveDir,
    backupDir: settings.saveDir ? backupDirOf(settings) : null,
    now: clock,
    onSample: (s) => {
      store.resources.record(s);
      if (s.game) crashes?.processSeen();
    },
    onProcessGone: (last) => crashes?.processGone(last),
    onError: (err) => log('warn', 'resources', err),
  });
  crashes = new CrashWatch({
    record: store.gameRecord,
    resources: sampler,
    logTail: p.logTail,
    now: clock,
    restPolled: settings.gameRestUrl !== null,
  });
  sampler.start(life.signal);
  life.onClose('resources sampler', () => sampler.stop());

  let reachable = () => false;
  let probe: (() => Promise<unknown>) | null = null;
  const running = async (): Promise<string | null> => {
    if (reachable()) return 'the game answers its REST API';
    const pid = sampler.latest()?.game?.pid;
    if (pid !== undefined) return `its process still runs (pid ${pid})`;
    if (
      probe &&
      (await probe().then(
        () => true,
        () => false,
      ))
    )
      return 'the game answers its REST API';
    return null;
  };
  const env = startEnv(p.env);
  const run: StartRunner = (argv) =>
    runCommand(argv, {
      env,
      timeoutMs: START_TIMEOUT_MS,
      timeoutSetting: 'the start command’s 2 minutes',
      killGraceMs: 5_000,
      redact: redactor(p.env),
    }).done;
  const starter = settings.gameStartCommand ? new GameStarter({ command: settings.gameStartCommand, run, running, store, clock }) : null;
  return {
    sampler,
    crashes,
    ports: { resources: sampler, starter, downBoundMs: settings.gameDownBoundMs },
    snapshot: (s) => crashes.snapshot(s),
    useGame(r, pr) {
      reachable = r;
      probe = pr;
    },
  };
}

export { PROBE_MS };
