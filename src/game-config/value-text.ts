// What a value may look like once written into the deployment file. A value is text placed
// between other settings; a character that ends it early (a comma or parenthesis in the ini's
// one-line OptionSettings list, a quote, a line break in either format) would let one setting
// write others (issue 28, finding 5). These rules refuse such text for each way a value is
// written; config-file.ts also re-reads the whole file after a change as a second check.

/** The two line-based files (a compose file is written by compose-file.ts). */
export type TextFormat = 'ini' | 'env';

/** How a value is written: in double quotes, single quotes (env only), as a parenthesised
 * list, or bare. */
export type Spelling = 'double' | 'single' | 'list' | 'bare';

/** The spelling an existing value's text has. */
export function spellingOf(format: TextFormat, raw: string): Spelling {
  const t = raw.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return 'double';
  if (format === 'env' && t.length >= 2 && t.startsWith("'") && t.endsWith("'")) return 'single';
  if (t.startsWith('(') && t.endsWith(')')) return 'list';
  return 'bare';
}

// The one rule for every character of a value palpanel writes into a file the game or its
// tooling reads (ini, env, compose: issue 37, finding 1). Refused: C0 controls (line breaks and
// tabs included), DEL and the C1 controls U+0080–U+009F (U+0085 is a line break to YAML 1.1
// readers such as PyYAML and go-yaml, which docker compose uses), U+2028 and U+2029 (line and
// paragraph separators, line breaks to those readers too), U+FEFF (a byte-order mark, dropped by
// some readers), the noncharacters U+FFFE and U+FFFF (outside YAML's printable set), and a lone
// surrogate (no UTF-8 spelling: it would be written as U+FFFD). The `yaml` package palpanel reads
// with sees U+0085 and U+2028 as text, so its read-back alone would let them through.
const UNWRITABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what a value may not hold
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The words said when a value breaks that rule (never repeating the value: it may be a password). */
export const UNWRITABLE_WHY = 'a value may not hold line breaks (U+0085, U+2028 and U+2029 included) or other control characters';

/** Whether `s` holds a character no file palpanel writes may take (see UNWRITABLE). */
export const hasUnwritable = (s: string): boolean => UNWRITABLE.test(s);

/**
 * Why `inner` (a value without its quotes or parentheses) cannot be written spelled `how` into
 * a file of `format`, in words that never repeat the value (it may be a password); null when
 * it can.
 *
 * ini (PalWorldSettings.ini, read by the game's struct parser): a quoted value may not hold a
 * quote and may not end in a backslash (`\"` reads as a quote inside the value); a list
 * `(A,B)` holds no parentheses or quotes; a bare value holds none of `,` `(` `)` `"`.
 * env (palworld-server-docker's file, read by docker compose or a shell): a double-quoted value
 * holds no `"` `\` `$` or backquote (escapes and substitutions); a single-quoted one no `'`; a
 * bare one and a list no blank, `#`, quote, backslash, `$`, backquote or shell operator.
 * Neither format takes a line break or another control character anywhere (hasUnwritable).
 */
export function unsafeValueText(format: TextFormat, how: Spelling, inner: string): string | null {
  if (hasUnwritable(inner)) return UNWRITABLE_WHY;
  if (format === 'ini') {
    switch (how) {
      case 'double':
        if (inner.includes('"')) return 'a text value may not hold quotes';
        if (inner.endsWith('\\')) return 'a text value may not end in a backslash';
        return null;
      case 'list':
        return /[()"]/.test(inner) ? 'a list item may not hold parentheses or quotes' : null;
      default:
        return /[,()"]/.test(inner) ? 'a value written without quotes may not hold , ( ) or "' : null;
    }
  }
  switch (how) {
    case 'double':
      return /["\\$`]/.test(inner) ? 'a quoted value may not hold ", \\, $ or `' : null;
    case 'single':
      return inner.includes("'") ? "a value in single quotes may not hold '" : null;
    case 'list':
      return /[()\s#"'\\$`;&|<>]/.test(inner) ? 'a list item may not hold blanks, quotes or shell characters' : null;
    case 'bare':
      return /[()\s#"'\\$`;&|<>]/.test(inner)
        ? 'a value written without quotes may not hold blanks, #, (, ), quotes or shell characters'
        : null;
  }
}

/** `inner` spelled `how`. */
export function spell(how: Spelling, inner: string): string {
  return how === 'double' ? `"${inner}"` : how === 'single' ? `'${inner}'` : how === 'list' ? `(${inner})` : inner;
}

/**
 * How a text value `s` is spelled in an env file where the old value was spelled `old`: in the
 * old value's quotes, and in double quotes when it was bare but now holds a blank or a `#` (which
 * a bare value cannot hold) and nothing a double-quoted value cannot hold.
 */
export function envTextSpelling(s: string, old: Spelling): Spelling {
  if (old === 'double' || old === 'single') return old;
  return /[\s#]/.test(s) && unsafeValueText('env', 'double', s) === null ? 'double' : 'bare';
}
