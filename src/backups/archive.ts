// One backup = one `<id>.tar.gz` in the backup folder: `manifest.json` first, then the world
// save's files under `world/`. Written under a temporary name, fsync'd, renamed, the folder
// fsync'd, then read back and verified, so a listed backup is always a whole one. Compression
// runs on libuv's thread pool (async zlib), so a large world never stalls requests.
// An archive is read as it is inflated, never whole (issue 28): the manifest first, every file
// it lists within the bound of what the file is (member-bounds.ts) before any is inflated, each
// tar header against the manifest before its data, every byte counted and hashed as it comes.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { constants, createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createGzip, createGunzip } from 'node:zlib';
import { fsyncDir } from '../lib/atomic-file.js';
import type { BackupTrigger } from '../contract/backup-words.js';
import { readTarStream, safeMemberName, tarEnd, tarHeader, tarPadding, TarError, type TarSink } from '../lib/tar.js';
import { MAX_MANIFEST_BYTES, MAX_WORLD_BYTES, MAX_WORLD_FILES, memberRole, sizeWords } from './member-bounds.js';

export const MANIFEST = 'manifest.json';
export const WORLD_PREFIX = 'world/';

/** Zeros after the end-of-archive block: tar pads its last record (10 KiB for GNU tar; larger
 * blocking factors pad more). */
const MAX_TRAILING = 1024 * 1024;
const CHUNK = 64 * 1024;

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
  /** The world folder's name (the game's world id) it was made of; null or absent: not known
   * (an import, or a backup of palpanel before worlds were followed). */
  worldId?: string | null;
  /** The admin's words for a manual backup (`POST /backups {"note"}`), or null. */
  note?: string | null;
  files: ManifestFile[];
}

export interface SaveFile {
  path: string;
  data: Uint8Array;
}

/** A file an archive is written from: its bytes, or a file on disk whose size and SHA-256 are
 * known (a checked upload's, inflated into a work folder), streamed into the archive. */
export type ArchiveFile = SaveFile | (ManifestFile & { source: string });

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export const archivePath = (dir: string, id: string) => join(dir, `${id}.tar.gz`);

