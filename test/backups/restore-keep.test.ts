// A restore replaces only what palpanel's backups hold (interface.md, "Beside a real server"):
// another world's backup put in place of a world folder that also holds the game's own
// `backup/` folder, a host's notes, a settings file, a WorldOption.sav the backup lacks and a
// stray file in Players/. Everything else stays byte for byte, the replaced files keep their
// owners and modes, a failure in the middle of the swap puts the old world back, and a restore
// killed while staging leaves nothing the next start or restore does not remove. Archives that
// carry files a world save does not hold, or one file twice, are refused in words; an imported
// backup is listed with its own world's counts.
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recoverRestore, RESTORE_MARKER, worldDiff } from '../../src/backups/restore.js';
import type { BackupPorts, RestoreResult } from '../../src/backups/types.js';
import { tarChunks } from '../../src/lib/tar.js';
import { FIXTURES } from '../helpers/cli.js';
import { fileTree } from '../helpers/tree.js';
import { backupRig } from '../helpers/backup-rig.js';
import { waitFor } from '../helpers/wait.js';
import { silentLog } from '../helpers/silent-log.js';

const OWNED = /^(Level\.sav|LevelMeta\.sav|WorldOption\.sav|Players\/[0-9A-Fa-f]{32}(_dps)?\.sav)$/;
const owned = (tree: Map<string, string>) => new Map([...tree].filter(([p]) => OWNED.test(p)));
const foreign = (tree: Map<string, string>) => new Map([...tree].filter(([p]) => !OWNED.test(p)));

const rig = (fixture: string) => backupRig({ fixture });

type Outcome = { state: 'done'; result: RestoreResult } | { state: 'failed'; error: string };

/** A restore followed to its end: the job's outcome. */
async function restoreToEnd(ports: BackupPorts, id: string): Promise<Outcome> {
  const started = await ports.restore(id, { confirm: 'RESTORE', shutdown: false }, 'user:ann');
  expect(started).toMatchObject({ backupId: id, state: 'running', finishedAt: null });
  return waitFor(
    'the restore job',
    () => {
      const j = ports.restoreJob(id);
      if (!j || j.state === 'running') return undefined;
      return j.state === 'done' ? { state: 'done' as const, result: j.result! } : { state: 'failed' as const, error: j.error ?? '' };
    },
    30_000,
  );
}

/** Swaps the owned files of `saveDir` for those of a fixture, leaving the rest. */
function putWorld(saveDir: string, fixture: string) {
  for (const p of owned(fileTree(saveDir)).keys()) rmSync(join(saveDir, p));
  cpSync(join(FIXTURES, fixture), saveDir, { recursive: true });
}

/** What palpanel leaves beside and inside the world folder while it restores. */
function debris(saveDir: string, dataDir: string): string[] {
  return [
    ...readdirSync(dirname(saveDir)).filter((n) => n.startsWith(`${basename(saveDir)}.`)),
    ...readdirSync(saveDir).filter((n) => n.startsWith('.palpanel')),
    ...(existsSync(join(dataDir, RESTORE_MARKER)) ? [RESTORE_MARKER] : []),
  ];
}

const mode = (p: string) => statSync(p).mode & 0o777;
const owner = (p: string) => `${statSync(p).uid}:${statSync(p).gid}`;

