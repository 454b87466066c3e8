// The restore's rules one by one, on small made-up worlds in temp folders (a swap never parses
// the files it moves): which names a restore owns (owned.ts); what the per-file swap replaces,
// drops and keeps, with which owners and modes, and what its journal says while it stages
// (world-swap.ts); how the next start finishes or undoes a restore from a journal at each phase,
// from an older palpanel's marker, and from a journal naming a work folder palpanel did not make
// (never removed); and what a restore's diff lists (restore.ts).
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileDiff, Restorer, worldDiff } from '../../src/backups/restore.js';
import { BackupService } from '../../src/backups/service.js';
import { openStore, type Store } from '../../src/store/index.js';
import { keptEntries, ownedFilesIn, recoverRestore, RESTORE_MARKER, swapWorld, WORK_PREFIX } from '../../src/backups/world-swap.js';
import { isOwnedSavePath, isPlayerFileName, restoreReplaces } from '../../src/backups/owned.js';
import { sha256, type SaveFile } from '../../src/backups/archive.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';

const HEX = '0123456789abcdef0123456789abcdef';
const P1 = `Players/${'1'.repeat(32)}.sav`;
const P2 = `Players/${'2'.repeat(32)}.sav`;
const P3 = `Players/${'3'.repeat(32)}_dps.sav`;
const OTHER_UID = 4321;

type Logged = [string, string][];
function logger() {
  const lines: Logged = [];
  return { lines, log: (level: string, msg: string) => void lines.push([level, msg]) };
}

/** A world folder holding `files` (path -> text), in a fresh root with a data dir beside it. */
function world(files: Record<string, string>) {
  const root = tempDir('palpanel-rules-');
  const dir = join(root, 'world');
  const dataDir = join(root, 'data');
  mkdirSync(dir);
  mkdirSync(dataDir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return { root, dir, dataDir };
}

const file = (path: string, text: string): SaveFile => ({ path, data: Buffer.from(text) });
const read = (dir: string, p: string) => readFileSync(join(dir, p), 'utf8');
const journalOf = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, RESTORE_MARKER), 'utf8')) as Record<string, unknown>;
const writeJournal = (dataDir: string, j: object) => writeFileSync(join(dataDir, RESTORE_MARKER), JSON.stringify(j));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('the names a restore owns', () => {
  it('owns the three top files and the player saves in Players/, hex of either case, _dps too', () => {
    for (const p of [
      'Level.sav',
      'LevelMeta.sav',
      'WorldOption.sav',
      `Players/${HEX}.sav`,
      `Players/${HEX.toUpperCase()}.sav`,
      `Players/${HEX}_dps.sav`,
    ])
      expect(isOwnedSavePath(p), p).toBe(true);
  });

  it('owns nothing else: other folders, short or long names, nested paths, other endings', () => {
    for (const p of [
      `Other/${HEX}.sav`,
      `players/${HEX}.sav`,
      `${HEX}.sav`,
      `/${HEX}.sav`,
      `Players/${HEX.slice(1)}.sav`,
      `Players/${HEX}0.sav`,
      `Players/${HEX.replace('a', 'g')}.sav`,
      `Players/${HEX}_dps.sav.bak`,
      `Players/x/${HEX}.sav`,
      'Players',
      'Players/',
      'level.sav',
      'backup/Level.sav',
      'notes.txt',
    ])
      expect(isOwnedSavePath(p), p).toBe(false);
  });

  it('tells player file names apart', () => {
    expect(isPlayerFileName(`${HEX}.sav`)).toBe(true);
    expect(isPlayerFileName(`${HEX}_DPS.sav`)).toBe(false);
    expect(isPlayerFileName(`x${HEX}.sav`)).toBe(false);
  });

  it('replaces WorldOption.sav only when the backup holds one, every other owned file always', () => {
    expect(restoreReplaces(new Set(['Level.sav']), 'WorldOption.sav')).toBe(false);
    expect(restoreReplaces(new Set(['Level.sav', 'WorldOption.sav']), 'WorldOption.sav')).toBe(true);
    expect(restoreReplaces(new Set(), 'LevelMeta.sav')).toBe(true);
    expect(restoreReplaces(new Set(), P1)).toBe(true);
    expect(restoreReplaces(new Set(['notes.txt']), 'notes.txt')).toBe(false);
  });
});

