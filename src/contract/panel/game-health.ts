// The game's health routes (issue 40): its crashes (the last ten, with their log tails, the
// downtime and the count per day), the versions it reported with their first and last day, and
// Start (SERVICE_GAME_START_COMMAND) with the output of its last run.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { Timestamp } from '../integration-rows.js';

export const CRASH_CAUSES = ['unreachable', 'process_gone'] as const;

export const CrashSchema = z.strictObject({
  id: z.int(),
  at: Timestamp.meta({ description: 'When palpanel saw the game gone.' }),
  cause: z.enum(CRASH_CAUSES).meta({ description: 'process_gone: its process vanished; unreachable: its REST API stopped answering.' }),
  uptimeSec: z.int().nullable().meta({ description: 'The uptime the game last reported before it went.' }),
  rssBytes: z.number().nullable().meta({ description: "The game's resident memory at its last sample; null when not visible." }),
  logTail: z
    .array(z.string())
    .meta({ description: "The game log's last lines before the crash (at most 50); empty when no log is followed." }),
  returnedAt: Timestamp.nullable().meta({ description: 'When the game answered again; null while it is still down.' }),
  downtimeSec: z.int().nullable().meta({ description: 'From the crash to its return; null while down.' }),
});
export type Crash = z.infer<typeof CrashSchema>;

export const CrashesSchema = dataOf(
  z.strictObject({
    total: z.int().meta({ description: 'Crashes recorded in all.' }),
    perDay: z
      .array(z.strictObject({ day: z.string(), crashes: z.int(), downtimeSec: z.int() }))
      .meta({ description: 'The last 30 days with a crash, newest first (UTC days).' }),
    recent: z.array(CrashSchema).meta({ description: 'The last ten crashes, newest first.' }),
    down: z
      .strictObject({ since: Timestamp, failing: z.boolean() })
      .nullable()
      .meta({ description: 'Set while the game has not come back from its last crash; failing once past SERVICE_GAME_DOWN_BOUND.' }),
  }),
);

export const SeenVersionSchema = z.strictObject({
  version: z.string(),
  firstAt: Timestamp,
  lastAt: Timestamp,
  starts: z.int().meta({ description: 'Starts of the game seen reporting this version.' }),
});
export const GameVersionsSchema = dataOf(z.array(SeenVersionSchema).meta({ description: 'Newest first seen first.' }));

export const StartRunSchema = z.strictObject({
  at: Timestamp,
  by: z.string(),
  exitCode: z.int().nullable(),
  cut: z.string().nullable().meta({ description: 'Why it did not exit on its own: deadline, stopped or spawn; null when it did.' }),
  output: z.string().meta({ description: "The tail of the command's output, secrets redacted." }),
  durationMs: z.int(),
});

export type StartRun = z.infer<typeof StartRunSchema>;

export const GameStartStateSchema = dataOf(
  z.strictObject({
    configured: z.boolean().meta({ description: 'Whether SERVICE_GAME_START_COMMAND is set.' }),
    running: z.boolean().meta({ description: 'Whether a start command runs now.' }),
    last: StartRunSchema.nullable(),
  }),
);
