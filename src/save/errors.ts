// Named errors of the save parser. Everything the parser throws on bad input is a SaveError, so
// callers (and the fuzz test) can tell "this file is bad" apart from a bug. Messages never echo
// file content beyond short, sanitised names: they may end up in logs and HTTP error bodies.

/** Base class of every error the save parser throws because of what a file contains. */
export class SaveError extends Error {
  /** Stable, machine-readable reason, e.g. `bad_magic`, `truncated`, `limit_exceeded`. */
  readonly code: string;
  /** Byte offset where the problem was met, when known (in the decompressed GVAS, or in the
   * container for container errors). */
  readonly offset?: number;

  constructor(code: string, message: string, offset?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    if (offset !== undefined) this.offset = offset;
  }
}

/** A file that cannot be read at all: bad magic, a length that disagrees with the header,
 * failed decompression, a truncated or unsupported GVAS header, or a broken top-level layout. */
export class SaveReadError extends SaveError {}

/** A length or count read from a file exceeds a named limit in `limits.ts`. It is a read error:
 * the parser refuses to allocate, loop or skip that far. */
export class LimitExceededError extends SaveReadError {
  readonly limit: string;
  readonly value: number;

  /** `what`: the value in words, e.g. "a string of 83886080 bytes". */
  constructor(limit: string, value: number, max: number, offset?: number, what = `${limit} ${value}`) {
    super(
      'limit_exceeded',
      `${what} is beyond what the parser accepts (${limit} is ${max})${offset !== undefined ? ` at byte ${offset}` : ''}`,
      offset,
    );
    this.limit = limit;
    this.value = value;
  }
}

/** The bytes are readable but do not have the layout the parser expects (a read past the end of
 * a value, a raw-data blob that fits no known layout, an unexpected type). Inside a property the
 * parser recovers from it: the item is skipped and a format-drift warning recorded. */
export class SaveFormatError extends SaveError {}

/** A read past the end of the buffer or of the value being decoded. */
export class OutOfBoundsError extends SaveFormatError {
  constructor(wanted: number, offset: number, end: number) {
    super('out_of_bounds', `read of ${wanted} bytes at offset ${offset} passes the end (${end})`, offset);
  }
}

/** A file-level read error for a SaveError met where no recovery is possible (the GVAS header
 * or the top-level property list), its message prefixed with `what` (the file, and where). A
 * read error keeps its class (a LimitExceededError stays one). */
export function asReadError(err: unknown, what: string): SaveError {
  if (!(err instanceof SaveError)) throw err;
  if (err instanceof SaveReadError) {
    err.message = `${what}: ${err.message}`;
    return err;
  }
  const code = err.code === 'out_of_bounds' ? 'truncated' : err.code;
  return new SaveReadError(code, `${what}: ${err.message}`, err.offset, { cause: err });
}
