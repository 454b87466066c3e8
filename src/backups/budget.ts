// The storage budget of the backup folder: which backups go when the folder holds more than the
// admin's budget (the oldest first, never the newest), whether a backup fits on the disk at all,
// and when the disk is nearly full. Pure functions over figures; the service reads the figures.
import { say } from '../domain/server-text.js';
import { ConflictError } from '../domain/errors.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** Bytes in words a host reads at a glance. */
export const bytesWords = (n: number) =>
  n >= GiB ? `${(n / GiB).toFixed(1)} GiB` : n >= MiB ? `${(n / MiB).toFixed(1)} MiB` : `${Math.max(0, Math.round(n))} bytes`;

/** A backup refused because the disk holding the backup folder has too little space: said
 * before anything is written (HTTP 409 with these words; the CLI's exit code of a conflict). */
export class InsufficientStorageError extends ConflictError {
  constructor(freeBytes: number, neededBytes: number) {
    super(
      'conflict',
      `The backup disk has ${bytesWords(freeBytes)} free and a backup needs about ${bytesWords(neededBytes)}: nothing was written. ` +
        'Delete old backups, set a storage budget, or give the backup folder more room.',
    );
  }
}

/** The ids to delete so that the backups (newest first) fit in `budgetBytes`: the oldest
 * first, never the newest. A budget of 0 is none. */
export function overBudget(backups: readonly { id: string; sizeBytes: number }[], budgetBytes: number): string[] {
  if (budgetBytes <= 0) return [];
  let total = backups.reduce((a, b) => a + b.sizeBytes, 0);
  const out: string[] = [];
  for (let i = backups.length - 1; i > 0 && total > budgetBytes; i--) {
    out.push(backups[i].id);
    total -= backups[i].sizeBytes;
  }
  return out;
}

/** What a new backup is expected to need: the newest backup's size (a world grows slowly),
 * else the world's files unpacked (the most a first archive could be). */
export const expectedSize = (newestBytes: number | null, rawBytes: number) => newestBytes ?? rawBytes;

/** The disk is nearly full when, after one more backup like the newest, less than two such
 * backups' worth would be left. */
export const nearlyFull = (freeBytes: number, newestBytes: number) => newestBytes > 0 && freeBytes - newestBytes < 2 * newestBytes;

/** The event's words when the disk becomes nearly full. */
export const nearlyFullWords = (freeBytes: number, newestBytes: number) =>
  say('event.backup.diskNearlyFull', { free: bytesWords(freeBytes), size: bytesWords(newestBytes) });
