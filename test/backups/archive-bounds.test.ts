// Archives that cost more than they carry (issue 28, finding 4): a right manifest over a player
// file of many MiB of zeros, a header that says less than what follows it, and such an archive
// already in the backup folder. Each is refused from what the manifest and the headers say,
// before its bytes are inflated, and nothing is kept. Worlds with a pal-storage file (`_dps`)
// still round-trip. Memory and latency figures are bench/backups/archive-bomb.ts's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/serve.js';
import { ValidationError } from '../../src/domain/errors.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { backupRig } from '../helpers/backup-rig.js';
import { ADMIN } from '../http/panel-harness.js';
import { manifestBytes, sha256Of, writeTarGz, zeroChunks, type RawMember } from '../helpers/hostile-archive.js';
import { serveWorld } from '../helpers/serve-world.js';

const MiB = 1024 * 1024;
const PLAYER = 'Players/0123456789ABCDEF0123456789ABCDEF.sav';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

const rig = (fixture = 'v0.6-world1') => backupRig({ fixture });

/** A member of `size` zero bytes, its manifest entry alongside. */
function zeroFile(path: string, size: number) {
  return {
    entry: { path, size, sha256: sha256Of(zeroChunks(size)) },
    member: { name: `world/${path}`, chunks: () => zeroChunks(size) } satisfies RawMember,
  };
}

/** The fixture's Level.sav, a member and its manifest entry: a world that parses. */
function levelFile(fixture = 'v0.6-world1') {
  const data = readFileSync(join(FIXTURES, fixture, 'Level.sav'));
  return {
    entry: { path: 'Level.sav', size: data.length, sha256: sha256Of([data]) },
    member: { name: 'world/Level.sav', chunks: () => [data] } satisfies RawMember,
  };
}

/** The bomb: a right manifest, a world that parses, and a player file of `zeros` zero bytes. */
async function bomb(path: string, zeros = 64 * MiB, id = 'x'): Promise<Buffer> {
  const level = levelFile();
  const player = zeroFile(PLAYER, zeros);
  const manifest = manifestBytes([level.entry, player.entry], id);
  await writeTarGz(path, [{ name: 'manifest.json', chunks: () => [manifest] }, level.member, player.member]);
  return readFileSync(path);
}

/** What the backup folder holds besides finished archives (temp files, work folders). */
const debris = (dir: string) => readdirSync(dir).filter((n) => !/^\d{8}T\d{6}Z-[a-z-]+-[0-9a-f]{6}\.tar\.gz$/.test(n));

describe('archive bounds', () => {
  it('an upload with a right manifest and 64 MiB of zeros as a player file is refused from its manifest; nothing is kept', async () => {
    const { root, svc, ports } = await rig();
    const bytes = await bomb(join(root, 'bomb.tar.gz'));
    expect(bytes.length).toBeLessThan(MiB); // a small upload…
    const refused = ports.importArchive(bytes, 'user:ann'); // …that would be 64 MiB inflated
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow(
      /^The upload is not a palpanel backup: Players\/0123456789ABCDEF0123456789ABCDEF\.sav is 64\.0 MiB, more than a player save can be \(at most 16\.\d MiB\)\.$/,
    );
    expect(await svc.list()).toEqual([]);
    expect(debris(svc.backupDir)).toEqual([]);
  });

  it('a header that says 1 KiB, followed by 64 MiB of zeros, does not get past: the archive goes on past its end', async () => {
    const { root, svc, ports } = await rig();
    const level = levelFile();
    const player = zeroFile(PLAYER, 1024);
    const manifest = manifestBytes([level.entry, player.entry]);
    const path = join(root, 'liar.tar.gz');
    // The player's header says 1 KiB and its KiB follows; then 64 MiB of zeros, which a reader
    // that stops at the first zero block would take for the end and never count.
    await writeTarGz(path, [{ name: 'manifest.json', chunks: () => [manifest] }, level.member, player.member], zeroChunks(64 * MiB));
    await expect(ports.importArchive(readFileSync(path), 'user:ann')).rejects.toThrow(
      /^The upload is not a palpanel backup: the archive goes on past its end\.$/,
    );
    // A header that says more than its manifest entry is refused at the header.
    const long: RawMember = { ...player.member, headerSize: 2048, chunks: () => zeroChunks(2048) };
    await writeTarGz(path, [{ name: 'manifest.json', chunks: () => [manifest] }, level.member, long]);
    await expect(ports.importArchive(readFileSync(path), 'user:ann')).rejects.toThrow(
      /Players\/0123456789ABCDEF0123456789ABCDEF\.sav is 2048 bytes in the archive but 1024 in its manifest/,
    );
    expect(await svc.list()).toEqual([]);
    expect(debris(svc.backupDir)).toEqual([]);
  });

  it('such an archive already in the backup folder (kept by an older palpanel): its contents and dry-run are refused, in words', async () => {
    const { svc, ports, restorer } = await rig();
    const id = '20260101T000000Z-imported-abcdef';
    await bomb(join(svc.backupDir, `${id}.tar.gz`), 64 * MiB, id);
    expect((await svc.list()).map((b) => b.id)).toEqual([id]); // listed from its manifest alone
    const why = /^Backup 20260101T000000Z-imported-abcdef cannot be used: Players\/0123456789ABCDEF0123456789ABCDEF\.sav is 64\.0 MiB/;
    await expect(restorer.dryRun(id)).rejects.toThrow(why);
    await expect(ports.contents(id)).rejects.toThrow(why);
    expect(debris(svc.backupDir)).toEqual([]);
  });

  it('over a real socket: the upload answers 400 in words and the backup list stays empty', async () => {
    const w = await serveWorld('v0.6-world1', [[ADMIN, 'admin']]);
    server = w.server;
    const cookie = await w.signIn(ADMIN);
    const body = await bomb(join(tempDir(), 'bomb.tar.gz'));
    const res = await fetch(`${server.url}/api/v1/backups/upload`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/gzip' },
      body,
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/Players\/0123456789ABCDEF0123456789ABCDEF\.sav is 64\.0 MiB, more than a player save can be/);
    const list = (await (await fetch(`${server.url}/api/v1/backups`, { headers: { cookie } })).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
  });

  it('a world with a pal-storage file (_dps) still backs up, imports and dry-runs', async () => {
    const { svc, ports } = await rig('v1.0-relics');
    const { id, done } = svc.start('manual', 'cli');
    const rec = await done;
    expect(rec.fileCount).toBe(12);
    const imported = await ports.importArchive(readFileSync(join(svc.backupDir, `${id}.tar.gz`)), 'user:ann');
    expect((await ports.contents(imported.id)).files.map((f) => f.path)).toContain('Players/B38A3AB1000000000000000000000000_dps.sav');
    const dry = await ports.dryRun(imported.id);
    expect(dry.files).toEqual({ added: [], removed: [], changed: [], kept: [] });
    expect(dry.players).toEqual({ gained: [], lost: [] });
    expect(debris(svc.backupDir)).toEqual([]);
  }, 60_000);
});
