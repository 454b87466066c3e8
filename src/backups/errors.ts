// The backup room's own refusals, as named domain errors (mapped to statuses in http/errors.ts).
import { ConflictError, NotFoundError } from '../domain/errors.js';

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
