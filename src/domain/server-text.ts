// The server's words from their ids (contract/messages): `say(id, params)` gives the English
// `message` formatted from the id's template, with the id and params beside it, so the panel's
// wire carries one text in two forms that cannot disagree. `messageFor` finds the id of a text
// built elsewhere (an error's), by matching it against the templates.
import { IntlMessageFormat } from 'intl-messageformat';
import { SERVER_MESSAGES, type MessageParams, type ServerMessage } from '../contract/messages/index.js';

const formats = new Map<string, IntlMessageFormat>();

function formatOf(id: string): IntlMessageFormat {
  let f = formats.get(id);
  if (!f) {
    const template = SERVER_MESSAGES[id];
    if (template === undefined) throw new Error(`no server message ${id}`);
    // Numbers as they are ("1234", not "1,234"): the English texts always said them so.
    f = new IntlMessageFormat(template, 'en', { number: {} }, { ignoreTag: true });
    formats.set(id, f);
  }
  return f;
}

/** The English text of `id` with `params`. */
export function english(id: string, params: MessageParams = {}): string {
  const out = formatOf(id).format(params);
  if (typeof out !== 'string') throw new Error(`server message ${id} is not plain text`);
  return out;
}

/** A message by its id: the English text, the id and the params. */
export function say(id: string, params: MessageParams = {}): Required<ServerMessage> {
  return { message: english(id, params), messageId: id, params };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template of plain `{name}` placeholders as a pattern over texts; null for one with plural
 * or select (a text built elsewhere is matched against the simple ones only). */
function patternOf(template: string): { re: RegExp; names: string[]; fixed: number } | null {
  if (/\{\s*\w+\s*,/.test(template)) return null;
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escape(part);
      names.push(m[1]);
      return '(.+?)';
    })
    .join('');
  return { re: new RegExp(`^${source}$`, 's'), names, fixed: template.replace(/\{\w+\}/g, '').length };
}

let patterns: { id: string; re: RegExp; names: string[]; fixed: number }[] | null = null;

/** The id and params whose English is exactly `message`, among the ids starting with `prefix`
 * (e.g. `error.`); without one, the message alone (shown in English everywhere). */
export function messageFor(message: string, prefix: string): ServerMessage {
  patterns ??= Object.entries(SERVER_MESSAGES).flatMap(([id, t]) => {
    const p = patternOf(t);
    return p ? [{ id, ...p }] : [];
  });
  // Of the templates that give the text back, the one with the most fixed words: "… for {span}.
  // Last try: {error}." rather than "… for {span}." with the rest taken as the span.
  let best: { found: ServerMessage; fixed: number } | null = null;
  for (const p of patterns) {
    if (!p.id.startsWith(prefix)) continue;
    const m = p.re.exec(message);
    if (!m) continue;
    const params = Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]]));
    // The params must give the text back: a placeholder repeated with other values is no match.
    if (english(p.id, params) !== message) continue;
    if (best === null || p.fixed > best.fixed) best = { found: { message, messageId: p.id, params }, fixed: p.fixed };
  }
  return best?.found ?? { message };
}
