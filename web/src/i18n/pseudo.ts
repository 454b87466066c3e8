// The pseudo-locale `en-XA`: English made visibly foreign so a screen shows what did not come
// from a catalog. Each message is bracketed, its letters accented and its text made 40% longer
// (German and Russian run about that much longer than English). Placeholders, tags and plural
// forms keep their shape: only the literal text changes. Not offered to users: the URL flag
// `?pseudo` or a test chooses it.
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export const PSEUDO_LOCALE = 'en-XA';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const MAP = new Map([...PLAIN].map((c, i) => [c, [...ACCENTED][i]]));

/** Latin letters accented: "Sign in" → "Šîĝñ îñ". */
export const accent = (s: string): string => [...s].map((c) => MAP.get(c) ?? c).join('');

function accentTree(ast: MessageFormatElement[]): number {
  let letters = 0;
  for (const el of ast) {
    if (el.type === TYPE.literal) {
      el.value = accent(el.value);
      letters += el.value.length;
    } else if (el.type === TYPE.tag) {
      letters += accentTree(el.children);
    } else if (el.type === TYPE.select || el.type === TYPE.plural) {
      letters += Math.max(0, ...Object.values(el.options).map((o) => accentTree(o.value)));
    }
  }
  return letters;
}

/** A message that is only a web address (an example URL in a placeholder): every language
 * writes it alike, so it does not grow in translation. */
export const isAddress = (english: MessageFormatElement[]): boolean =>
  english.length === 1 && english[0].type === TYPE.literal && /^https?:\/\/\S+$/.test(english[0].value);

/** A message's tree in the pseudo-locale (a new tree; the English one is left as it was). An
 * address is bracketed and accented but not made longer. */
export function pseudoMessage(english: MessageFormatElement[]): MessageFormatElement[] {
  const ast = structuredClone(english);
  const letters = accentTree(ast);
  if (isAddress(english)) return [{ type: TYPE.literal, value: '[' }, ...ast, { type: TYPE.literal, value: ']' }];
  const pad = '·'.repeat(Math.max(1, Math.round(letters * 0.4)));
  return [{ type: TYPE.literal, value: '[' }, ...ast, { type: TYPE.literal, value: ` ${pad}]` }];
}

/** A whole text the pseudo-locale shows (numbers and dates from Intl): accented and bracketed. */
export const pseudoText = (s: string): string => `[${accent(s)}]`;
