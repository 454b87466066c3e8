// Text that people type (key labels) or that players choose (names) and that palpanel later
// prints: in a terminal (`keys list`), in a log line, in an event. Characters that could forge a
// second line, recolour a terminal or reorder text on screen are recognised here, once.

/** C0 and C1 controls (line breaks, ESC, BEL, NUL), DEL, the Unicode line and paragraph
 * separators, bidirectional marks, embeddings, overrides and isolates, and the byte order mark. */
// eslint-disable-next-line no-control-regex -- the control characters are what this matches
export const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Characters with no width of their own: a text made only of them (and spaces) shows nothing. */
const INVISIBLE = /[\s\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2060-\u2064\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu;

export function hasUnsafeChars(s: string): boolean {
  UNSAFE_CHARS.lastIndex = 0;
  return UNSAFE_CHARS.test(s);
}

/** Whether the text shows nothing: empty, or spaces and zero-width characters only. */
export function isInvisible(s: string): boolean {
  return s.replace(INVISIBLE, '') === '';
}

/** The text with each unsafe character written as a `\u{…}` escape, so a stored value made
 * before a rule existed prints as what it is and does nothing to the terminal. */
export function printable(s: string): string {
  return s.replace(UNSAFE_CHARS, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