/** Writes the archive of `files` with `manifest` (its `files` filled in here); returns its size. */
export async function writeArchive(
  dir: string,
  manifest: Omit<BackupManifest, 'files'>,
  files: ArchiveFile[],
): Promise<{ manifest: BackupManifest; size: number }> {
  const listed = files.map((f) => ('data' in f ? { path: f.path, size: f.data.length, sha256: sha256(f.data) } : f));
  const full: BackupManifest = { ...manifest, files: listed.map((f) => ({ path: f.path, size: f.size, sha256: f.sha256 })) };
  const final = archivePath(dir, manifest.id);
  const tmp = join(dir, `.${manifest.id}.tar.gz.tmp`);
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  const gzip = createGzip({ level: 6 });
  // The file's own failure (a full disk): what the caller is told, not the aborted compressor's
  // AbortError that follows from it.
  let writeFailed: unknown = null;
  try {
    const done = (async () => {
      for await (const chunk of gzip) await fh.write(chunk as Buffer);
    })();
    // A failed write (a full disk) fails the compressor too, so a write waiting for it to drain
    // fails instead of waiting for ever; `done` itself is awaited below.
    done.catch((err: unknown) => {
      writeFailed = err;
      gzip.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const put = async (chunk: Uint8Array) => {
      if (!gzip.write(chunk)) await once(gzip, 'drain');
    };
    const now = Date.now() / 1000;
    const manifestBytes = Buffer.from(JSON.stringify(full, null, 2));
    await put(tarHeader(MANIFEST, manifestBytes.length, now));
    await put(manifestBytes);
    await put(tarPadding(manifestBytes.length));
    for (const f of files) {
      const size = 'data' in f ? f.data.length : f.size;
      await put(tarHeader(WORLD_PREFIX + f.path, size, now));
      if ('data' in f) await put(f.data);
      else {
        let got = 0;
        for await (const chunk of createReadStream(f.source, { highWaterMark: CHUNK })) {
          got += (chunk as Buffer).length;
          if (got > size) break;
          await put(chunk as Buffer);
        }
        if (got !== size) throw new Error(`${f.path} changed while it was archived`);
      }
      await put(tarPadding(size));
    }
    await put(tarEnd());
    gzip.end();
    await done;
    await fh.sync();
  } catch (err) {
    gzip.destroy();
    await fh.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw writeFailed ?? err;
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

export interface ArchiveLimits {
  /** Bytes of all world files together (default: MAX_WORLD_BYTES). */
  maxContent?: number;
}

/** The archive's inflated bytes, in chunks, counted as they come: past `max` it stops. */
async function* inflated(path: string, max: number): AsyncGenerator<Uint8Array> {
  const fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await fh.stat()).isFile()) throw new TarError('the archive is not a regular file');
  } catch (err) {
    await fh.close();
    throw err;
  }
  const src = fh.createReadStream({ highWaterMark: CHUNK });
  const gz = createGunzip({ chunkSize: CHUNK });
  src.on('error', (err) => gz.destroy(err));
  src.pipe(gz);
  let count = 0;
  try {
    for await (const chunk of gz) {
      count += (chunk as Buffer).length;
      if (count > max) throw new TarError('the archive unpacks to more than a world save could');
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof TarError) throw err;
    throw new TarError('the archive is not a gzip file, or is damaged');
  } finally {
    src.destroy();
    gz.destroy();
  }
}

/** The manifest's own checks: its format, and every file it lists safe, with a role, within
 * that role's bound, listed once; all of them within `maxContent`. */
function checkManifest(bytes: Buffer, maxContent: number): BackupManifest {
  let m: BackupManifest;
  try {
    m = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new TarError('the manifest is not JSON');
  }
  if (m?.format !== 'palpanel-backup/1' || !Array.isArray(m.files)) throw new TarError('the manifest is not a palpanel backup manifest');
  if (m.files.length > MAX_WORLD_FILES) throw new TarError('the archive holds more files than a world save could');
  const paths = new Set<string>();
  let total = 0;
  for (const f of m.files as unknown[]) {
    const { path, size, sha256: hash } = (f ?? {}) as Partial<ManifestFile>;
    const name = typeof path === 'string' ? path.slice(0, 60) : '';
    if (typeof path !== 'string' || !safeMemberName(path))
      throw new TarError(`the manifest names a file outside the save folder (${name})`);
    // Only what a backup takes from a world folder (owned.ts), so a restore never writes anything else.
    const role = memberRole(path);
    if (!role) throw new TarError(`the archive holds a file that is not part of a world save (world/${name})`);
    if (!Number.isSafeInteger(size) || size! < 0 || typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash))
      throw new TarError(`the manifest's entry for ${path} is damaged`);
    if (size! > role.max)
      throw new TarError(`${path} is ${sizeWords(size!)}, more than ${role.what} can be (at most ${sizeWords(role.max)})`);
    if (paths.has(path)) throw new TarError(`the manifest lists ${path} twice`);
    paths.add(path);
    total += size!;
  }
  if (total > maxContent) throw new TarError(`the world's files come to ${sizeWords(total)}, more than a world save could`);
  return m;
}

/**
 * Reads and checks an archive as it is inflated, holding nothing of it but its manifest: a
 * gzip'd tar of regular files with safe names, a manifest of this format first, then every file
 * it lists (each within its role's bound, checked before any is inflated), each tar header
 * saying the size the manifest says (before its data), each file's SHA-256 as the manifest
 * says, and nothing but zeros after the end. `take` says where a world file's bytes go as they
 * come (null: they are checked only). Throws TarError.
 */
