// One backup = one `<id>.tar.gz` in the backup folder: `manifest.json` first, then the world
// save's files under `world/`. Written under a temporary name, fsync'd, renamed, the folder
// fsync'd, then read back and verified, so a listed backup is always a whole one. Compression
// and hashing run on libuv's thread pool (async zlib), so a large world never stalls requests.
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { fsyncDir } from '../lib/atomic-file.js';
import type { BackupTrigger } from '../lib/backup.js';
import { readTar, safeMemberName, tarChunks, TarError } from '../lib/tar.js';
import { isOwnedSavePath } from './owned.js';

const gunzipAsync = promisify(gunzip);

export const MANIFEST = 'manifest.json';
export const WORLD_PREFIX = 'world/';

/** What is in a world save, at most: the parse's own bound on a whole world (1.25 GiB; the
 * largest real worlds are a few hundred MB). */
export const MAX_ARCHIVE_CONTENT = 1280 * 1024 * 1024;
export const MAX_ARCHIVE_ENTRIES = 10_000;

export interface ManifestFile {
  /** Relative to the save folder, e.g. `Level.sav`, `Players/<uid>.sav`. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'palpanel-backup/1';
  id: string;
  trigger: BackupTrigger;
  createdAt: string;
  gameVersion: string | null;
  world: { players: number; pals: number; guilds: number } | null;
  /** The admin's words for a manual backup (`POST /backups {"note"}`), or null. */
  note?: string | null;
  files: ManifestFile[];
}

export interface SaveFile {
  path: string;
  data: Uint8Array;
}

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export const archivePath = (dir: string, id: string) => join(dir, `${id}.tar.gz`);

/** Writes the archive of `files` with `manifest` (its `files` filled in here); returns its size. */
export async function writeArchive(
  dir: string,
  manifest: Omit<BackupManifest, 'files'>,
  files: SaveFile[],
): Promise<{ manifest: BackupManifest; size: number }> {
  const full: BackupManifest = { ...manifest, files: files.map((f) => ({ path: f.path, size: f.data.length, sha256: sha256(f.data) })) };
  const final = archivePath(dir, manifest.id);
  const tmp = join(dir, `.${manifest.id}.tar.gz.tmp`);
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    const gzip = createGzip({ level: 6 });
    const entries = [
      { name: MANIFEST, data: Buffer.from(JSON.stringify(full, null, 2)) },
      ...files.map((f) => ({ name: WORLD_PREFIX + f.path, data: f.data })),
    ];
    const done = (async () => {
      for await (const chunk of gzip) await fh.write(chunk as Buffer);
    })();
    for (const chunk of tarChunks(entries)) {
      if (!gzip.write(chunk)) await new Promise((r) => gzip.once('drain', r));
    }
    gzip.end();
    await done;
    await fh.sync();
  } catch (err) {
    await fh.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
  await fh.close();
  await rename(tmp, final);
  fsyncDir(dirname(final));
  const size = (await stat(final)).size;
  return { manifest: full, size };
}

/** An archive read back: its manifest and world files (paths relative to the save folder). */
export interface ReadArchive {
  manifest: BackupManifest;
  files: SaveFile[];
}

/** Reads and checks an archive: a gzip'd tar of regular files with safe names, a manifest of
 * this format, and every file's size and SHA-256 as the manifest says. Throws TarError. */
export async function readArchive(
  path: string,
  limits: { maxContent: number } = { maxContent: MAX_ARCHIVE_CONTENT },
): Promise<ReadArchive> {
  const fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let gz: Buffer;
  try {
    const s = await fh.stat();
    if (!s.isFile()) throw new TarError('the archive is not a regular file');
    gz = await fh.readFile();
  } finally {
    await fh.close();
  }
  let tar: Buffer;
  try {
    // The bound is checked while inflating: a gzip bomb stops there, not after.
    tar = await gunzipAsync(gz, { maxOutputLength: limits.maxContent + 16 * 1024 * 1024 });
  } catch {
    throw new TarError('the archive is not a gzip file, is damaged, or unpacks to more than a world save could');
  }
  const entries = readTar(tar, { maxTotal: limits.maxContent, maxEntries: MAX_ARCHIVE_ENTRIES });
  // One name twice would let the manifest vouch for one copy while the other is kept.
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) throw new TarError(`the archive holds ${e.name.slice(0, 60)} twice`);
    names.add(e.name);
  }
  const m = entries.find((e) => e.name === MANIFEST);
  if (!m) throw new TarError('the archive has no manifest.json');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.from(m.data).toString('utf8')) as BackupManifest;
  } catch {
    throw new TarError('the manifest is not JSON');
  }
  if (manifest?.format !== 'palpanel-backup/1' || !Array.isArray(manifest.files))
    throw new TarError('the manifest is not a palpanel backup manifest');
  const files: SaveFile[] = [];
  for (const e of entries) {
    if (e.name === MANIFEST) continue;
    if (!e.name.startsWith(WORLD_PREFIX)) throw new TarError(`the archive holds a file outside world/ (${e.name.slice(0, 60)})`);
    const path = e.name.slice(WORLD_PREFIX.length);
    // Only what a backup takes from a world folder, so a restore never writes anything else.
    if (!isOwnedSavePath(path)) throw new TarError(`the archive holds a file that is not part of a world save (${e.name.slice(0, 60)})`);
    files.push({ path, data: e.data });
  }
  if (new Set(manifest.files.map((f) => f?.path)).size !== manifest.files.length) throw new TarError('the manifest lists a file twice');
  const byPath = new Map(files.map((f) => [f.path, f]));
  if (byPath.size !== manifest.files.length) throw new TarError('the archive and its manifest list different files');
  for (const f of manifest.files) {
    const got = byPath.get(f.path);
    if (!got || !safeMemberName(f.path)) throw new TarError(`the manifest names a file the archive lacks (${String(f.path).slice(0, 60)})`);
    if (got.data.length !== f.size || sha256(got.data) !== f.sha256)
      throw new TarError(`${f.path} does not match its checksum in the manifest`);
  }
  return { manifest, files };
}

/** The archive as a stream, for a download. */
export const archiveStream = (path: string) => createReadStream(path);
