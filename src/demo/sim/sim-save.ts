// The simulated game's world save, written as a real dedicated server writes it: in the game's
// layout (`Saved/SaveGames/0/<world id>/` with Level.sav, LevelMeta.sav, Players/, the game's own
// `backup/world/<time>/` copies and an optional WorldOption.sav), rewritten in place every
// AutoSaveSpan (30 s by default) over about a second, on REST `save` and before a shutdown.
// Readers that look while a save is being written see a short or changing Level.sav, as they
// would beside the real game.
import { cpSync, existsSync, mkdirSync, openSync, closeSync, writeSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSyntheticWorld, plz, type SyntheticWorld, type SyntheticWorldOptions } from '../world-gen/index.js';
import { gvasFile, intProp, structProp } from '../world-gen/gvas.js';

export interface SimSaveOptions {
  /** The game's `Saved` folder; worlds go to `SaveGames/0/<world id>/` below it. */
  savedDir: string;
  /** The world the game writes; its day advances by one at each save. */
  world: SyntheticWorldOptions;
  /** AutoSaveSpan: ms between autosaves. Default 30 000 (the game's default); 0: no autosave. */
  autoSaveSpanMs?: number;
  /** How long writing Level.sav takes. Default 1 000 ms. */
  writeMs?: number;
  /** Write a WorldOption.sav beside the world (a host who made one). Default false. */
  worldOption?: boolean;
  /** Keep the game's `backup/world/<time>/` copies: this many (default 3; 0: none). */
  backups?: number;
  /** The first save, already generated from `world` (the demo generated it to know its players). */
  first?: SyntheticWorld;
}

/** One finished save: which world and when its last byte was written. */
export interface SimSaveRecord {
  worldId: string;
  day: number;
  finishedAt: number;
}

const CHUNKS = 8;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** The game's backup folder names: `2026.11.26-10.00.00`. */
function backupName(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}.${p(d.getUTCMonth() + 1)}.${p(d.getUTCDate())}-${p(d.getUTCHours())}.${p(d.getUTCMinutes())}.${p(d.getUTCSeconds())}`;
}

/** A WorldOption.sav as the game writes one (its settings block, here a single option). */
function worldOptionBytes(): Uint8Array {
  return plz(
    gvasFile('/Script/Pal.PalWorldOptionSaveGame', (w) => {
      intProp(w, 'Version', 100);
      structProp(w, 'OptionWorldData', 'PalOptionWorldSaveData', (x) => {
        structProp(x, 'Settings', 'PalOptionWorldSettings', (s) => intProp(s, 'ServerPlayerMaxNum', 16));
      });
    }),
    0x31,
  );
}

export class SimSave {
  readonly saves: SimSaveRecord[] = [];
  private day: number;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<SimSaveRecord> | null = null;
  private closed = false;

  constructor(
    private readonly o: SimSaveOptions,
    private worldId: string,
    /** Is the game up: a server that is down does not autosave. */
    private readonly up: () => boolean = () => true,
  ) {
    this.day = o.world.day ?? 1;
  }

  /** The folder of the world the game runs now. */
  worldDir(id = this.worldId): string {
    return join(this.o.savedDir, 'SaveGames', '0', id);
  }

  get currentWorldId(): string {
    return this.worldId;
  }

  /** Writes the first save at once (the world exists from the start) and starts the autosave. */
  async start(): Promise<void> {
    await this.save(0);
    const span = this.o.autoSaveSpanMs ?? 30_000;
    if (span > 0) this.scheduleAutosave(span);
  }

  private scheduleAutosave(span: number): void {
    this.timer = setTimeout(() => {
      void (this.up() ? this.save() : Promise.resolve()).finally(() => {
        if (!this.closed) this.scheduleAutosave(span);
      });
    }, span);
    this.timer.unref();
  }

  /** The game switches to another world (a host's new world): its folder appears at its first
   * save; the old folder stays as it was. */
  async switchWorld(id: string): Promise<void> {
    await this.writing;
    this.worldId = id;
    await this.save(0);
  }

  /** One save, in place; a save asked for while one is written waits for it and then writes. */
  async save(writeMs = this.o.writeMs ?? 1_000): Promise<SimSaveRecord> {
    while (this.writing) await this.writing.catch(() => undefined);
    this.writing = this.write(writeMs);
    try {
      return await this.writing;
    } finally {
      this.writing = null;
    }
  }

  private async write(writeMs: number): Promise<SimSaveRecord> {
    const dir = this.worldDir();
    const day = this.day++;
    const first = this.saves.length === 0 ? this.o.first : undefined;
    const world = first ?? generateSyntheticWorld({ ...this.o.world, day });
    mkdirSync(join(dir, 'Players'), { recursive: true });
    this.keepBackup(dir);
    // Player files and LevelMeta first, each in place; Level.sav last, in pieces over writeMs.
    for (const [stem, bytes] of world.files.players) writeFileSync(join(dir, 'Players', `${stem}.sav`), bytes);
    writeFileSync(join(dir, 'LevelMeta.sav'), world.files['LevelMeta.sav']);
    if (this.o.worldOption && !existsSync(join(dir, 'WorldOption.sav'))) writeFileSync(join(dir, 'WorldOption.sav'), worldOptionBytes());
    const level = world.files['Level.sav'];
    const fd = openSync(join(dir, 'Level.sav'), 'w');
    try {
      const step = Math.ceil(level.length / CHUNKS);
      for (let at = 0; at < level.length; at += step) {
        writeSync(fd, level, at, Math.min(step, level.length - at), at);
        if (writeMs > 0 && at + step < level.length) await sleep(writeMs / CHUNKS);
      }
    } finally {
      closeSync(fd);
    }
    const rec = { worldId: this.worldId, day, finishedAt: Date.now() };
    this.saves.push(rec);
    return rec;
  }

  /** The game's own copies of the save before it is overwritten (bIsUseBackupSaveData). */
  private keepBackup(dir: string): void {
    const keep = this.o.backups ?? 3;
    if (keep <= 0 || !existsSync(join(dir, 'Level.sav'))) return;
    const root = join(dir, 'backup', 'world');
    const copy = join(root, backupName(Date.now()));
    if (existsSync(copy)) return;
    mkdirSync(copy, { recursive: true });
    for (const name of ['Level.sav', 'LevelMeta.sav', 'Players']) {
      if (existsSync(join(dir, name))) cpSync(join(dir, name), join(copy, name), { recursive: true });
    }
    const all = readdirSync(root).sort();
    for (const old of all.slice(0, Math.max(0, all.length - keep))) rmSync(join(root, old), { recursive: true, force: true });
  }

  /** Stops the autosave and waits for a save being written. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.writing?.catch(() => undefined);
  }
}
