// The shapes of the panel's game log routes (issue 40, "The game's log"): the lines palpanel
// follows from the game's log file or a command's output, masked, each with the level the game
// or PalDefender wrote when it wrote one.
import { z } from 'zod';
import { Timestamp } from '../integration-rows.js';

/** The levels a line may carry, most severe first; a line whose writer gave none has `null`. */
export const GAME_LOG_LEVELS = ['error', 'warning', 'info', 'debug'] as const;
export type GameLogLevel = (typeof GAME_LOG_LEVELS)[number];
export const GameLogLevelSchema = z.enum(GAME_LOG_LEVELS);

export const GameLogLine = z.object({
  seq: z.int().min(1).meta({ description: 'The line number since palpanel started following; ask for lines `after` it.' }),
  at: Timestamp.meta({ description: 'When palpanel read the line.' }),
  level: GameLogLevelSchema.nullable().meta({ description: 'The level the line states, or null when it states none.' }),
  text: z.string().meta({ description: 'The line as written, secrets masked (****). Data: show it as text.' }),
});
export type GameLogLine = z.infer<typeof GameLogLine>;

export const GAME_LOG_STATES = ['off', 'following', 'waiting', 'restarting'] as const;
export const GameLogSource = z.object({
  kind: z.enum(['file', 'command', 'none']),
  target: z.string().nullable().meta({ description: 'The file followed, or the command’s program; null when none is set.' }),
  state: z.enum(GAME_LOG_STATES),
  detail: z.string().nullable().meta({ description: 'Why it is waiting or restarting, in words.' }),
});

export const GameLogQuery = z.strictObject({
  after: z.coerce.number().int().min(0).optional().meta({ description: 'Only lines after this seq (the screen’s follow).' }),
  q: z.string().max(200).optional().meta({ description: 'Only lines holding this text (any case).' }),
  level: z
    .string()
    .regex(/^(error|warning|info|debug|none)(,(error|warning|info|debug|none))*$/)
    .optional()
    .meta({ description: 'Comma-separated levels to show; `none` for lines without one.', examples: ['error,warning'] }),
  limit: z.coerce.number().int().min(1).max(2000).optional().meta({ description: 'Lines at most (the newest); 500 by default.' }),
});
export type GameLogQuery = z.infer<typeof GameLogQuery>;

export const GameLogPage = z.object({
  source: GameLogSource,
  lines: z.array(GameLogLine).meta({ description: 'Oldest first.' }),
  lastSeq: z.int().min(0).meta({ description: 'The newest line’s seq kept, matching or not: the next `after`.' }),
  kept: z.int().min(0).meta({ description: 'Lines kept in memory (at most 10,000).' }),
});
export type GameLogPage = z.infer<typeof GameLogPage>;

export const GameLogStreamQuery = GameLogQuery.pick({ q: true, level: true, after: true });

/** One message of the game log stream (`event: line`, `id` its seq). */
export const GameLogStreamMessage = GameLogLine;