export async function scanArchive(
  path: string,
  take: (file: ManifestFile) => TarSink | null | Promise<TarSink | null>,
  limits: ArchiveLimits = {},
): Promise<BackupManifest> {
  const maxContent = limits.maxContent ?? MAX_WORLD_BYTES;
  const read: { manifest: BackupManifest | null } = { manifest: null };
  const listed = new Map<string, ManifestFile>();
  const seen = new Set<string>();
  // The whole inflated stream: the manifest, every file, a header and padding each, the end.
  const maxInflated = maxContent + MAX_MANIFEST_BYTES + (MAX_WORLD_FILES + 3) * 1024 + MAX_TRAILING;
  const tarLimits = { maxEntries: MAX_WORLD_FILES + 1, maxTotal: maxContent + MAX_MANIFEST_BYTES, maxTrailing: MAX_TRAILING };
  await readTarStream(inflated(path, maxInflated), tarLimits, async (head): Promise<TarSink> => {
    if (!read.manifest) {
      if (head.name !== MANIFEST) throw new TarError('the archive has no manifest.json at its start');
      if (head.size > MAX_MANIFEST_BYTES) throw new TarError(`the manifest is ${sizeWords(head.size)}, more than a manifest could be`);
      const chunks: Uint8Array[] = [];
      return {
        data: (c) => void chunks.push(c),
        end: () => {
          read.manifest = checkManifest(Buffer.concat(chunks), maxContent);
          for (const f of read.manifest.files) listed.set(f.path, f);
        },
      };
    }
    if (head.name === MANIFEST) throw new TarError('the archive holds manifest.json twice');
    if (!head.name.startsWith(WORLD_PREFIX)) throw new TarError(`the archive holds a file outside world/ (${head.name.slice(0, 60)})`);
    const p = head.name.slice(WORLD_PREFIX.length);
    if (seen.has(p)) throw new TarError(`the archive holds ${p.slice(0, 60)} twice`);
    const f = listed.get(p);
    if (!f) throw new TarError(`the archive holds a file its manifest does not list (${p.slice(0, 60)})`);
    if (head.size !== f.size) throw new TarError(`${p} is ${head.size} bytes in the archive but ${f.size} in its manifest`);
    seen.add(p);
    const sink = await take(f);
    const hash = createHash('sha256');
    return {
      data: async (c) => {
        hash.update(c);
        await sink?.data(c);
      },
      end: async () => {
        if (hash.digest('hex') !== f.sha256) throw new TarError(`${p} does not match its checksum in the manifest`);
        await sink?.end();
      },
    };
  });
  if (!read.manifest) throw new TarError('the archive has no manifest.json');
  const missing = read.manifest.files.find((f) => !seen.has(f.path));
  if (missing) throw new TarError(`the manifest names a file the archive lacks (${missing.path.slice(0, 60)})`);
  return read.manifest;
}

/** Checks an archive whole (scanArchive), holding none of it; its manifest. */
export const verifyArchive = (path: string, limits?: ArchiveLimits) => scanArchive(path, () => null, limits);

/** Reads and checks an archive (scanArchive), its world files held in memory: each within its
 * role's bound, all of them within the world's. */
export async function readArchive(path: string, limits?: ArchiveLimits): Promise<ReadArchive> {
  const files: SaveFile[] = [];
  const manifest = await scanArchive(
    path,
    (f) => {
      const data = new Uint8Array(f.size);
      let at = 0;
      return {
        data: (c) => {
          data.set(c, at);
          at += c.length;
        },
        end: () => void files.push({ path: f.path, data }),
      };
    },
    limits,
  );
  return { manifest, files };
}

async function writeAll(fh: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let at = 0; at < chunk.length;) at += (await fh.write(chunk, at, chunk.length - at)).bytesWritten;
}

/** Checks an archive (scanArchive) while its world files are written under `dir` (a new,
 * private folder), never held; its manifest. On a refusal `dir` may hold part of the archive:
 * the caller removes it. */
export async function extractArchive(path: string, dir: string, limits?: ArchiveLimits): Promise<BackupManifest> {
  let open_: FileHandle | null = null;
  try {
    return await scanArchive(
      path,
      async (f) => {
        const to = join(dir, f.path);
        await mkdir(dirname(to), { recursive: true, mode: 0o700 });
        const fh = (open_ = await open(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600));
        return {
          data: (c) => writeAll(fh, c),
          end: async () => {
            open_ = null;
            await fh.close();
          },
        };
      },
      limits,
    );
  } finally {
    await (open_ as FileHandle | null)?.close().catch(() => undefined);
  }
}

/** The archive as a stream, for a download. */
export const archiveStream = (path: string) => createReadStream(path);

/** The manifest of an archive, from its first tar entry only (no full read for a listing). */
export async function readManifest(path: string): Promise<BackupManifest | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let have = 0;
    const src = createReadStream(path);
    const gz = createGunzip();
    const done = (m: BackupManifest | null) => {
      src.destroy();
      gz.destroy();
      resolve(m);
    };
    gz.on('data', (c: Buffer) => {
      chunks.push(c);
      have += c.length;
      if (have < 512) return;
      const buf = Buffer.concat(chunks);
      const size = parseInt(buf.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim(), 8);
      if (buf.toString('utf8', 0, 100).replace(/\0.*$/s, '') !== 'manifest.json' || !(size > 0 && size <= MAX_MANIFEST_BYTES))
        return done(null);
      if (have < 512 + size) return;
      try {
        done(JSON.parse(buf.toString('utf8', 512, 512 + size)) as BackupManifest);
      } catch {
        done(null);
      }
    });
    gz.on('error', () => done(null));
    src.on('error', () => done(null));
    gz.on('end', () => done(null));
    src.pipe(gz);
  });
}
