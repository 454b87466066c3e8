// A compose file as GET /config/raw shows it: every secret masked, in every service and
// extension block, whatever the edited service. A secret is a value whose name says password,
// secret, token, key or webhook (domain/secret-names.ts), wherever the file gives it one: a map
// value, a `NAME=value` item, a commented-out setting, and the secrets issue 37 (finding 8) found
// shown: a trailing comment on a secret's line (it often keeps the old value), a commented-out
// `#NAME:value` without a blank, and options on a `command:` or `entrypoint:` line
// (`--admin-password x`, `-adminpassword=x`, `export API_TOKEN=x; run`).
import { isScalar, visit, type Scalar } from 'yaml';
import { isSecretName } from '../domain/secret-names.js';
import { loadCompose, styleOf } from './compose-file.js';

// A commented-out setting (`# ADMIN_PASSWORD: old`, `#ADMIN_PASSWORD:old`, `#  - RCON_PASSWORD=old`):
// an old secret is a secret. An opening quote after the separator stays outside the mask.
const COMMENTED = /^([ \t]*#+[ \t]*(?:-[ \t]*)?["']?([A-Za-z_][A-Za-z0-9_.-]*)(?:[ \t]*:[ \t]*|=)["']?)(.*?)(["']?[ \t]*\r?)$/gm;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_.-]*)=/;
// Inside a command line: `NAME=value` or `-name=value` after a blank or a shell separator, and
// `-name value` / `--name value`. The value ends at a blank, a quote or a shell separator.
const OPTION_EQ = /(^|[\s;&|'"(])(-{0,2}([A-Za-z_][A-Za-z0-9_.-]*)=)([^\s;&|'")]+)/g;
const OPTION_NEXT = /(^|\s)(-{1,2}([A-Za-z_][A-Za-z0-9_.-]*)\s+)([^\s;&|'")]+)/g;
// An option alone as a list item (`- --admin-password`): the next item is its value.
const OPTION_ALONE = /^-{1,2}([A-Za-z_][A-Za-z0-9_.-]*)$/;
// What follows a value on its line when it is a comment.
const TRAILING_COMMENT = /^([ \t]+#)[^\r\n]*/;

/** `s` with the value of every secret option in it replaced by `****`. */
function maskOptions(s: string): string {
  return s
    .replace(OPTION_EQ, (whole, lead: string, head: string, name: string) => (isSecretName(name) ? `${lead}${head}****` : whole))
    .replace(OPTION_NEXT, (whole, lead: string, head: string, name: string) => (isSecretName(name) ? `${lead}${head}****` : whole));
}

/** The compose text with every secret value masked (GET /config/raw). */
export function maskComposeSecrets(text: string): string {
  const doc = loadCompose(text);
  const cuts = new Map<number, { end: number; by: string }>();
  /** Masks a whole value, and the comment after it on its line. A whole mask wins over a partial
   * one at the same place. */
  const maskWhole = (node: Scalar, inner: string) => {
    const [start, end] = node.range!;
    const style = styleOf(node);
    const comment = TRAILING_COMMENT.exec(text.slice(end));
    cuts.set(start, {
      end: end + (comment ? comment[0].length : 0),
      by: (style === 'double' ? `"${inner}"` : style === 'single' ? `'${inner}'` : inner) + (comment ? `${comment[1]} ****` : ''),
    });
  };
  /** Masks the secret options inside a text value; a value with escapes in its source is masked
   * whole (rewriting it from its decoded text would not show the file as it is). */
  const maskPart = (node: Scalar, value: string) => {
    const [start, end] = node.range!;
    if (cuts.has(start)) return;
    const masked = maskOptions(value);
    if (masked === value) return;
    const style = styleOf(node);
    const source = text.slice(start, end);
    const plainAsIs = style === 'plain' && source === value;
    const quotedAsIs = (style === 'double' || style === 'single') && source.slice(1, -1) === value;
    if (!plainAsIs && !quotedAsIs) return maskWhole(node, '****');
    cuts.set(start, { end, by: plainAsIs ? masked : `${source[0]}${masked}${source[0]}` });
  };
  visit(doc, {
    Pair(_, pair) {
      const v = pair.value;
      if (isScalar(pair.key) && isSecretName(String(pair.key.value)) && isScalar(v) && v.value !== null && v.value !== '')
        maskWhole(v, '****');
    },
    Seq(_, seq) {
      seq.items.forEach((item, i) => {
        const next = seq.items[i + 1];
        if (!isScalar(item) || typeof item.value !== 'string' || !isScalar(next) || next.value === null || next.value === '') return;
        const m = OPTION_ALONE.exec(item.value.trim());
        if (m && isSecretName(m[1]) && next.range) maskWhole(next, '****');
      });
    },
    Scalar(_, node) {
      if (typeof node.value !== 'string' || !node.range) return;
      const m = ASSIGNMENT.exec(node.value);
      if (m && isSecretName(m[1])) {
        if (node.value.length > m[0].length) maskWhole(node, `${m[1]}=****`);
        return;
      }
      maskPart(node, node.value);
    },
  });
  let out = text;
  for (const [start, c] of [...cuts].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + c.by + out.slice(c.end);
  return out.replace(COMMENTED, (whole, head: string, name: string, value: string, tail: string) =>
    isSecretName(name) && value !== '' ? `${head}****${tail}` : whole,
  );
}
