// The game's chat words in one language (catalog.ts), formatted with intl-messageformat and
// Intl.ListFormat. Pure: the countdown's plan takes them (countdown-words.ts).
import { IntlMessageFormat } from 'intl-messageformat';
import type { CountdownKind } from '../../contract/vocabulary.js';
import type { UiLanguage } from '../../contract/languages.js';
import { GAME_WORDS, type GameWordId } from './catalog.js';

export interface GameWords {
  /** A span: 600 → "10 minutes", 90 → "1 minute and 30 seconds"; 0 → "0 seconds". */
  span(sec: number): string;
  /** "Server shutdown in 10 minutes", with the reason after it; "… now" at 0. */
  countdown(kind: CountdownKind, sec: number, reason?: string | null): string;
  cancelled(kind: CountdownKind): string;
  /** Why palpanel's own restart policy restarts the game, told after each step. */
  restartReason(cause: 'memory' | 'cron' | 'quiet'): string;
  /** What a player the whitelist kicks reads. */
  whitelistKick(): string;
}

const cache = new Map<UiLanguage, GameWords>();

export function gameWords(lang: UiLanguage): GameWords {
  const known = cache.get(lang);
  if (known) return known;
  const table = GAME_WORDS[lang];
  const formats = new Map<GameWordId, IntlMessageFormat>();
  const say = (id: GameWordId, values: Record<string, string | number> = {}): string => {
    let f = formats.get(id);
    if (!f) formats.set(id, (f = new IntlMessageFormat(table.words[id], lang, undefined, { ignoreTag: true })));
    return String(f.format(values));
  };
  const join = 'list' in table.join ? new Intl.ListFormat(table.join.list, { type: 'conjunction' }) : null;
  const sep = 'sep' in table.join ? table.join.sep : '';
  const span = (sec: number): string => {
    const s = Math.max(0, Math.round(sec));
    const parts = (
      [
        [Math.floor(s / 3600), 'hours'],
        [Math.floor((s % 3600) / 60), 'minutes'],
        [s % 60, 'seconds'],
      ] as const
    )
      .filter(([n]) => n > 0)
      .map(([n, id]) => say(id, { n }));
    if (parts.length === 0) return say('seconds', { n: 0 });
    return join ? join.format(parts) : parts.join(sep);
  };
  const words: GameWords = {
    span,
    countdown(kind, sec, reason) {
      const head = Math.round(sec) <= 0 ? say(`${kind}.now`) : say(`${kind}.in`, { span: span(sec) });
      return reason ? say('withReason', { words: head, reason }) : head;
    },
    cancelled: (kind) => say(`${kind}.cancelled`),
    restartReason: (cause) => say(`reason.${cause}`),
    whitelistKick: () => say('kick.whitelist'),
  };
  cache.set(lang, words);
  return words;
}
