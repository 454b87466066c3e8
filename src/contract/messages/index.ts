// The server's words as message ids (issue 39): every panel message a person reads carries its
// English `message`, and beside it `messageId` (an entry of the web UI's `server` catalog, as
// `server.<messageId>`) and `params` (the values in it). The English text is formatted on the
// server from the template of its id in the tables below (domain/server-text.ts `say`), so the
// English and the id cannot drift apart; the catalog's English equals these templates (a test
// walks them). ICU MessageFormat throughout: `{player}`, `{n, plural, …}`, `{x, select, …}`.
// The Integration API, its errors and the logs never carry these fields (the spec fixes them).
import { z } from 'zod';
import { AUDIT_MESSAGES } from './audit.js';
import { DIAGNOSTIC_MESSAGES } from './diagnostics.js';
import { ERROR_MESSAGES } from './errors.js';
import { EVENT_MESSAGES } from './events.js';

export type MessageParams = Record<string, string | number>;

/** A message as the panel's wire carries it. Old stored rows have no id: their English stays. */
export interface ServerMessage {
  message: string;
  messageId?: string;
  params?: MessageParams;
}

export const SERVER_MESSAGES: Readonly<Record<string, string>> = {
  ...EVENT_MESSAGES,
  ...AUDIT_MESSAGES,
  ...DIAGNOSTIC_MESSAGES,
  ...ERROR_MESSAGES,
};

export const MessageIdSchema = z.string().optional().meta({
  description:
    "The message id: `message` in the reader's language is the web UI's `server.<messageId>` entry. Absent on rows written before it existed.",
});
export const MessageParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .optional()
  .meta({ description: 'The values the message names (player names, reasons, counts), by placeholder.' });

/** The panel API's error answer: the spec's envelope, with the message's id where it has one. */
export const PanelErrorSchema = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), messageId: MessageIdSchema, params: MessageParamsSchema }),
});

export type PanelError = z.infer<typeof PanelErrorSchema>;

/** The two fields beside a `message`, for a panel schema to spread in. */
export const messageFields = { messageId: MessageIdSchema, params: MessageParamsSchema };
