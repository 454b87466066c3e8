// A webhook's message templates: `{placeholder}` texts per event kind, filled with an event's
// fields. Written once for the server (actions/webhook-render.ts) and the panel's preview
// (web/src/features/settings/WebhookTemplates.tsx), so the preview is what is sent. The default
// texts are one table keyed by language and kind (webhook-texts.ts).
import { DEFAULT_TEXTS, type LanguageTexts, type TemplateKind } from './webhook-texts.js';

/** The placeholders a template may use, with what each stands for (docs/discord.md). */
export const PLACEHOLDERS = ['player', 'reason', 'server', 'players', 'max', 'message', 'time', 'kind'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateFields = Partial<Record<Placeholder, string>>;

/** The longest template an admin may save (a Discord embed's description holds 4,096). */
export const MAX_TEMPLATE_CHARS = 1_000;

export { DEFAULT_TEXTS } from './webhook-texts.js';

function textsOf(language: string | undefined): LanguageTexts {
  return (language && DEFAULT_TEXTS[language]) || DEFAULT_TEXTS.en;
}

/** The default template of a kind in a language. */
export function defaultTemplate(kind: string, language?: string): string {
  return textsOf(language).templates[kind as TemplateKind] ?? '{message}';
}

/** Fills `{placeholder}`s with the fields, each passed through `escape` (the format's: Discord's
 * markdown, Slack's `&<>`); the template's own text is the admin's and kept as written. A
 * placeholder the event does not carry says so in the language's words; a name that is not a
 * placeholder is left as written. */
export function fillTemplate(
  template: string,
  fields: TemplateFields,
  escape: (s: string) => string = (s) => s,
  language?: string,
): string {
  const missing = textsOf(language).missing;
  return template.replace(/\{([a-z]+)\}/g, (whole, name: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const v = fields[name as Placeholder];
    if (v !== undefined && v !== '') return escape(v);
    return name in missing ? missing[name as keyof LanguageTexts['missing']] : '';
  });
}

/** Why a template cannot be saved, or null. */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return 'is empty';
  if (Array.from(template).length > MAX_TEMPLATE_CHARS) return `is longer than ${MAX_TEMPLATE_CHARS} characters`;
  return null;
}

/** Discord's markdown made literal: each markup character escaped, and a mention (`@everyone`,
 * `<@id>`) broken with a zero-width space, so a player's name neither pings nor reformats (the
 * message also carries `allowed_mentions: {parse: []}`). */
export function escapeDiscord(s: string): string {
  return s.replace(/[\\*_~`|>#\-[\]()<:]/g, '\\$&').replace(/@/g, '@\u200b');
}

/** Slack's (and Mattermost's) control characters: `&`, `<`, `>` (so `<!everyone>` cannot be
 * written), and its markup made literal with a zero-width space. */
export function escapeSlack(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[*_~`]/g, '\u200b$&\u200b')
    .replace(/@/g, '@\u200b');
}

/** At most `max` UTF-16 units (the stricter count of a limit), cut between characters with an
 * ellipsis. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = '';
  for (const ch of s) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}
