// What a webhook delivery sends, per format: Discord's execute body (an embed, no mention ever
// parsed), Slack's incoming-webhook `{"text"}`, ntfy's plain text with Title, Priority and Tags
// headers, or the versioned JSON schema signed with the webhook's secret (docs/discord.md). The
// words come from the webhook's template for the kind (lib/webhook-template.ts), the event's
// fields escaped for the format.
import { createHmac } from 'node:crypto';
import type { WebhookFormat } from '../contract/vocabulary.js';
import { clip, defaultTemplate, escapeDiscord, escapeSlack, fillTemplate, type TemplateFields } from '../lib/webhook-template.js';

/** The JSON format's schema name and version: a receiver checks it before reading the rest. */
export const JSON_SCHEMA = 'palpanel.webhook/1';
export const SIGNATURE_HEADER = 'X-Palpanel-Signature';

/** Discord's documented limits (Execute Webhook; embed limits). */
export const DISCORD_LIMITS = {
  content: 2_000,
  title: 256,
  description: 4_096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1_024,
  footer: 2_048,
  author: 256,
  embedTotal: 6_000,
} as const;

/** An embed's colour per event kind (and per card state): green arrivals, grey departures, red
 * trouble, amber warnings and countdowns, blue for the rest. */
export const COLOURS = { green: 0x3ba55d, grey: 0x747f8d, red: 0xed4245, amber: 0xfaa61a, blue: 0x5865f2 } as const;
const KIND_COLOUR: Record<string, number> = {
  join: COLOURS.green,
  leave: COLOURS.grey,
  kick: COLOURS.amber,
  ban: COLOURS.red,
  crash: COLOURS.red,
  warning: COLOURS.amber,
  offsite: COLOURS.amber,
  countdown: COLOURS.amber,
  restart: COLOURS.amber,
};

/** ntfy's priority (1 min … 5 max) and tags (emoji short codes) per kind. */
const NTFY: Record<string, { priority: number; tags: string }> = {
  join: { priority: 2, tags: 'green_circle' },
  leave: { priority: 2, tags: 'white_circle' },
  kick: { priority: 3, tags: 'boot' },
  ban: { priority: 3, tags: 'no_entry' },
  crash: { priority: 5, tags: 'skull' },
  restart: { priority: 3, tags: 'arrows_counterclockwise' },
  countdown: { priority: 3, tags: 'hourglass' },
  backup: { priority: 2, tags: 'floppy_disk' },
  offsite: { priority: 4, tags: 'warning' },
  warning: { priority: 4, tags: 'warning' },
};

export interface WebhookEvent {
  kind: string;
  /** RFC 3339. */
  at: string;
  /** The event's own words (the panel's event log). */
  message: string;
  fields: Record<string, string>;
}

export interface WebhookStyle {
  format: WebhookFormat;
  /** kind → template; a kind not named takes the default. */
  templates: Record<string, string>;
  secret: string | null;
  language?: string;
}

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The words of an event for a webhook: its template filled, escaped for the format. */
export function eventText(style: Pick<WebhookStyle, 'templates' | 'language'>, e: WebhookEvent, escape: (s: string) => string): string {
  const template = style.templates[e.kind] ?? defaultTemplate(e.kind, style.language);
  const fields: TemplateFields = { ...e.fields, message: e.message, time: e.at, kind: e.kind };
  return fillTemplate(template, fields, escape, style.language).trim() || escape(e.message);
}

/** A header value as ntfy takes it: ASCII as is, anything else as an RFC 2047 encoded word. */
function headerText(s: string): string {
  const flat = s.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(flat) ? flat : `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
}

/** The HMAC-SHA256 of a body with the webhook's secret, as the signature header carries it. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The request of one event for a webhook. */
export function renderEvent(style: WebhookStyle, e: WebhookEvent): WebhookRequest {
  const json = { 'content-type': 'application/json' };
  switch (style.format) {
    case 'discord': {
      const text = clip(eventText(style, e, escapeDiscord), DISCORD_LIMITS.description);
      const embed = { description: text, color: KIND_COLOUR[e.kind] ?? COLOURS.blue, timestamp: e.at };
      return { body: JSON.stringify({ username: 'palpanel', allowed_mentions: { parse: [] }, embeds: [embed] }), headers: json };
    }
    case 'slack':
      return { body: JSON.stringify({ text: clip(eventText(style, e, escapeSlack), 3_000) }), headers: json };
    case 'ntfy': {
      const n = NTFY[e.kind] ?? { priority: 3, tags: 'information_source' };
      const server = e.fields.server ? `${e.fields.server}: ` : '';
      return {
        body: clip(
          eventText(style, e, (s) => s),
          4_000,
        ),
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          Title: headerText(clip(`${server}${e.kind}`, 200)),
          Priority: String(n.priority),
          Tags: n.tags,
        },
      };
    }
    case 'json': {
      const body = JSON.stringify({
        schema: JSON_SCHEMA,
        kind: e.kind,
        time: e.at,
        at: e.at,
        message: e.message,
        text: eventText(style, e, (s) => s),
        fields: e.fields,
      });
      return { body, headers: style.secret ? { ...json, [SIGNATURE_HEADER]: signature(style.secret, body) } : json };
    }
  }
}
