// Texts of the join and leave events the REST poller emits (its two system texts are in
// domain/event-texts.ts with the others). The spec allows "sanitized lines naming the player"
// for joins and leaves: a player name is
// chosen by the player, so it is stripped of anything that could forge a second log line or
// reorder the text on screen, and bounded.
import { UNSAFE_CHARS } from '../lib/text.js';
import type { ServerMessage } from '../contract/messages/index.js';
import { say } from '../domain/server-text.js';

export const MAX_NAME_CHARS = 64;
const FALLBACK_NAME = 'A player';

/**
 * Removes C0/C1 control characters (line breaks included), Unicode line/paragraph separators
 * and bidirectional controls, collapses whitespace, and keeps at most 64 code points.
 */
export function sanitizeName(name: string): string {
  const cleaned = name.replace(UNSAFE_CHARS, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  const bounded = chars.length > MAX_NAME_CHARS ? chars.slice(0, MAX_NAME_CHARS).join('').trimEnd() : cleaned;
  return bounded === '' ? FALLBACK_NAME : bounded;
}

export function joinMessage(name: string): Required<ServerMessage> {
  return say('event.join', { player: sanitizeName(name) });
}

export function leaveMessage(name: string): Required<ServerMessage> {
  return say('event.leave', { player: sanitizeName(name) });
}