describe('a restore keeps what it does not own', () => {
  it('another world restored: foreign files and folders stay byte for byte, owned files become the backup, owners and modes stay', async () => {
    // Backup B: world2, without WorldOption.sav.
    const { saveDir, dataDir, ports, backup } = await rig('v0.6-world2');
    const idB = await backup();
    // The world in place: world1, with the game's own backup folder, a host's notes, the
    // demo's settings file, a WorldOption.sav B lacks, and a stray file in Players/.
    putWorld(saveDir, 'v0.6-world1');
    mkdirSync(join(saveDir, 'backup', 'world', '2026.07.01-10.00.00', 'Players'), { recursive: true });
    writeFileSync(join(saveDir, 'backup', 'world', '2026.07.01-10.00.00', 'Level.sav'), 'the game keeps its own backups');
    writeFileSync(join(saveDir, 'backup', 'world', '2026.07.01-10.00.00', 'Players', '43797F87000000000000000000000000.sav'), 'x');
    writeFileSync(join(saveDir, 'notes.txt'), 'restart on Sundays');
    writeFileSync(join(saveDir, 'PalWorldSettings.ini'), '[/Script/Pal.PalGameWorldSettings]\n');
    writeFileSync(join(saveDir, 'WorldOption.sav'), 'options of the world in place');
    writeFileSync(join(saveDir, 'Players', 'readme.txt'), 'a host note among the player files');
    // Owners and modes of the game's user.
    chmodSync(saveDir, 0o700);
    chmodSync(join(saveDir, 'Players'), 0o700);
    chmodSync(join(saveDir, 'Level.sav'), 0o600);
    chownSync(join(saveDir, 'Level.sav'), 1234, 1234);
    chmodSync(join(saveDir, 'Players', '8C2F1930000000000000000000000000.sav'), 0o640);
    chownSync(join(saveDir, 'Players', '8C2F1930000000000000000000000000.sav'), 4321, 4321);
    const before = fileTree(saveDir);
    const world2 = fileTree(join(FIXTURES, 'v0.6-world2'));

    const dry = await ports.dryRun(idB);
    expect(dry.files.removed).toEqual(['Players/43797F87000000000000000000000000.sav']);
    expect(dry.files.removed).not.toContain('WorldOption.sav');
    expect(dry.files.kept).toEqual(['PalWorldSettings.ini', 'Players/readme.txt', 'WorldOption.sav', 'backup/', 'notes.txt']);

    const out = await restoreToEnd(ports, idB);
    expect(out.state, JSON.stringify(out)).toBe('done');
    const after = fileTree(saveDir);
    // The owned files are B's, byte for byte, WorldOption.sav aside (B has none: it is kept).
    expect(new Map([...owned(after)].filter(([p]) => p !== 'WorldOption.sav'))).toEqual(world2);
    // Everything else is as it was.
    expect(foreign(after)).toEqual(foreign(before));
    expect(after.get('WorldOption.sav')).toEqual(before.get('WorldOption.sav'));
    expect(mode(saveDir)).toBe(0o700);
    expect(mode(join(saveDir, 'Players'))).toBe(0o700);
    expect(mode(join(saveDir, 'Level.sav'))).toBe(0o600);
    expect(owner(join(saveDir, 'Level.sav'))).toBe('1234:1234');
    expect(mode(join(saveDir, 'Players', '8C2F1930000000000000000000000000.sav'))).toBe(0o640);
    expect(owner(join(saveDir, 'Players', '8C2F1930000000000000000000000000.sav'))).toBe('4321:4321');
    expect(debris(saveDir, dataDir)).toEqual([]);
  });

  it("a world folder without Players/ gets one with the folder's mode; a restore back removes only the player files", async () => {
    const { saveDir, dataDir, ports, backup } = await rig('v0.6-world1');
    const id1 = await backup();
    putWorld(saveDir, 'v0.3.2-level-only');
    rmSync(join(saveDir, 'Players'), { recursive: true });
    chmodSync(saveDir, 0o750);
    const idLevelOnly = await backup();
    expect((await restoreToEnd(ports, id1)).state).toBe('done');
    expect(owned(fileTree(saveDir))).toEqual(fileTree(join(FIXTURES, 'v0.6-world1')));
    expect(mode(join(saveDir, 'Players'))).toBe(0o750);
    expect((await restoreToEnd(ports, idLevelOnly)).state).toBe('done');
    expect(fileTree(saveDir)).toEqual(fileTree(join(FIXTURES, 'v0.3.2-level-only')));
    expect(debris(saveDir, dataDir)).toEqual([]);
  });

  it('a swap that fails half way puts every replaced file back and leaves no debris', async () => {
    // Backup B: world1 (Players 43797F87…, 8C2F1930…); the world in place: the co-op world.
    const { saveDir, dataDir, ports, backup, store } = await rig('v0.6-world1');
    const idB = await backup();
    putWorld(saveDir, 'v0.1-coop');
    writeFileSync(join(saveDir, 'notes.txt'), 'kept');
    // A folder where one of B's player files must go: that rename fails after others were done.
    mkdirSync(join(saveDir, 'Players', '8C2F1930000000000000000000000000.sav', 'in-the-way'), { recursive: true });
    const before = fileTree(saveDir);
    const out = await restoreToEnd(ports, idB);
    expect(out.state).toBe('failed');
    expect((out as { error: string }).error).toMatch(/^The save folder could not be changed: .*the world in place was left as it was/);
    expect(fileTree(saveDir)).toEqual(before);
    expect(debris(saveDir, dataDir)).toEqual([]);
    expect(store.audit.list({ limit: 5, action: 'backup.restore' }).data[0]).toMatchObject({ outcome: 'refused', reason: 'backup_failed' });
  });

  it('staging a crash left behind is removed by the next start and by the next restore', async () => {
    const { saveDir, dataDir, ports, backup } = await rig('v0.6-world1');
    const id = await backup();
    const plant = () => {
      // What a restore killed while writing its staged copy leaves, in each version's place.
      mkdirSync(`${saveDir}.restore-${id}/Players`, { recursive: true });
      writeFileSync(`${saveDir}.restore-${id}/Level.sav`, 'half a world');
      mkdirSync(join(saveDir, `.palpanel-restore-${id}`, 'new'), { recursive: true });
      writeFileSync(join(saveDir, `.palpanel-restore-${id}`, 'new', 'Level.sav'), 'half a world');
    };
    const world = fileTree(join(FIXTURES, 'v0.6-world1'));
    plant();
    recoverRestore(dataDir, silentLog, saveDir);
    expect(debris(saveDir, dataDir)).toEqual([]);
    expect(fileTree(saveDir)).toEqual(world);
    plant();
    expect((await restoreToEnd(ports, id)).state).toBe('done');
    expect(debris(saveDir, dataDir)).toEqual([]);
    expect(fileTree(saveDir)).toEqual(world);
  });

  it('a journal left at each phase is finished or undone at the next start: the old world or the new one, never a mix', async () => {
    const { saveDir, dataDir } = await rig('v0.6-world1');
    writeFileSync(join(saveDir, 'notes.txt'), 'kept');
    const oldTree = fileTree(saveDir);
    const w2 = fileTree(join(FIXTURES, 'v0.6-world2'));
    const work = join(saveDir, '.palpanel-restore-0a0b0c0d0e0f');
    const P1 = 'Players/43797F87000000000000000000000000.sav'; // only in world1: dropped
    const P2 = 'Players/8C2F1930000000000000000000000000.sav'; // in both
    const put = ['Level.sav', 'LevelMeta.sav', P2];
    /** What the swap has on disk at a phase: every staged file, the old ones' second names, the journal. */
    const lay = (phase: string) => {
      for (const p of put) {
        mkdirSync(dirname(join(work, 'new', p)), { recursive: true });
        writeFileSync(join(work, 'new', p), Buffer.from(w2.get(p)!, 'base64'));
      }
      for (const p of [...put, P1]) {
        mkdirSync(dirname(join(work, 'old', p)), { recursive: true });
        writeFileSync(join(work, 'old', p), Buffer.from(oldTree.get(p)!, 'base64'));
      }
      const journal = { format: 'palpanel-restore/2', phase, world: saveDir, work, put, drop: [P1], had: [...put, P1], madePlayers: false };
      writeFileSync(join(dataDir, RESTORE_MARKER), JSON.stringify(journal));
    };
    const moveIn = (p: string) => renameSync(join(work, 'new', p), join(saveDir, p));
    const newTree = new Map([...w2, ['notes.txt', oldTree.get('notes.txt')!]]);

    // Killed while staging: the world as it was.
    lay('staging');
    rmSync(join(work, 'new', P2)); // half written
    recoverRestore(dataDir, silentLog, saveDir);
    expect(fileTree(saveDir)).toEqual(oldTree);
    expect(debris(saveDir, dataDir)).toEqual([]);

    // Killed after the commit point, two files in: the rest goes in.
    lay('swapping');
    moveIn('Level.sav');
    moveIn('LevelMeta.sav');
    recoverRestore(dataDir, silentLog, saveDir);
    expect(fileTree(saveDir)).toEqual(newTree);
    expect(debris(saveDir, dataDir)).toEqual([]);

    // Killed after every rename and the drop, while removing the work folder: nothing to redo.
    rmSync(saveDir, { recursive: true });
    cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
    writeFileSync(join(saveDir, 'notes.txt'), 'kept');
    lay('swapping');
    for (const p of put) moveIn(p);
    rmSync(join(saveDir, P1));
    rmSync(join(work, 'old'), { recursive: true });
    recoverRestore(dataDir, silentLog, saveDir);
    expect(fileTree(saveDir)).toEqual(newTree);

    // Killed while undoing a failed swap (one file back already): the old world, whole.
    rmSync(saveDir, { recursive: true });
    cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
    writeFileSync(join(saveDir, 'notes.txt'), 'kept');
    lay('undoing');
    moveIn('Level.sav');
    moveIn('LevelMeta.sav');
    rmSync(join(saveDir, P1));
    renameSync(join(work, 'old', 'Level.sav'), join(saveDir, 'Level.sav'));
    recoverRestore(dataDir, silentLog, saveDir);
    expect(fileTree(saveDir)).toEqual(oldTree);
    expect(debris(saveDir, dataDir)).toEqual([]);
  });

  it('player names are shown without the controls that reorder text', () => {
    const p = (uid: string, name: string) => ({ uid, name }) as never;
    const d = worldDiff(
      { players: [], pals: [], guilds: [] },
      { players: [p('a', 'evil\u202Eeman'), p('b', '\u2066bob\u2069'), p('c', 'zoë')], pals: [], guilds: [] },
    );
    expect(d.players.gained.map((x) => x.name)).toEqual(['evileman', 'bob', 'zoë']);
  });
});