describe('ownedFilesIn and keptEntries', () => {
  it('lists the owned regular files: top files in order, then player files by name', () => {
    const w = world({
      'WorldOption.sav': 'o',
      'Level.sav': 'l',
      [P3]: 'c',
      [P1]: 'a',
      [`Players/${'f'.repeat(32)}.sav`]: 'f',
      [P2]: 'b',
      'Players/notes.sav': 'n',
      'LevelMeta.sav.bak': 'x',
    });
    mkdirSync(join(w.dir, `Players/${'e'.repeat(32)}.sav`));
    expect(ownedFilesIn(w.dir)).toEqual(['Level.sav', 'WorldOption.sav', P1, P2, P3, `Players/${'f'.repeat(32)}.sav`]);
  });

  it('lists nothing for a world without Players/ or files', () => {
    expect(ownedFilesIn(world({}).dir)).toEqual([]);
    expect(ownedFilesIn(world({ 'LevelMeta.sav': 'm' }).dir)).toEqual(['LevelMeta.sav']);
  });

  it('keeps everything a restore does not replace, folders with a slash, sorted; work folders unlisted', () => {
    const w = world({
      'Level.sav': 'l',
      'WorldOption.sav': 'o',
      'notes.txt': 'n',
      'backup/world/Level.sav': 'b',
      [P1]: 'a',
      'Players/stray.txt': 's',
      'Players-notes.txt': 'p',
      [`x${WORK_PREFIX}`]: 'kept',
      [`${WORK_PREFIX}abc/new/Level.sav`]: 'w',
    });
    mkdirSync(join(w.dir, `Players/${'e'.repeat(32)}.sav`));
    const paths = new Set(['Level.sav', P1]);
    expect(keptEntries(w.dir, paths)).toEqual([
      'Players-notes.txt',
      `Players/${'e'.repeat(32)}.sav/`,
      'Players/stray.txt',
      'WorldOption.sav',
      'backup/',
      'notes.txt',
      `x${WORK_PREFIX}`,
    ]);
    expect(keptEntries(w.dir, paths, 2)).toEqual(['Players-notes.txt', `Players/${'e'.repeat(32)}.sav/`]);
    expect(keptEntries(w.dir, new Set([...paths, 'WorldOption.sav']))).not.toContain('WorldOption.sav');
    expect(keptEntries(join(w.root, 'nowhere'), paths)).toEqual([]);
  });
});

