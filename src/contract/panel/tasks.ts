// The shapes of the panel's tasks routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { consoleDanger } from '../console-danger.js';
import { Timestamp } from '../integration-rows.js';
import { CountdownStepsSchema } from './server.js';
import { CommandLine } from './console.js';
import { checkCron, CronError, isTimeZone } from '../../lib/cron.js';

/** An IANA time zone; absent: SERVICE_TIMEZONE (default UTC). */
export const TimeZone = z
  .string()
  .refine(isTimeZone, { message: 'an IANA time zone such as Europe/Berlin or UTC' })
  .meta({ description: 'An IANA time zone the times are read in; absent: SERVICE_TIMEZONE (default UTC).', examples: ['Europe/Berlin'] });

export const Schedule = z.discriminatedUnion('every', [
  z.strictObject({
    every: z.literal('interval'),
    minutes: z
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .meta({ description: 'Minutes between runs, 5 to a week.' }),
  }),
  z.strictObject({
    every: z.literal('day'),
    at: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .meta({ description: 'Time of day, HH:MM, in `timezone` (else SERVICE_TIMEZONE, default UTC).', examples: ['04:00'] }),
    timezone: TimeZone.optional(),
  }),
  z.strictObject({
    every: z.literal('cron'),
    cron: z
      .string()
      .trim()
      .max(200)
      .superRefine((v, ctx) => {
        try {
          checkCron(v, 'UTC');
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: err instanceof CronError ? err.message : 'not a cron expression' });
        }
      })
      .meta({
        description: 'Five cron fields (minute hour day-of-month month day-of-week) as the docker image takes them, read in `timezone`.',
        examples: ['0 5 * * *'],
      }),
    timezone: TimeZone.optional(),
  }),
]);

export const Action = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('restart'),
    steps: CountdownStepsSchema.optional(),
    warnMinutes: z.int().min(1).max(60).optional().meta({
      description:
        'Older tasks: the first warning this many minutes before, then the default steps below it. `steps` says it better and wins.',
    }),
    message: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({
        description:
          'A reason told after each step\'s words ("Server restart in 5 minutes: <message>"). A message with `{minutes}` (older tasks) is not said: the words say the time.',
        examples: ['Nightly maintenance'],
      }),
    whenPlayersOnline: z.enum(['run', 'skip', 'delay']).meta({ description: '`delay`: wait until everyone has left (2 hours at most).' }),
  }),
  z.strictObject({
    kind: z.literal('announce'),
    message: z.string().trim().min(1).max(500).meta({ description: "Told to every player in game (the game's REST API)." }),
  }),
  z.strictObject({ kind: z.literal('save').meta({ description: "The game saves the world (the game's REST API)." }) }),
  z.strictObject({
    kind: z.literal('shutdown'),
    delaySec: z.int().min(0).max(3600).meta({
      description:
        "Seconds until the game stops; players are told at each step, the last goes to the game's own shutdown (the game's REST API).",
    }),
    message: z.string().trim().min(1).max(500).meta({ description: "A reason told after each step's words." }),
    steps: CountdownStepsSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('command'),
    command: CommandLine.meta({ description: 'A console command, run through RCON (the only kind that needs RCON).' }),
    confirm: z.literal(true).optional().meta({
      description:
        'Required for a command that stops or restarts the server, acts on every player or deletes something (the console asks the same): the admin confirmed it when making the task.',
    }),
  }),
]);

export const TaskSpec = z
  .strictObject({ name: z.string().min(1).max(64), enabled: z.boolean(), schedule: Schedule, action: Action })
  .superRefine((t, ctx) => {
    if (t.action.kind !== 'command' || t.action.confirm) return;
    const why = consoleDanger(t.action.command);
    if (why)
      ctx.addIssue({ code: 'custom', path: ['action', 'confirm'], message: `${why} Confirm it to schedule it (send "confirm": true).` });
  });

export const TaskPath = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .meta({ description: "The task's id.", examples: ['0a1b2c3d'] }),
});

export const Run = z.strictObject({
  id: z.int(),
  taskId: z.string(),
  dueAt: Timestamp,
  at: Timestamp,
  outcome: z.enum(['ok', 'skipped', 'delayed', 'failed']),
  detail: z.string(),
});

export const RunsQuery = z.strictObject({
  task: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .optional(),
});

export const Task = TaskSpec.extend({
  id: z.string(),
  createdAt: Timestamp,
  createdBy: z.string(),
  nextRunAt: Timestamp.nullable().meta({
    description: 'When it runs next (in the past while a run is late, as a restart delayed until the players leave); null when off.',
  }),
});
