// The webhooks' default texts and the status card's words in every language of the web UI
// (issue 41, localisable per issue 39): every kind in every language, the same placeholders as
// English, filled in the server's language, unknown languages falling back to English.
import { describe, expect, it } from 'vitest';
import { CARD_WORDS } from '../../src/actions/status-card-words.js';
import { cardEmbed } from '../../src/actions/status-card-embed.js';
import { renderEvent } from '../../src/actions/webhook-render.js';
import { DEFAULT_TEXTS, defaultTemplate, fillTemplate } from '../../src/lib/webhook-template.js';
import { UI_LANGUAGES } from '../../src/contract/languages.js';

const placeholders = (s: string) => [...s.matchAll(/\{([a-z]+)\}/g)].map((m) => m[1]).sort();

describe('webhook texts per language', () => {
  it('every language of the UI has every kind, none empty, with English placeholders; and the card words', () => {
    const en = DEFAULT_TEXTS.en.templates;
    for (const tag of UI_LANGUAGES) {
      const t = DEFAULT_TEXTS[tag];
      expect(t, tag).toBeDefined();
      expect(Object.keys(t.templates).sort(), tag).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(t.templates)) {
        expect(v.trim(), `${tag} ${k}`).not.toBe('');
        expect(placeholders(v), `${tag} ${k}`).toEqual(placeholders(en[k as keyof typeof en]));
      }
      expect(CARD_WORDS[tag], tag).toBeDefined();
      expect(CARD_WORDS[tag].more(3)).toContain('3');
    }
  });

  it("fills in the server's language; a language not in the table is English", () => {
    const fields = { player: 'Mallory', server: 'Pal Island', players: '3', max: '32' };
    expect(fillTemplate(defaultTemplate('join', 'de'), fields, undefined, 'de')).toBe('Mallory ist Pal Island beigetreten (3/32 online)');
    expect(fillTemplate(defaultTemplate('kick', 'ja'), { player: 'Mallory' }, undefined, 'ja')).toBe(
      'Mallory が サーバー からキックされました：理由なし',
    );
    expect(defaultTemplate('join', 'xx')).toBe(defaultTemplate('join', 'en'));
    const req = renderEvent(
      { format: 'slack', templates: {}, secret: null, language: 'ru' },
      { kind: 'leave', at: '2026-07-14T10:00:00Z', message: 'Mallory left the server', fields },
    );
    expect(JSON.parse(req.body)).toEqual({ text: 'Mallory вышел с Pal Island (3/32 онлайн)' });
    const live = { reachable: false, info: null, metrics: null, players: [], capturedAt: null, lastAttemptAt: '2026-07-14T10:00:00Z' };
    expect(cardEmbed({ live, countdown: null, nextRestartAt: null, lastBackup: null }, 'ko').description).toBe(
      '🔴 오프라인: 게임이 응답하지 않음',
    );
  });
});
