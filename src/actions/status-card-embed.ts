// The live status card's Discord embed, from the facts palpanel has (the REST poller's live
// state, the countdown or next restart, the newest backup and its off-site copy). Every value a
// player or the game chose is escaped for Discord's markdown; every part is cut to Discord's
// limits (webhook-render.ts DISCORD_LIMITS) so the card is never refused, with 32 players online
// and the longest names. Times are Discord timestamps (`<t:…:R>`), which each reader's app shows
// in their own language and zone — readable on a phone.
import type { LiveSnapshot } from '../domain/live.js';
import type { CountdownKind } from '../contract/vocabulary.js';
import { clip, escapeDiscord } from '../lib/webhook-template.js';
import { COLOURS, DISCORD_LIMITS } from './webhook-render.js';
import { cardWords, type CardWords } from './status-card-words.js';

export interface CardFacts {
  live: LiveSnapshot;
  countdown: { kind: CountdownKind; endsAt: string; reason: string | null } | null;
  /** The next restart a task or the policy will start; null when none is planned. */
  nextRestartAt: string | null;
  lastBackup: { at: string; offsite: string } | null;
  /** palpanel is stopping: the card says offline for that reason. */
  stopping?: boolean;
}

export interface Embed {
  title: string;
  description: string;
  color: number;
  fields: { name: string; value: string; inline: boolean }[];
  footer: { text: string };
}

/** Player names listed on the card before the rest are counted ("and 12 more"). */
export const NAMES_SHOWN = 20;

const at = (iso: string) => `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`;

function span(sec: number, w: CardWords['span']): string {
  const d = Math.floor(sec / 86_400);
  const h = Math.floor((sec % 86_400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return d > 0 ? `${d} ${w.d} ${h} ${w.h}` : h > 0 ? `${h} ${w.h} ${m} ${w.min}` : `${m} ${w.min}`;
}

/** The players line: names escaped, the first NAMES_SHOWN, the rest counted; within a field. */
function playerNames(names: string[], w: CardWords): string {
  if (names.length === 0) return w.nobody;
  const shown = names.slice(0, NAMES_SHOWN).map((n) => escapeDiscord(clip(n, 64)));
  const rest = names.length - shown.length;
  let text = shown.join(', ');
  const tail = rest > 0 ? ` ${w.more(rest)}` : '';
  if (text.length + tail.length > DISCORD_LIMITS.fieldValue) text = clip(text, DISCORD_LIMITS.fieldValue - tail.length - 1);
  return text + tail;
}

/** The card in the server's language (`language`, BCP 47; English when absent or not known). */
export function cardEmbed(f: CardFacts, language?: string): Embed {
  const w = cardWords(language);
  const up = f.live.reachable && !f.stopping;
  const m = f.live.metrics;
  const server = clip(escapeDiscord(f.live.info?.name || w.server), DISCORD_LIMITS.title);
  const fields: Embed['fields'] = [];
  const field = (name: string, value: string, inline = true) =>
    fields.push({ name: clip(name, DISCORD_LIMITS.fieldName), value: clip(value || w.none, DISCORD_LIMITS.fieldValue), inline });
  if (up) {
    const online = f.live.players.map((p) => p.name);
    field(`${w.players} ${online.length}/${m?.maxPlayers ?? '?'}`, playerNames(online, w), false);
    if (m) {
      field(w.fps, String(Math.round(m.fps)));
      field(w.day, String(m.day));
      field(w.uptime, span(m.uptimeSec, w.span));
    }
    if (f.live.info?.version) field(w.version, escapeDiscord(f.live.info.version));
    if (f.countdown)
      field(
        w.countdown[f.countdown.kind],
        `${at(f.countdown.endsAt)}${f.countdown.reason ? ` (${escapeDiscord(f.countdown.reason)})` : ''}`,
      );
    else if (f.nextRestartAt) field(w.restart, at(f.nextRestartAt));
  }
  if (f.lastBackup) {
    const copy = w.offsite[f.lastBackup.offsite as keyof typeof w.offsite] ?? '';
    field(w.backup, `${at(f.lastBackup.at)}${copy ? `, ${copy}` : ''}`);
  }
  const color = !up ? (f.stopping ? COLOURS.grey : COLOURS.red) : f.countdown ? COLOURS.amber : COLOURS.green;
  return { title: server, description: up ? w.online : f.stopping ? w.stopped : w.outage, color, fields, footer: { text: w.footer } };
}

/** Characters counted against Discord's 6,000 per message of embeds. */
export function embedChars(e: {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
}): number {
  return (
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.fields ?? []).reduce((n, x) => n + x.name.length + x.value.length, 0)
  );
}