describe('archives that hold more than a world save', () => {
  const manifest = (files: { path: string; data: Uint8Array }[]) =>
    Buffer.from(
      JSON.stringify({
        format: 'palpanel-backup/1',
        id: 'x',
        trigger: 'manual',
        createdAt: '2026-07-01T00:00:00.000Z',
        gameVersion: null,
        world: { players: 999, pals: 999, guilds: 999 },
        files: files.map((f) => ({ path: f.path, size: f.data.length, sha256: createHash('sha256').update(f.data).digest('hex') })),
      }),
    );
  const tgz = (entries: { name: string; data: Uint8Array }[]) => gzipSync(Buffer.concat([...tarChunks(entries)]));
  const world = (fixture: string) =>
    [...fileTree(join(FIXTURES, fixture))].map(([path, b64]) => ({ path, data: Buffer.from(b64, 'base64') }));
  const archive = (files: { path: string; data: Uint8Array }[], listed = files) =>
    tgz([{ name: 'manifest.json', data: manifest(listed) }, ...files.map((f) => ({ name: `world/${f.path}`, data: f.data }))]);

  it('refuses extra files and a file twice in words (400), and lists an import with its own world', async () => {
    const { ports, svc, backup } = await rig('v0.6-world1');
    await backup();
    const w2 = world('v0.6-world2');
    for (const extra of ['run.sh', 'Players/<img src=x>.sav', 'Players/notes.sav', 'backup/Level.sav']) {
      const files = [...w2, { path: extra, data: Buffer.from('#!/bin/sh\n') }];
      await expect(ports.importArchive(archive(files), 'user:ann'), extra).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/not part of a world save/),
      });
    }
    // One file twice (listed twice in the manifest too, so the counts agree).
    const level = w2.find((f) => f.path === 'Level.sav')!;
    await expect(ports.importArchive(archive([...w2, level], [...w2, level]), 'user:ann')).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/twice/),
    });
    await expect(
      ports.importArchive(
        tgz([
          { name: 'manifest.json', data: manifest(w2) },
          { name: 'manifest.json', data: manifest(w2) },
          ...w2.map((f) => ({ name: `world/${f.path}`, data: f.data })),
        ]),
        'user:ann',
      ),
    ).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/twice/) });
    expect((await svc.list()).map((b) => b.trigger)).toEqual(['manual']);

    // A good import: listed with the counts of its own world (world2), not of the world in
    // place, and not with the counts its manifest claims.
    const imported = await ports.importArchive(archive(w2), 'user:ann');
    const parsed = await import('../../src/backups/parse-sides.js').then((m) => m.parseFiles(w2, silentLog, svc.backupDir));
    expect(imported.world).toEqual({ players: parsed.players.length, pals: parsed.pals.length, guilds: parsed.guilds.length });
    expect(imported.world!.players).toBeGreaterThan(0);
    expect((await svc.list()).find((b) => b.id === imported.id)!.world).toEqual(imported.world);
  });
});
