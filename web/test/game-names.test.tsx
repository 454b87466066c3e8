// @vitest-environment jsdom
// useGameName over the real api.ts and I18nProvider, the browser's fetch answering the names
// route with the tables the server sends (src/save/world/game-names.ts): the English given by
// the API shows until the language's tables arrive, then the language's name; each language is
// asked once however many components name things; an English UI asks nothing when the API gave
// the English. The fallback order: the language's name, the English given, the English table,
// a readable id; never empty.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../src/i18n/I18nProvider';
import { pickName, readableId, useGameName, type NameKind } from '../src/i18n/game-names';
import { namesIn } from '../../src/save/world/game-names';
import { NAME_LANGUAGES, type NameLanguage } from '../../src/contract/panel/names';
import { LANGUAGES } from '../src/i18n/languages';

const tables = (language: NameLanguage) => ({ language, ...namesIn(language) });

let calls: string[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const m = /^\/api\/v1\/names\/([\w-]+)$/.exec(url);
      if (!m) return Promise.reject(new TypeError('Failed to fetch'));
      const body = JSON.stringify({ data: tables(m[1] as NameLanguage) });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Named({ kind, id, english }: { kind: NameKind; id: string; english?: string }) {
  const name = useGameName();
  return <li>{name(kind, id, english)}</li>;
}

function inLanguage(languages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages });
}

describe('useGameName', () => {
  it('in an English UI shows the English the API gave and asks for no tables', async () => {
    inLanguage(['en-GB']);
    render(
      <I18nProvider>
        <ul>
          <Named kind="species" id="BOSS_Anubis" english="Anubis" />
          <Named kind="passive" id="PAL_CorporateSlave" english="Work Slave" />
        </ul>
      </I18nProvider>,
    );
    expect(await screen.findByText('Anubis')).toBeTruthy();
    expect(screen.getByText('Work Slave')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((u) => u.startsWith('/api/v1/names'))).toEqual([]);
  });

  it('in an English UI reads the English tables only for a name the API did not give, and keeps the API’s own', async () => {
    inLanguage(['en-US']);
    render(
      <I18nProvider>
        <ul>
          <Named kind="element" id="Leaf" />
          <Named kind="species" id="Male_People03" english="Human: Villager" />
        </ul>
      </I18nProvider>,
    );
    // The game's English word for the element (not the id's "Leaf"), once the tables arrive.
    expect(await screen.findByText('Grass')).toBeTruthy();
    expect(screen.getByText('Human: Villager')).toBeTruthy();
    expect(calls).toEqual(['/api/v1/names/en']);
  });

  it('in a Japanese UI shows English first, then the Japanese names, asking for the tables once', async () => {
    inLanguage(['ja-JP', 'en']);
    render(
      <I18nProvider>
        <ul>
          <Named kind="species" id="BOSS_Anubis" english="Anubis" />
          <Named kind="species" id="SheepBall" english="Lamball" />
          <Named kind="element" id="Fire" />
          <Named kind="work" id="EmitFlame" english="Kindling" />
          <Named kind="active" id="EPalWazaID::NoSuchSkill" english="No Such Skill" />
        </ul>
      </I18nProvider>,
    );
    expect(await screen.findByText('アヌビス')).toBeTruthy();
    expect(screen.getByText('モコロン')).toBeTruthy();
    expect(screen.getByText('炎属性')).toBeTruthy();
    expect(screen.getByText('火起こし')).toBeTruthy();
    // A skill no table names keeps the English the API gave.
    expect(screen.getByText('No Such Skill')).toBeTruthy();
    expect(calls).toEqual(['/api/v1/names/ja']);
  });
});

describe('the languages', () => {
  it('the name tables come in every language of the UI, and only those', () => {
    expect([...NAME_LANGUAGES].sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });
});

describe('the fallback order', () => {
  const ja = tables('ja');
  const en = tables('en');
  it("the language's name, the English given, the English table, a readable id; never empty", () => {
    expect(pickName(ja, en, 'species', 'BOSS_Anubis', 'Anubis')).toBe('アヌビス');
    // The Japanese tables (the project's own skills) lack this passive: the API's English, else the English table.
    expect(pickName(ja, en, 'passive', 'Witch', 'Siren (API)')).toBe('Siren (API)');
    expect(pickName(ja, en, 'passive', 'Witch')).toBe('Siren of the Void');
    expect(pickName(ja, undefined, 'passive', 'Witch', '  ')).toBe('Witch');
    expect(pickName(undefined, undefined, 'active', 'EPalWazaID::SeedMachinegun_Unique')).toBe('Seed Machinegun Unique');
    expect(pickName(ja, en, 'item', 'PalSphere', 'Pal Sphere')).toBe('Pal Sphere');
    expect(pickName(ja, en, 'item', 'PalSphere')).toBe('Pal Sphere');
    for (const id of ['', '_', '::', 'x']) expect(pickName(ja, en, 'species', id).trim()).not.toBe('');
    expect(readableId('EPalWazaID::FireBall')).toBe('Fire Ball');
  });
});