describe('swapWorld', () => {
  it('replaces the owned files, drops those the backup lacks, keeps the rest, and leaves no work folder or journal', async () => {
    const w = world({
      'Level.sav': 'old level',
      'LevelMeta.sav': 'old meta',
      'WorldOption.sav': 'old option',
      [P1]: 'old p1',
      [P3]: 'old p3',
      'Players/stray.txt': 'stray',
      'backup/Level.sav': 'game backup',
      'notes.txt': 'notes',
    });
    const warnings = await swapWorld(w.dataDir, w.dir, [
      file(P2, 'new p2'),
      file('Level.sav', 'new level'),
      file(P1, 'new p1'),
      file('LevelMeta.sav', 'new meta'),
    ]);
    expect(warnings).toEqual([]);
    expect(read(w.dir, 'Level.sav')).toBe('new level');
    expect(read(w.dir, 'LevelMeta.sav')).toBe('new meta');
    expect(read(w.dir, P1)).toBe('new p1');
    expect(read(w.dir, P2)).toBe('new p2');
    expect(existsSync(join(w.dir, P3))).toBe(false);
    expect(read(w.dir, 'WorldOption.sav')).toBe('old option');
    expect(read(w.dir, 'Players/stray.txt')).toBe('stray');
    expect(read(w.dir, 'backup/Level.sav')).toBe('game backup');
    expect(read(w.dir, 'notes.txt')).toBe('notes');
    expect(readdirSync(w.dir).filter((n) => n.startsWith(WORK_PREFIX))).toEqual([]);
    expect(readdirSync(w.dataDir)).toEqual([]);
  });

  it('writes its journal first: staging, Level.sav first, the work folder inside the world, what it drops and had', async () => {
    const w = world({ 'WorldOption.sav': 'o', [P2]: 'p2', [P3]: 'p3', 'notes.txt': 'n' });
    const going = swapWorld(w.dataDir, w.dir, [
      file(P2, 'b'),
      file(P1, 'a'),
      file('WorldOption.sav', 'o2'),
      file('LevelMeta.sav', 'm'),
      file('Level.sav', 'l'),
    ]);
    const j = journalOf(w.dataDir);
    await going;
    expect(j).toMatchObject({
      format: 'palpanel-restore/2',
      phase: 'staging',
      world: w.dir,
      put: ['Level.sav', 'LevelMeta.sav', 'WorldOption.sav', P1, P2],
      drop: [P3],
      had: ['WorldOption.sav', P2, P3],
      madePlayers: false,
    });
    expect(dirname(j.work as string)).toBe(w.dir);
    expect((j.work as string).startsWith(join(w.dir, WORK_PREFIX))).toBe(true);
    expect(readdirSync(w.dataDir)).toEqual([]);
    expect(read(w.dir, 'WorldOption.sav')).toBe('o2');
  });

  it('orders player files by name whatever order the backup gives them in', async () => {
    const w = world({ 'WorldOption.sav': 'o', 'notes.txt': 'n' });
    const going = swapWorld(w.dataDir, w.dir, [file(P3, 'c'), file(P1, 'a'), file('LevelMeta.sav', 'm'), file(P2, 'b')]);
    const j = journalOf(w.dataDir);
    await going;
    expect(j.put).toEqual(['LevelMeta.sav', P1, P2, P3]);
    expect(j.madePlayers).toBe(true);
    // The WorldOption.sav the backup lacks is neither dropped nor kept aside.
    expect(j.drop).toEqual([]);
    expect(j.had).toEqual([]);
    expect(read(w.dir, 'WorldOption.sav')).toBe('o');
  });

  it('makes Players/ when missing, with the world folder’s owner and mode', async () => {
    const w = world({ 'Level.sav': 'l' });
    chmodSync(w.dir, 0o751);
    chownSync(w.dir, OTHER_UID, OTHER_UID + 1);
    await swapWorld(w.dataDir, w.dir, [file('Level.sav', 'L'), file(P1, 'a')]);
    const s = statSync(join(w.dir, 'Players'));
    expect([s.uid, s.gid, s.mode & 0o777]).toEqual([OTHER_UID, OTHER_UID + 1, 0o751]);
    expect(read(w.dir, P1)).toBe('a');
  });

  it('does not mark Players/ as made when the backup has no player files or it exists', async () => {
    const w = world({});
    const going = swapWorld(w.dataDir, w.dir, [file('Level.sav', 'l')]);
    expect(journalOf(w.dataDir).madePlayers).toBe(false);
    await going;
    expect(existsSync(join(w.dir, 'Players'))).toBe(false);
  });

  it('gives each file the owner and mode of the file it replaces', async () => {
    const w = world({ 'Level.sav': 'l', 'LevelMeta.sav': 'm', [P1]: 'a' });
    chownSync(join(w.dir, 'Level.sav'), OTHER_UID, 0);
    chmodSync(join(w.dir, 'Level.sav'), 0o640);
    chownSync(join(w.dir, 'LevelMeta.sav'), 0, OTHER_UID);
    chmodSync(join(w.dir, 'LevelMeta.sav'), 0o604);
    chownSync(join(w.dir, P1), OTHER_UID, OTHER_UID);
    chmodSync(join(w.dir, P1), 0o666);
    await swapWorld(w.dataDir, w.dir, [file('Level.sav', 'L'), file('LevelMeta.sav', 'M'), file(P1, 'A')]);
    const own = (p: string) => {
      const s = statSync(join(w.dir, p));
      return [s.uid, s.gid, s.mode & 0o777];
    };
    expect(own('Level.sav')).toEqual([OTHER_UID, 0, 0o640]);
    expect(own('LevelMeta.sav')).toEqual([0, OTHER_UID, 0o604]);
    expect(own(P1)).toEqual([OTHER_UID, OTHER_UID, 0o666]);
    expect(read(w.dir, 'Level.sav')).toBe('L');
  });

  it('gives a new file the owner and mode of the world’s Level.sav', async () => {
    const w = world({ 'Level.sav': 'l', 'Players/.keep': '' });
    chownSync(join(w.dir, 'Level.sav'), OTHER_UID, 0);
    chmodSync(join(w.dir, 'Level.sav'), 0o640);
    chmodSync(w.dir, 0o755);
    await swapWorld(w.dataDir, w.dir, [file('Level.sav', 'L'), file(P1, 'a'), file('WorldOption.sav', 'o')]);
    for (const p of [P1, 'WorldOption.sav']) {
      const s = statSync(join(w.dir, p));
      expect([s.uid, s.gid, s.mode & 0o777], p).toEqual([OTHER_UID, 0, 0o640]);
    }
  });

  it('without a Level.sav file, a new file takes the world folder’s owner and its read and write bits', async () => {
    const w = world({});
    mkdirSync(join(w.dir, 'Level.sav'));
    chmodSync(join(w.dir, 'Level.sav'), 0o700);
    chmodSync(w.dir, 0o775);
    chownSync(w.dir, OTHER_UID, OTHER_UID + 1);
    await swapWorld(w.dataDir, w.dir, [file('LevelMeta.sav', 'm')]);
    const s = statSync(join(w.dir, 'LevelMeta.sav'));
    expect([s.uid, s.gid, s.mode & 0o777]).toEqual([OTHER_UID, OTHER_UID + 1, 0o664]);
    const v = world({});
    chmodSync(v.dir, 0o750);
    await swapWorld(v.dataDir, v.dir, [file('LevelMeta.sav', 'm')]);
    expect(mode(join(v.dir, 'LevelMeta.sav'))).toBe(0o640);
  });

  it('a failure while staging removes the work folder, the Players/ it made and the journal, and touches nothing', async () => {
    const w = world({ 'Level.sav': 'l', 'notes.txt': 'n' });
    await expect(swapWorld(w.dataDir, w.dir, [file(P1, 'a'), file(P1, 'b')])).rejects.toThrow();
    expect(readdirSync(w.dir).sort()).toEqual(['Level.sav', 'notes.txt']);
    expect(read(w.dir, 'Level.sav')).toBe('l');
    expect(readdirSync(w.dataDir)).toEqual([]);
  });

  it('a failure in the swap puts the old world back', async () => {
    const w = world({ 'Level.sav': 'l', [P1]: 'a', [P3]: 'c' });
    mkdirSync(join(w.dir, P2));
    writeFileSync(join(w.dir, P2, 'inside'), 'x');
    await expect(swapWorld(w.dataDir, w.dir, [file('Level.sav', 'L'), file(P1, 'A'), file(P2, 'B')])).rejects.toThrow();
    expect(read(w.dir, 'Level.sav')).toBe('l');
    expect(read(w.dir, P1)).toBe('a');
    expect(read(w.dir, P3)).toBe('c');
    expect(read(w.dir, `${P2}/inside`)).toBe('x');
    expect(readdirSync(w.dir).filter((n) => n.startsWith(WORK_PREFIX))).toEqual([]);
    expect(readdirSync(w.dataDir)).toEqual([]);
  });
});

