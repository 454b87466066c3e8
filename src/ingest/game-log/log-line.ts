// One line of the game's log as palpanel keeps it: its level where the writer states one, and
// its text made safe to keep and show (colour codes dropped, other control characters written as
// escapes) with its secrets masked the way the console masks them (domain/console-text.ts).
import { maskExchange } from '../../domain/console-text.js';
import { printable } from '../../lib/text.js';
import type { GameLogLevel } from '../../contract/panel/game-log.js';

/** A longer line is cut: 10,000 lines of it stay within a few tens of megabytes. */
export const MAX_LINE_CHARS = 2_000;

/** Unreal Engine's lines (PalServer.log, the server's console): `LogNet: Warning: …`. A line
 * with a category and no verbosity is at Unreal's default, `Log`. */
const UNREAL = /\bLog[A-Za-z0-9_]+: (?:(Fatal|Error|Warning|Display|Log|Verbose|VeryVerbose): )?/;
/** PalDefender's and most tools' `[info]`, `[warning]`, `[ERROR]`, near the start of the line. */
const BRACKET = /\[(fatal|critical|error|err|warning|warn|info|information|notice|debug|trace)\]/i;
/** `level=info`, `"level":"warn"` (logfmt and JSON lines). */
const KEYED = /\blevel"?\s*[=:]\s*"?(fatal|critical|error|err|warning|warn|info|notice|debug|trace)\b/i;
/** An upper-case word before the message (`2026-11-28 04:00:01 ERROR …`, the docker image's
 * `> INFO: …`): only after a head of stamps and marks (no lower-case letter) of at most 40
 * characters, so a message that says "ERROR" is not an error line. */
const WORD = /^[^a-z]{0,40}?\b(FATAL|CRITICAL|ERROR|WARNING|WARN|INFO|DEBUG|TRACE)\b/;

const LEVEL_OF: Record<string, GameLogLevel> = {
  fatal: 'error',
  critical: 'error',
  error: 'error',
  err: 'error',
  warning: 'warning',
  warn: 'warning',
  display: 'info',
  log: 'info',
  info: 'info',
  information: 'info',
  notice: 'info',
  verbose: 'debug',
  veryverbose: 'debug',
  debug: 'debug',
  trace: 'debug',
};

/** The level a line states, or null when it states none. */
export function levelOf(text: string): GameLogLevel | null {
  const head = text.slice(0, 200);
  const unreal = UNREAL.exec(head);
  if (unreal) return LEVEL_OF[(unreal[1] ?? 'log').toLowerCase()];
  const m = BRACKET.exec(head.slice(0, 80)) ?? KEYED.exec(head) ?? WORD.exec(head);
  return m ? LEVEL_OF[m[1].toLowerCase()] : null;
}

/** Terminal colour and cursor sequences (`ESC [ … m`): docker's and journalctl's output keeps
 * them, and they mean nothing on a web page. */
// eslint-disable-next-line no-control-regex -- ESC is what this matches
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** A masker of one line: the console's masking with the secrets palpanel was given. */
export type Masker = (text: string) => string;

export function masker(known: readonly (string | null | undefined)[]): Masker {
  return (text) => maskExchange('', text, known).reply;
}

/** The line as kept: colour codes out, a `\r` the writer ended it with out, other control
 * characters as escapes (a line stays one line wherever it is shown), cut to its bound, masked.
 * Masked before the cut, so a cut never splits a secret into a part no rule would know. */
export function keptText(raw: string, mask: Masker): string {
  const clean = printable(raw.replace(ANSI, '').replace(/\r$/, '').replace(/\t/g, '    '));
  const masked = mask(clean);
  return masked.length > MAX_LINE_CHARS ? `${masked.slice(0, MAX_LINE_CHARS)}…` : masked;
}
