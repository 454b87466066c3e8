// @vitest-environment jsdom
// The pal screens' words in other languages, from the real catalogs: the count of pals with the
// plural forms a language has (Russian one/few/many), condenser stars in words, skill lists
// joined as the language joins them, and the English exactly as it read before the catalogs.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skills, Stars } from '../src/features/pals/PalBits';
import { PalResults } from '../src/features/pals/PalResults';
import type { PalPages } from '../src/features/pals/use-pal-pages';
import { renderIntl } from './render-intl';

afterEach(cleanup);

/** A page of `shown` pals out of `total`, as the explorer's hook gives it. */
function pages(total: number, shown: number): PalPages {
  const pal = (i: number) =>
    ({
      instanceId: `p${i}`,
      characterId: 'SheepBall',
      displayName: 'Lamball',
      level: 1,
      isAlpha: false,
      isLucky: false,
      stars: 0,
      talents: { hp: 1, melee: 0, shot: 2, defense: 3 },
      passiveSkills: [],
      equippedSkills: [],
      placement: 'box',
      unknownReason: null,
      ownerName: 'Ann',
      ownerUid: '',
      ownerResolved: false,
    }) as unknown as PalPages['rows'] extends (infer R)[] | null ? R : never;
  const none = () => undefined;
  return {
    rows: Array.from({ length: shown }, (_, i) => pal(i)),
    total,
    page: 0,
    error: null,
    loading: false,
    hasNext: total > shown,
    next: none,
    prev: none,
    reload: none,
  };
}

const countOf = (total: number, shown: number, language?: string) => {
  renderIntl(
    <PalResults list={pages(total, shown)} filtered={false} clearAll={() => undefined} sort="level" order="desc" open={() => undefined} />,
    {
      language,
    },
  );
  const text = screen.getByRole('status').textContent;
  cleanup();
  return text;
};

describe('the pal count', () => {
  it('reads in English as before: singular for one, grouped thousands, the range shown', () => {
    expect(countOf(1, 1)).toBe('1 pal');
    expect(countOf(3, 3)).toBe('3 pals');
    expect(countOf(2150, 2)).toBe('2,150 pals · showing 1–2');
  });

  it('takes the Russian forms for one, few and many', () => {
    expect(countOf(21, 21, 'ru')).toBe('21 Пал');
    expect(countOf(22, 22, 'ru')).toBe('22 Пала');
    expect(countOf(25, 25, 'ru')).toBe('25 Палов');
  });

  it('has one form in Japanese, and German groups thousands with a dot', () => {
    expect(countOf(3, 3, 'ja')).toBe('パル 3 体');
    expect(countOf(2150, 2, 'de')).toBe('2.150 Pals · zeige 1–2');
  });
});

describe('pal words', () => {
  it('says condenser stars in words, none as not condensed', () => {
    const { container } = renderIntl(<Stars n={3} />, { language: 'ru' });
    expect(container.querySelector('.sr-only')?.textContent).toBe('3 звезды конденсации');
    cleanup();
    renderIntl(<Stars n={0} />);
    expect(screen.getByText('not condensed')).toBeTruthy();
  });

  it('joins skills as the language does', () => {
    const list = [
      { id: 'A', name: 'Fire Ball', known: true },
      { id: 'B', name: 'Sand Tornado', known: true },
    ];
    const { container } = renderIntl(<Skills list={list} kind="active" />, { language: 'ja' });
    expect(container.textContent).toBe('Fire Ball、Sand Tornado');
  });
});
