// A query parameter's own error code and message (`invalid_limit`, `invalid_cursor`), kept beside
// its schema: the contract declares the parameter, the panel's and the Integration API's request
// validation (http/routes/validate.ts) answer any failure of it with these words.
import { z } from 'zod';

export interface WireError {
  code: string;
  message: string;
}

export const wireErrors = z.registry<WireError>();

/** Gives a query parameter's schema its own error code and message. */
export function withWireError<S extends z.ZodType>(schema: S, code: string, message: string): S {
  wireErrors.add(schema, { code, message });
  return schema;
}
