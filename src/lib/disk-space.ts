// Free and total space of the file system holding a folder, for the storage budget, the
// diagnostics screen and /metrics (issues 24 and 25). One reading, one place.
import { statfs } from 'node:fs/promises';

export interface DiskSpace {
  /** Bytes an unprivileged writer may still use (statfs bavail × bsize). */
  freeBytes: number;
  totalBytes: number;
}

/** Reads the file system under `dir`; undefined when it cannot be read (a missing folder). */
export async function diskSpace(dir: string): Promise<DiskSpace | undefined> {
  try {
    const s = await statfs(dir);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return undefined;
  }
}