/** A journal of the current format, and its work folder with `new/` and `old/` as given. */
function journalRig(
  files: Record<string, string>,
  j: { phase: string; put: string[]; drop: string[]; had: string[]; madePlayers?: boolean },
  staged: { new?: Record<string, string>; old?: Record<string, string> },
  work?: string,
) {
  const w = world(files);
  const dir = work ?? join(w.dir, `${WORK_PREFIX}0123456789ab`);
  for (const sub of ['new', 'old'] as const) {
    mkdirSync(join(dir, sub, 'Players'), { recursive: true });
    for (const [p, text] of Object.entries(staged[sub] ?? {})) writeFileSync(join(dir, sub, p), text);
  }
  writeJournal(w.dataDir, { format: 'palpanel-restore/2', world: w.dir, work: dir, madePlayers: false, ...j });
  return { ...w, work: dir };
}

describe('recoverRestore from a journal', () => {
  it('staging: the work folder goes, the world stays, the journal goes', () => {
    const r = journalRig(
      { 'Level.sav': 'l' },
      { phase: 'staging', put: ['Level.sav'], drop: [], had: ['Level.sav'] },
      { new: { 'Level.sav': 'L' }, old: { 'Level.sav': 'l' } },
    );
    const { lines, log } = logger();
    recoverRestore(r.dataDir, log);
    expect(existsSync(r.work)).toBe(false);
    expect(read(r.dir, 'Level.sav')).toBe('l');
    expect(readdirSync(r.dataDir)).toEqual([]);
    expect(lines).toEqual([['warn', 'restore: interrupted while staging; the world was left as it was']]);
  });

  it('staging: a Players/ it made goes when empty, stays when not, and one it did not make stays', () => {
    const made = journalRig({}, { phase: 'staging', put: [P1], drop: [], had: [], madePlayers: true }, {});
    mkdirSync(join(made.dir, 'Players'));
    recoverRestore(made.dataDir, () => undefined);
    expect(existsSync(join(made.dir, 'Players'))).toBe(false);

    const full = journalRig({ [P2]: 'b' }, { phase: 'staging', put: [P1], drop: [], had: [], madePlayers: true }, {});
    recoverRestore(full.dataDir, () => undefined);
    expect(read(full.dir, P2)).toBe('b');
    expect(readdirSync(full.dataDir)).toEqual([]);

    const theirs = journalRig({}, { phase: 'staging', put: [P1], drop: [], had: [], madePlayers: false }, {});
    mkdirSync(join(theirs.dir, 'Players'));
    recoverRestore(theirs.dataDir, () => undefined);
    expect(existsSync(join(theirs.dir, 'Players'))).toBe(true);
  });

  it('staging, the world folder gone since: the journal still goes', () => {
    const r = journalRig(
      {},
      { phase: 'staging', put: ['Level.sav'], drop: [], had: [] },
      {},
      join(tempDir('palpanel-rules-'), `${WORK_PREFIX}x`),
    );
    const journal = journalOf(r.dataDir);
    writeJournal(r.dataDir, { ...journal, world: join(r.root, 'gone') });
    recoverRestore(r.dataDir, () => undefined);
    expect(readdirSync(r.dataDir)).toEqual([]);
  });

  it('swapping: the rest of the swap is done, parts already done are skipped', () => {
    const r = journalRig(
      { 'Level.sav': 'L', 'LevelMeta.sav': 'm', [P3]: 'c', 'notes.txt': 'n' },
      { phase: 'swapping', put: ['Level.sav', 'LevelMeta.sav', P1], drop: [P2, P3], had: ['Level.sav', 'LevelMeta.sav', P2, P3] },
      { new: { 'LevelMeta.sav': 'M', [P1]: 'A' }, old: { 'Level.sav': 'l', 'LevelMeta.sav': 'm', [P2]: 'b', [P3]: 'c' } },
    );
    const { lines, log } = logger();
    recoverRestore(r.dataDir, log);
    expect(read(r.dir, 'Level.sav')).toBe('L');
    expect(read(r.dir, 'LevelMeta.sav')).toBe('M');
    expect(read(r.dir, P1)).toBe('A');
    expect(existsSync(join(r.dir, P3))).toBe(false);
    expect(read(r.dir, 'notes.txt')).toBe('n');
    expect(existsSync(r.work)).toBe(false);
    expect(readdirSync(r.dataDir)).toEqual([]);
    expect(lines).toEqual([['warn', 'restore: interrupted during the swap; the restored world was put in place']]);
  });

  it('undoing: the old files come back, new ones the world lacked go, parts already undone are skipped', () => {
    const r = journalRig(
      { 'Level.sav': 'L', 'LevelMeta.sav': 'm', [P1]: 'A', [P2]: 'b', 'notes.txt': 'n' },
      {
        phase: 'undoing',
        put: ['Level.sav', 'LevelMeta.sav', P1, 'WorldOption.sav', `Players/${'4'.repeat(32)}.sav`],
        drop: [P2, P3],
        had: ['Level.sav', 'LevelMeta.sav', P2, P3],
      },
      { new: { 'WorldOption.sav': 'O' }, old: { 'Level.sav': 'l', [P3]: 'c' } },
    );
    const { lines, log } = logger();
    recoverRestore(r.dataDir, log);
    expect(read(r.dir, 'Level.sav')).toBe('l');
    expect(read(r.dir, 'LevelMeta.sav')).toBe('m');
    expect(existsSync(join(r.dir, P1))).toBe(false);
    expect(read(r.dir, P2)).toBe('b');
    expect(read(r.dir, P3)).toBe('c');
    expect(existsSync(join(r.dir, 'WorldOption.sav'))).toBe(false);
    expect(read(r.dir, 'notes.txt')).toBe('n');
    expect(existsSync(r.work)).toBe(false);
    expect(readdirSync(r.dataDir)).toEqual([]);
    expect(lines).toEqual([['warn', 'restore: interrupted while putting the old world back; it is back']]);
  });

  it('undoing in a world whose Players/ is gone: the staged player file stays staged, the rest is undone', () => {
    const r = journalRig(
      { 'Level.sav': 'L' },
      { phase: 'undoing', put: ['Level.sav', P1], drop: [], had: ['Level.sav'] },
      { new: { [P1]: 'A' }, old: { 'Level.sav': 'l' } },
    );
    recoverRestore(r.dataDir, () => undefined);
    expect(read(r.dir, 'Level.sav')).toBe('l');
    expect(existsSync(join(r.dir, 'Players'))).toBe(false);
    expect(readdirSync(r.dataDir)).toEqual([]);
  });

  it('never removes a work folder palpanel did not make: outside the world, or not named as its own', () => {
    const outside = join(tempDir('palpanel-rules-'), `${WORK_PREFIX}0123456789ab`);
    const a = journalRig(
      { 'Level.sav': 'l' },
      { phase: 'staging', put: ['Level.sav'], drop: [], had: [] },
      { new: { 'Level.sav': 'L' } },
      outside,
    );
    recoverRestore(a.dataDir, () => undefined);
    expect(read(outside, 'new/Level.sav')).toBe('L');
    expect(readdirSync(a.dataDir)).toEqual([]);

    const b = world({ 'Level.sav': 'l' });
    const theirs = join(b.dir, 'saves-of-the-host');
    mkdirSync(join(theirs, 'new'), { recursive: true });
    writeFileSync(join(theirs, 'new', 'Level.sav'), 'keep me');
    writeJournal(b.dataDir, {
      format: 'palpanel-restore/2',
      phase: 'swapping',
      world: b.dir,
      work: theirs,
      put: [],
      drop: [],
      had: [],
      madePlayers: false,
    });
    recoverRestore(b.dataDir, () => undefined);
    expect(read(theirs, 'new/Level.sav')).toBe('keep me');
    expect(readdirSync(b.dataDir)).toEqual([]);
  });

  it('does nothing and logs nothing without a journal or a world', () => {
    const w = world({ 'Level.sav': 'l' });
    const { lines, log } = logger();
    recoverRestore(w.dataDir, log);
    recoverRestore(w.dataDir, log, null);
    expect(lines).toEqual([]);
    expect(readdirSync(w.dir)).toEqual(['Level.sav']);
  });
});

