// Domain errors: named classes with no HTTP knowledge. One function in http/ maps them to a
// status and the error envelope; the CLI maps them to exit codes. Messages are short English
// sentences safe to show to a user: no paths, no key material, no internal text.

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input from a user or client (exit 2, HTTP 400). */
export class ValidationError extends DomainError {
  constructor(message: string, code = 'invalid_request') {
    super(code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super('not_found', message);
  }
}

export class ConflictError extends DomainError {}

export class TooManyKeysError extends ConflictError {
  constructor() {
    super('too_many_keys', 'There are already 100 active keys; revoke one first.');
  }
}

/** The data dir is held by another palpanel process. */
export class DataDirLockedError extends DomainError {
  constructor(message: string) {
    super('locked', message);
  }
}

/** A failure of palpanel's own storage (disk full, unreadable store). */
export class StorageError extends DomainError {
  constructor(message: string) {
    super('storage_error', message);
  }
}
