// The save pipeline in one place: the world folder followed, the watcher that reads its
// Level.sav (a worker thread parses it into a world database), the apply that swaps that database
// in, and the world switch: when the game reports running another world than before, the watcher
// looks again at once. `palpanel serve` starts it and tells it what the game reports
// (`gameWorld`); nothing here reaches back into the composition root.
import type { Clock } from '../lib/time.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../store/index.js';
import type { BackgroundItems } from './items-reader.js';
import type { StoreParseResult } from './parse-job.js';
import { parseForStoreInWorker } from './parse-worker-host.js';
import { SaveWatcher } from './save-watcher.js';
import { applyParse } from './world-apply.js';
import { WorldFolder } from './world-folder.js';
import { WorldOptionWatch } from './world-option.js';

export interface SavePipelineOptions {
  /** SERVICE_SAVE_DIR; null: no save folder, no pipeline. */
  saveDir: string | null;
  dataDir: string;
  intervalMs: number;
  store: Store;
  log: Logger;
  clock: Clock;
  /** Ends the watcher and cancels a parse under way (shutdown). */
  signal: AbortSignal;
  /** Reads each parse's items after its swap; the next parse waits for that read. */
  items: BackgroundItems;
  /** Runs once with the world folder before anything reads the save (a restore a crash
   * interrupted is finished or undone there). */
  beforeFirstRead?: (worldDir: string | null) => void;
}

export interface SavePipeline {
  /** The watcher of the followed world; null without a save folder. */
  readonly watcher: SaveWatcher<StoreParseResult> | null;
  /** Its WorldOption.sav, which overrides the settings file; null without a save folder. */
  readonly worldOption: WorldOptionWatch | null;
  /** What the game reports running (its REST info's world id; null while it does not say). */
  gameWorld(id: string | null): void;
}

/** Builds the pipeline and starts the watcher (its first check runs at once). */
export function startSavePipeline(o: SavePipelineOptions): SavePipeline {
  // The world followed is the one the game reports running, else the only one.
  let running: string | null = null;
  let seen: string | null = null;
  if (!o.saveDir) return { watcher: null, worldOption: null, gameWorld: () => undefined };
  const folder = new WorldFolder(o.saveDir, () => running, o.log);
  o.beforeFirstRead?.(folder.resolve().dir);
  const watcher = new SaveWatcher<StoreParseResult>({
    world: folder,
    intervalMs: o.intervalMs,
    parse: async (dir) => {
      await o.items.idle();
      return parseForStoreInWorker({ target: dir, dataDir: o.dataDir, worldFile: o.store.world.file }, o.signal);
    },
    apply: (out) => {
      applyParse(o.store, out, o.log);
      o.items.start();
    },
    log: o.log,
    now: o.clock,
  });
  watcher.start(o.signal);
  return {
    watcher,
    worldOption: new WorldOptionWatch(() => folder.current().dir),
    gameWorld(id) {
      running = id;
      if (id && id !== seen) {
        seen = id;
        watcher.poke();
      }
    },
  };
}
