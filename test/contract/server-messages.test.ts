// The server's message ids (issue 39): the `server` catalog's English is the server's own
// templates, entry for entry; every event kind's messages, every audit action, every diagnostic
// state and advice and every panel error code has an id there; and each language's entries name
// the same placeholders as the English the server fills.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { SERVER_MESSAGES } from '../../src/contract/messages/index.js';
import { EVENT_MESSAGES } from '../../src/contract/messages/events.js';
import { DIAGNOSTIC_MESSAGES } from '../../src/contract/messages/diagnostics.js';
import { AUDIT_ACTIONS } from '../../src/contract/audit-words.js';
import { ERROR_CODES } from '../../src/contract/integration-rows.js';
import { EVENT_KINDS } from '../../src/contract/vocabulary.js';
import { UI_LANGUAGES } from '../../src/contract/languages.js';
import { say } from '../../src/domain/server-text.js';
import { BACKUP_COPY_FAILED } from '../../src/domain/event-texts.js';
import { isPublicEvent, isWebhookEvent } from '../../src/store/events.js';

const catalog = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/catalogs/server/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** The placeholder names of an ICU message, nested ones included. */
function names(els: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of els) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    out.add(e.value);
    if (e.type === TYPE.select || e.type === TYPE.plural) for (const o of Object.values(e.options)) names(o.value, out);
  }
  return out;
}
const placeholders = (m: string) => [...names(parse(m))].sort();

describe('the server catalog', () => {
  const en = catalog('en');

  it('English is the server’s templates, every id and nothing else', () => {
    expect(en).toEqual(Object.fromEntries(Object.entries(SERVER_MESSAGES).map(([id, t]) => [`server.${id}`, t])));
  });

  it('every event kind, audit action, diagnostic and panel error code has its ids', () => {
    const ids = Object.keys(SERVER_MESSAGES);
    // Event kinds: each written kind has messages (audit's are the audit actions').
    const kindOf: Record<string, string> = { moderation: 'event.moderation.', crash: 'event.crash', restart: 'event.restart.' };
    for (const kind of EVENT_KINDS) {
      const prefix = kind === 'audit' ? 'audit.' : (kindOf[kind] ?? `event.${kind}`);
      expect(
        ids.some((id) => id.startsWith(prefix)),
        kind,
      ).toBe(true);
    }
    for (const a of AUDIT_ACTIONS) expect(en[`server.audit.${a}`], a).toBeTruthy();
    for (const code of ERROR_CODES) expect(en[`server.error.${code}`], code).toBeTruthy();
    for (const id of Object.keys(DIAGNOSTIC_MESSAGES)) expect(en[`server.${id}`], id).toBeTruthy();
  });

  it('the params the server sends are the placeholders of its English', () => {
    // One real message of each event id: the server fills exactly the template's names.
    const sample: Record<string, Record<string, string | number>> = {};
    for (const id of Object.keys(EVENT_MESSAGES)) {
      const p = Object.fromEntries(placeholders(SERVER_MESSAGES[id]).map((n) => [n, n === 'attempt' ? 2 : 'x']));
      sample[id] = p;
      expect(Object.keys(say(id, p).params).sort(), id).toEqual(placeholders(SERVER_MESSAGES[id]));
    }
  });

  it('the event texts other rules know by their words are the templates', () => {
    // The store decides what reaches key holders and webhooks by an event's words (store/events.ts).
    const failed = say('event.backup.copyFailed.givenUp', { id: 'b1', attempt: 3, cut: 'exit', code: '1', nextAt: '' }).message;
    expect(failed.startsWith(`${BACKUP_COPY_FAILED}: `)).toBe(true);
    expect(isWebhookEvent('backup', failed)).toBe(true);
    expect(isPublicEvent('backup', say('event.backup.completed').message)).toBe(true);
    for (const id of ['event.system.reachable', 'event.system.unreachable', 'event.system.driftDetected', 'event.system.driftResolved'])
      expect(isPublicEvent('system', say(id).message), id).toBe(true);
    expect(isWebhookEvent('system', say('event.system.passwordRefused').message)).toBe(true);
  });

  it('every language: every id there, none empty, each with the English placeholders', () => {
    for (const lang of UI_LANGUAGES) {
      const c = catalog(lang);
      for (const id of Object.keys(SERVER_MESSAGES)) expect(c[`server.${id}`]?.trim(), `${lang} ${id}`).toBeTruthy();
      for (const [key, m] of Object.entries(c)) {
        expect(en[key], `${lang}: ${key} is not an English id`).toBeDefined();
        expect(placeholders(m), `${lang} ${key}`).toEqual(placeholders(en[key]));
      }
    }
  });
});
