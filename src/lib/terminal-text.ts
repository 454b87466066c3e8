// Text from outside (a player's name, the game's server name and version, a guild, an event's
// message, a member name or id read from an archive, a label someone typed) on its way to a
// terminal. A terminal acts on control characters instead of showing them: ESC starts sequences
// that set the clipboard (OSC 52), retitle the window (OSC 0), clear the screen or recolour it;
// C1 controls (U+0080–U+009F, CSI as U+009B) do the same on many terminals. Each such character
// is shown here as a visible escape (`\x1b`, `\u009b`) and never sent; everything else,
// ordinary Unicode included, passes as it is. Issue 37, finding 4.

import { UNSAFE_CHARS } from './text.js';

// The characters are text.ts's unsafe set, declared once; only the escape written differs from
// `printable` (a terminal reader expects `\x1b`, a log keeps its `\u{1b}`).
const CONTROL = new RegExp(UNSAFE_CHARS.source, 'g');
/** The same, with the line feed let through. */
const CONTROL_BUT_LF = new RegExp(`(?!\\n)${UNSAFE_CHARS.source}`, 'g');

/** `\x1b` for C0 controls and DEL; `\u009b` for C1 controls, the line and paragraph separators,
 * the bidirectional marks, embeddings, overrides and isolates (which reorder what follows) and
 * the byte order mark. */
function visible(c: string): string {
  const cp = c.codePointAt(0)!;
  return cp <= 0x7f ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}

/** One value on one line: every control character, line breaks included, shown as an escape. */
export function terminalText(text: string): string {
  return text.replace(CONTROL, visible);
}

/** A block of lines that palpanel put together (line feeds its own): every other control
 * character in it shown as an escape. For output whose values were not each made safe. */
export function terminalLines(text: string): string {
  return text.replace(CONTROL_BUT_LF, visible);
}

// JSON.stringify escapes C0 controls but sends DEL, C1 controls and the rest as they are.
const JSON_RAW = new RegExp(`(?![\\u0000-\\u001f])${UNSAFE_CHARS.source}`, 'g');

/** `value` as JSON for a terminal: the same data (a JSON reader sees no difference), with the
 * characters JSON.stringify leaves raw written as \u escapes. */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value).replace(JSON_RAW, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}
