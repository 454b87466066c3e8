// Text that people type (key labels) or that players choose (names) and that palpanel later
// prints: in a terminal (`keys list`), in a log line, in an event. Characters that could forge a
// second line, recolour a terminal or reorder text on screen are recognised here, once.

/** C0 and C1 controls (line breaks, ESC, BEL, NUL), DEL, the Unicode line and paragraph
 * separators, bidirectional marks, embeddings, overrides and isolates, and the byte order mark. */
// eslint-disable-next-line no-control-regex -- the control characters are what this matches
export const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Code points with no width of their own (ranges, inclusive): a text made only of them and
 * spaces shows nothing. Written as numbers, since several are combining marks. */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];

const isInvisibleChar = (c: string): boolean => {
  if (/\s/.test(c)) return true;
  const cp = c.codePointAt(0)!;
  return INVISIBLE_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);
};

export function hasUnsafeChars(s: string): boolean {
  UNSAFE_CHARS.lastIndex = 0;
  return UNSAFE_CHARS.test(s);
}

/** Whether the text shows nothing: empty, or spaces and zero-width characters only. */
export function isInvisible(s: string): boolean {
  return Array.from(s).every(isInvisibleChar);
}

/** The text with each unsafe character written as a `\u{…}` escape, so a stored value made
 * before a rule existed prints as what it is and does nothing to the terminal. */
export function printable(s: string): string {
  return s.replace(UNSAFE_CHARS, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
