// The settings of the game operated (issue 40, part B; interface.md "The game process and
// host"): the game's log followed from a file or a command, the time zone schedules are read in,
// and restarts as a policy. Declared here and spread into settings.ts's table, one row each.
import { z } from 'zod';
import { checkCron, CronError, isTimeZone } from '../lib/cron.js';
import { commandLine, interval, nonEmpty } from './setting-values.js';
import { UI_LANGUAGES, type UiLanguage } from '../contract/languages.js';

export interface OperateSettings {
  /** A log file of the game to follow (PalServer.log, PalDefender's, the docker image's); null: none. */
  gameLog: string | null;
  /** A command whose output is the game's log (argv, no shell), e.g. journalctl -f; null: none. */
  gameLogCommand: readonly string[] | null;
  /** The IANA zone schedules and the times in messages are read in. */
  timezone: string;
  /** The language of what palpanel broadcasts in the game's chat (issue 39). */
  gameLanguage: UiLanguage;
  /** Restart when the game's resident memory passes this; null: never for memory. */
  restartMemory: MemoryBound | null;
  /** Restart on this cron expression (in `timezone`); null: no cron restart. */
  restartCron: string | null;
  /** Restart once a day at the first moment nobody is online within this local window; null: none. */
  restartQuietWindow: QuietWindow | null;
  /** How long before a policy restart the players are first told (the countdown's first step). */
  restartWarningMs: number;
}

export type MemoryBound = { percent: number } | { bytes: number };
/** Minutes after local midnight; `to` may be below `from` (a window across midnight). */
export interface QuietWindow {
  from: number;
  to: number;
  text: string;
}

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1000,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};

const refuse = (ctx: z.RefinementCtx) => {
  ctx.addIssue({ code: 'custom', message: 'bad value' });
  return z.NEVER;
};

export const memoryBound = z.string().transform((s, ctx): MemoryBound => {
  const pct = /^\s*(\d{1,2}(?:\.\d+)?)\s*%\s*$/.exec(s);
  if (pct) return Number(pct[1]) > 0 ? { percent: Number(pct[1]) } : refuse(ctx);
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(s);
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) return refuse(ctx);
  const bytes = Math.round(Number(m[1]) * unit);
  return bytes >= 64 * 1024 ** 2 ? { bytes } : refuse(ctx);
});

export const timeZone = z.string().refine(isTimeZone);

export const cronExpression = z.string().transform((s, ctx) => {
  try {
    checkCron(s, 'UTC');
    return s.trim();
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof CronError ? err.message : 'bad cron', params: { sayWhy: true } });
    return z.NEVER;
  }
});

export const quietWindow = z.string().transform((s, ctx): QuietWindow => {
  const m = /^\s*([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)\s*$/.exec(s);
  if (!m) return refuse(ctx);
  const from = Number(m[1]) * 60 + Number(m[2]);
  const to = Number(m[3]) * 60 + Number(m[4]);
  return from === to ? refuse(ctx) : { from, to, text: s.trim() };
});

const DURATION = 'a duration such as 250ms, 5s, 2m, 1h or 7d';

export const OPERATE_DEFS = {
  gameLog: {
    env: 'SERVICE_GAME_LOG',
    def: null,
    schema: nonEmpty,
    hint: "a file path: the game's log to follow (PalServer.log, PalDefender's log, the docker image's log file)",
  },
  gameLogCommand: {
    env: 'SERVICE_GAME_LOG_COMMAND',
    def: null,
    schema: commandLine,
    hint: 'a program and its arguments, separated by spaces ("quotes" around a word with spaces), run without a shell, whose output is the game\'s log, e.g. journalctl -u palworld -f -n 200 -o cat',
  },
  timezone: {
    env: 'SERVICE_TIMEZONE',
    def: 'UTC',
    schema: timeZone,
    hint: 'an IANA time zone such as Europe/Berlin, America/New_York or UTC',
  },
  gameLanguage: {
    env: 'SERVICE_GAME_LANGUAGE',
    def: 'en',
    schema: z.enum(UI_LANGUAGES),
    hint: `the language of the countdowns and scheduled-task warnings players read in the game's chat, one of ${UI_LANGUAGES.join(', ')}`,
  },
  restartMemory: {
    env: 'SERVICE_RESTART_MEMORY',
    def: null,
    schema: memoryBound,
    hint: "a share of the machine's memory such as 85%, or a size of at least 64MiB such as 12GiB or 12000MB: the game is restarted when its resident memory passes it",
  },
  restartCron: {
    env: 'SERVICE_RESTART_CRON',
    def: null,
    schema: cronExpression,
    hint: 'a cron expression of five fields (minute hour day-of-month month day-of-week) in SERVICE_TIMEZONE, e.g. 0 5 * * *',
  },
  restartQuietWindow: {
    env: 'SERVICE_RESTART_QUIET_WINDOW',
    def: null,
    schema: quietWindow,
    hint: 'a local time window HH:MM-HH:MM in SERVICE_TIMEZONE, e.g. 03:00-06:00: the game is restarted once a day there as soon as nobody is online',
  },
  restartWarningMs: {
    env: 'SERVICE_RESTART_WARNING',
    def: '10m',
    schema: interval,
    hint: `${DURATION}: how long before a policy restart players are first told`,
  },
} as const;
