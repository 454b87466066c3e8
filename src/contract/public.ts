// What the open routes outside the two APIs answer (http/public/routes.ts).
import { z } from 'zod';

/** `/healthz`: the store answers a read, or it does not. */
export const HealthzSchema = z.strictObject({ status: z.enum(['ok', 'failing']) });

/** The document as a schema: a JSON object (its own shape is OpenAPI's, not this service's). */
export const OpenApiDocumentSchema = z.record(z.string(), z.unknown());
