// The backup room's own refusals, as named domain errors (mapped to statuses in http/errors.ts).
import { ConflictError, DomainError, NotFoundError } from '../domain/errors.js';

export class BackupNotFoundError extends NotFoundError {
  constructor() {
    super('No backup has that id.');
  }
}

/** A backup in the folder that does not pass its checks (damaged, or kept by an older palpanel
 * that let more in): it is listed, but cannot be opened. */
export class BackupUnusableError extends ConflictError {
  constructor(id: string, why: string) {
    super('conflict', `Backup ${id} cannot be used: ${why}.`);
  }
}

/** More uploads, imports and dry-runs at once than the bound (interface.md "Bounds": two): the
 * request is refused as it is, to be tried again shortly (HTTP 503 `unavailable`). */
export class BackupsBusyError extends DomainError {
  constructor() {
    super('unavailable', 'Two uploads, imports or restore dry-runs are running now; try again shortly.');
  }
}

/** At most `size` of the heavy backup operations (each inflates an archive, and an upload or an
 * import writes one) run at once: four parallel ones held gigabytes (issue 37, finding 7). */
export class BusySlots {
  private used = 0;
  constructor(private readonly size: number) {}

  /** Runs `fn` in a slot, or throws BackupsBusyError at once when none is free. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.used >= this.size) throw new BackupsBusyError();
    this.used++;
    try {
      return await fn();
    } finally {
      this.used--;
    }
  }
}