describe('recoverRestore from an older palpanel’s marker (the whole folder swapped)', () => {
  function oldRig(have: { saveDir: boolean; staged: boolean; aside: boolean }) {
    const root = tempDir('palpanel-rules-');
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const m = { saveDir: join(root, 'world'), staged: join(root, 'world.staged'), aside: join(root, 'world.aside') };
    for (const k of ['saveDir', 'staged', 'aside'] as const)
      if (have[k]) {
        mkdirSync(join(m[k], 'Players'), { recursive: true });
        writeFileSync(join(m[k], 'Level.sav'), k);
      }
    writeJournal(dataDir, m);
    return { dataDir, ...m };
  }

  it('before the swap (both there): the staged folder goes, the world stays', () => {
    const r = oldRig({ saveDir: true, staged: true, aside: true });
    const { lines, log } = logger();
    recoverRestore(r.dataDir, log);
    expect(existsSync(r.staged)).toBe(false);
    expect(read(r.saveDir, 'Level.sav')).toBe('saveDir');
    expect(read(r.aside, 'Level.sav')).toBe('aside');
    expect(readdirSync(r.dataDir)).toEqual([]);
    expect(lines).toEqual([['warn', 'restore: interrupted before the swap; the world was left as it was']]);
  });

  it('during the swap (world gone): the staged folder is put in place and the aside one goes', () => {
    const r = oldRig({ saveDir: false, staged: true, aside: true });
    const { lines, log } = logger();
    recoverRestore(r.dataDir, log);
    expect(read(r.saveDir, 'Level.sav')).toBe('staged');
    expect(existsSync(r.staged)).toBe(false);
    expect(existsSync(r.aside)).toBe(false);
    expect(readdirSync(r.dataDir)).toEqual([]);
    expect(lines).toEqual([['warn', 'restore: interrupted during the swap; the restored world was put in place']]);
  });

  it('nothing staged and no world (or no aside folder): what is there goes, quietly', () => {
    const r = oldRig({ saveDir: false, staged: false, aside: true });
    recoverRestore(r.dataDir, () => undefined);
    expect(existsSync(r.aside)).toBe(false);
    expect(existsSync(r.saveDir)).toBe(false);
    const s = oldRig({ saveDir: true, staged: false, aside: false });
    recoverRestore(s.dataDir, () => undefined);
    expect(read(s.saveDir, 'Level.sav')).toBe('saveDir');
    expect(readdirSync(s.dataDir)).toEqual([]);
    const t = oldRig({ saveDir: false, staged: true, aside: false });
    recoverRestore(t.dataDir, () => undefined);
    expect(read(t.saveDir, 'Level.sav')).toBe('staged');
    expect(readdirSync(t.dataDir)).toEqual([]);
  });

  it('after the swap (nothing staged): the aside folder goes, quietly', () => {
    const r = oldRig({ saveDir: true, staged: false, aside: true });
    const { lines, log } = logger();
    recoverRestore(r.dataDir, log);
    expect(read(r.saveDir, 'Level.sav')).toBe('saveDir');
    expect(existsSync(r.aside)).toBe(false);
    expect(readdirSync(r.dataDir)).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('a marker of another format is read as the older one', () => {
    const r = oldRig({ saveDir: true, staged: true, aside: false });
    writeJournal(r.dataDir, { format: 'palpanel-restore/1', saveDir: r.saveDir, staged: r.staged, aside: r.aside });
    recoverRestore(r.dataDir, () => undefined);
    expect(existsSync(r.staged)).toBe(false);
    expect(read(r.saveDir, 'Level.sav')).toBe('saveDir');
    expect(readdirSync(r.dataDir)).toEqual([]);
  });
});

describe('recoverRestore sweeps what no journal names', () => {
  it('removes work folders and the older version’s staging folders, nothing else, and says how many', () => {
    const w = world({ 'Level.sav': 'l', [`${WORK_PREFIX}file`]: 'a file, not ours' });
    mkdirSync(join(w.dir, `${WORK_PREFIX}aaa`, 'new'), { recursive: true });
    writeFileSync(join(w.dir, `${WORK_PREFIX}aaa`, 'new', 'Level.sav'), 'x');
    mkdirSync(join(w.dir, `${WORK_PREFIX}bbb`));
    const id = '20260101T000000Z-manual-abcdef';
    mkdirSync(join(w.root, `world.restore-${id}`, 'Players'), { recursive: true });
    mkdirSync(join(w.root, 'world.restore-not-a-backup-id'));
    mkdirSync(join(w.root, `other.restore-${id}`));
    const { lines, log } = logger();
    recoverRestore(w.dataDir, log, w.dir);
    expect(readdirSync(w.dir).sort()).toEqual([`${WORK_PREFIX}file`, 'Level.sav']);
    expect(readdirSync(w.root).sort()).toEqual(['data', `other.restore-${id}`, 'world', 'world.restore-not-a-backup-id']);
    expect(lines).toEqual([['warn', 'restore: removed 3 staging folder(s) an interrupted restore left']]);
    recoverRestore(w.dataDir, log, w.dir);
    expect(lines).toHaveLength(1);
  });
});

describe('what a restore’s diff lists', () => {
  const side = (players: [string, string][], pals: [string, string][], guilds: [string, string][]) =>
    ({
      players: players.map(([uid, name]) => ({ uid, name })),
      pals: pals.map(([instanceId, displayName]) => ({ instanceId, displayName })),
      guilds: guilds.map(([id, name]) => ({ id, name })),
    }) as unknown as Parameters<typeof worldDiff>[0];

  it('names the players and guilds gained and lost (bidi controls dropped) and counts pals, with a sample of 50', () => {
    const many = Array.from({ length: 60 }, (_, i) => [`pal-${String(i).padStart(2, '0')}`, `Pal ${i}`] as [string, string]);
    const d = worldDiff(
      side(
        [
          ['u1', 'Ann'],
          ['u2', 'Bo'],
        ],
        [['keep', 'Kept'], ...many.slice(0, 55)],
        [['g1', 'Old\u202Eguild']],
      ),
      side(
        [
          ['u2', 'Bo'],
          ['u3', 'C\u2066y\u2069'],
        ],
        [
          ['keep', 'Kept'],
          ['new', 'New'],
        ],
        [['g2', 'New guild']],
      ),
    );
    expect(d.players).toEqual({ gained: [{ id: 'u3', name: 'Cy' }], lost: [{ id: 'u1', name: 'Ann' }] });
    expect(d.guilds).toEqual({ gained: [{ id: 'g2', name: 'New guild' }], lost: [{ id: 'g1', name: 'Oldguild' }] });
    expect(d.pals.gained).toBe(1);
    expect(d.pals.lost).toBe(55);
    expect(d.pals.gainedSample).toEqual([{ id: 'new', name: 'New' }]);
    expect(d.pals.lostSample).toHaveLength(50);
    expect(d.pals.lostSample[0]).toEqual({ id: 'pal-00', name: 'Pal 0' });
    const back = worldDiff(side([], [], []), side([], many, []));
    expect(back.pals.gained).toBe(60);
    expect(back.pals.gainedSample).toHaveLength(50);
  });

  it('lists files added, removed and changed, sorted; a WorldOption.sav the backup lacks is not removed', () => {
    const cur = [file('Level.sav', 'l'), file(P2, 'b'), file(P1, 'a'), file('WorldOption.sav', 'o'), file('LevelMeta.sav', 'm')];
    const backup = [
      { path: P3, sha256: sha256(Buffer.from('c')) },
      { path: 'Level.sav', sha256: sha256(Buffer.from('L')) },
      { path: P1, sha256: sha256(Buffer.from('A')) },
      { path: 'LevelMeta.sav', sha256: sha256(Buffer.from('m')) },
      { path: 'Players/' + '0'.repeat(32) + '.sav', sha256: sha256(Buffer.from('z')) },
    ];
    expect(fileDiff(cur, backup)).toEqual({
      added: ['Players/' + '0'.repeat(32) + '.sav', P3],
      removed: [P2],
      changed: ['Level.sav', P1],
    });
    expect(fileDiff(cur, [...backup, { path: 'WorldOption.sav', sha256: sha256(Buffer.from('o')) }]).removed).toEqual([P2]);
    expect(
      fileDiff(
        [file(P2, 'b'), file(P1, 'a')],
        [
          { path: P2, sha256: sha256(Buffer.from('B')) },
          { path: P1, sha256: sha256(Buffer.from('A')) },
        ],
      ).changed,
    ).toEqual([P1, P2]);
  });
});

describe('Restorer: what is decided before a restore starts', () => {
  const stores: Store[] = [];
  afterEach(() => {
    for (const s of stores.splice(0)) s.close();
  });
  const A = 'AAAAAAAA-1111-2222-3333-444444444444';
  const B = 'BBBBBBBBAAAA1111222233334444555566';

  /** A backup of world A (a fixture), and restorers onto `into` seeing `ids` below the save folder. */
  async function rig() {
    const root = tempDir('palpanel-rules-');
    const worldA = join(root, A);
    const worldB = join(root, B);
    cpSync(join(FIXTURES, 'v0.6-world2'), worldA, { recursive: true });
    cpSync(join(FIXTURES, 'v0.6-world2'), worldB, { recursive: true });
    writeFileSync(join(worldA, 'WorldOption.sav'), 'options');
    const dataDir = join(root, 'data');
    const store = await openStore(dataDir);
    stores.push(store);
    const svc = new BackupService({
      store,
      world: () => worldA,
      backupDir: join(dataDir, 'backups'),
      log: () => undefined,
      clock: () => new Date(),
      settleMs: 0,
    });
    const { id } = svc.start('manual', 'cli');
    await svc.idle();
    const restorer = (into: string | null, o: { ids?: string[]; running?: boolean } = {}) =>
      new Restorer({
        store,
        backups: svc,
        world: into === null ? null : () => into,
        ...(o.ids ? { worldIds: () => o.ids! } : {}),
        dataDir,
        log: () => undefined,
        clock: () => new Date(),
        game: { running: () => o.running ?? false },
        ingest: null,
        settleMs: 0,
      });
    return { id, svc, worldA, worldB, restorer };
  }
  const ok = { confirm: 'RESTORE', shutdown: false };

  it('refuses a wrong confirmation, then a missing save folder, in words', async () => {
    const r = await rig();
    await expect(r.restorer(r.worldA).restore(r.id, { confirm: 'restore', shutdown: false }, 'user:ann')).rejects.toThrow(
      'A restore needs --confirm RESTORE, exactly.',
    );
    await expect(r.restorer(null).restore(r.id, ok, 'user:ann')).rejects.toMatchObject({ code: 'conflict', part: 'saveFolder' });
    await expect(r.restorer(null).dryRun(r.id)).rejects.toMatchObject({ part: 'saveFolder' });
  });

  it('refuses a backup of a world still below the save folder into another world; allows it when that world is gone', async () => {
    const r = await rig();
    const words = `Backup ${r.id} is of world ${A}, which is still below the save folder, and the game runs world ${B}: a backup is restored only into its own world.`;
    await expect(r.restorer(r.worldB, { ids: [B, A.replace(/-/g, '').toLowerCase()] }).restore(r.id, ok, 'user:ann')).rejects.toMatchObject(
      { code: 'conflict', message: words },
    );
    await expect(r.restorer(r.worldB, { ids: [B, A] }).dryRun(r.id)).rejects.toThrow(words);
    // Its own world, or no other world known: on to the next check (a game that runs).
    const running = 'The game server is running: stop it first (or ask for "shutdown": true), then restore.';
    await expect(r.restorer(r.worldB, { ids: [B], running: true }).restore(r.id, ok, 'user:ann')).rejects.toThrow(running);
    await expect(r.restorer(r.worldB, { running: true }).restore(r.id, ok, 'user:ann')).rejects.toThrow(running);
    await expect(
      r.restorer(join(r.worldA, '..', A.toLowerCase()), { ids: [A, B], running: true }).restore(r.id, ok, 'user:ann'),
    ).rejects.toThrow(running);
  });

  it('refuses a running game even with shutdown asked when palpanel cannot stop it', async () => {
    const r = await rig();
    await expect(r.restorer(r.worldA, { running: true }).restore(r.id, { confirm: 'RESTORE', shutdown: true }, 'user:ann')).rejects.toThrow(
      'The game server is running: stop it first (or ask for "shutdown": true), then restore.',
    );
  });

  it('refuses while a restore runs and while a backup is made', async () => {
    const r = await rig();
    const one = r.restorer(r.worldA);
    const started = await one.restore(r.id, ok, 'user:ann');
    expect(started).toMatchObject({ backupId: r.id, state: 'running', step: 'reading-backup' });
    expect(started.id).toMatch(/^restore-[0-9a-f]{8}$/);
    await expect(one.restore(r.id, ok, 'user:ann')).rejects.toMatchObject({
      code: 'conflict',
      message: 'A restore is running now; try again when it has finished.',
    });
    await one.idle();
    expect(one.job(r.id)).toMatchObject({ state: 'done' });
    r.svc.start('manual', 'cli');
    await expect(r.restorer(r.worldA).restore(r.id, ok, 'user:ann')).rejects.toMatchObject({
      code: 'conflict',
      message: 'A backup is being made now; try again when it is done.',
    });
    await r.svc.idle();
  });

  it('a dry run lists what would change and what stays, of a listed backup and of its archive', async () => {
    const r = await rig();
    writeFileSync(join(r.worldA, 'notes.txt'), 'mine');
    writeFileSync(join(r.worldA, 'LevelMeta.sav'), 'changed since');
    const d = await r.restorer(r.worldA).dryRun(r.id);
    expect(d.files).toEqual({ added: [], removed: [], changed: ['LevelMeta.sav'], kept: ['notes.txt'] });
    expect(d.players).toEqual({ gained: [], lost: [] });
    const a = await r.restorer(r.worldA).dryRunArchive(join(r.svc.backupDir, `${r.id}.tar.gz`));
    expect(a.manifest).toMatchObject({ id: r.id, worldId: A });
    expect(a.diff).toEqual(d);
    await expect(r.restorer(r.worldB, { ids: [A, B] }).dryRunArchive(join(r.svc.backupDir, `${r.id}.tar.gz`))).rejects.toMatchObject({
      code: 'conflict',
    });
  });
});
