// The shapes of the panel's console routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { cursorParam, limitParam } from '../page-params.js';
import { Timestamp } from '../integration-rows.js';
import { commandLineProblem } from '../console-danger.js';

/** One console command as the game takes it (the same rule refuses it at run): saved commands and
 * command tasks are made only with such a command. */
export const CommandLine = z
  .string()
  .min(1)
  .max(4000)
  .superRefine((command, ctx) => {
    const problem = commandLineProblem(command);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const Command = CommandLine.meta({
  description: 'One line; `{userId}`, `{playerId}` and `{name}` are filled from `player`.',
  examples: ['ShowPlayers'],
});

export const ExecRequest = z
  .strictObject({
    command: Command.optional(),
    savedId: z
      .string()
      .regex(/^[0-9a-f]{8}$/)
      .optional()
      .meta({ description: 'Run a saved command instead of `command`.' }),
    player: z
      .string()
      .regex(/^[0-9a-fA-F-]{1,36}$/)
      .optional()
      .meta({ description: "A player's save uid: fills the placeholders." }),
    confirm: z.literal(true).optional().meta({
      description:
        'Required for a command that stops or restarts the server, kicks or bans everyone, or deletes something (DoExit, Shutdown, …): without it such a command is 409 `conflict` saying why, and nothing is sent.',
    }),
  })
  .meta({ description: 'Exactly one of `command` and `savedId`.' });

export const LogEntry = z.strictObject({
  id: z.int(),
  at: Timestamp,
  actor: z.string(),
  command: z.string(),
  outcome: z.enum(['ok', 'truncated', 'failed']),
  reply: z.string(),
});

export const Saved = z.strictObject({ id: z.string(), name: z.string(), command: z.string(), createdAt: Timestamp, createdBy: z.string() });

export const SaveRequest = z.strictObject({ name: z.string().min(1).max(64), command: Command });

export const LogQuery = z.strictObject({ limit: limitParam(50, 500, 'Page size'), cursor: cursorParam });

export const SavedQuery = z.strictObject({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .meta({ description: 'The saved command to remove.', examples: ['0a1b2c3d'] }),
});
