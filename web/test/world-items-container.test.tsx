// @vitest-environment jsdom
// A container block of the world-item screens in two languages: its kind, food state, slot words
// and rarity from the worldItems catalog, the item's name as the API gave it (useGameName's
// fallback), and a stack beyond its limit flagged.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContainerBlock } from '../src/features/items/containers';
import type { ContainerRow } from '../src/features/items/world-api';
import { renderIntl } from './render-intl';

afterEach(cleanup);

const FOOD_BOX: ContainerRow = {
  kind: 'foodBox',
  id: 'c1',
  owner: { kind: 'base', id: 'b1', name: 'Guild' },
  object: 'PalFoodBox',
  total: 120,
  capacity: 10,
  food: 'low',
  slots: [
    {
      slot: 0,
      itemId: 'Berries',
      name: 'Red Berries',
      count: 120,
      group: 'Food',
      type: null,
      rarity: 0,
      stackLimit: 100,
      overStack: true,
    },
  ],
};

describe('a container block', () => {
  it('in English: kind, food state, slots, the item and its flag', () => {
    const { container } = renderIntl(<ContainerBlock c={FOOD_BOX} />);
    expect(screen.getByRole('region', { name: 'Food box' })).toBeTruthy();
    expect(screen.getByText('food low')).toBeTruthy();
    expect(container.textContent).toContain('120 items · 1 of 10 slots');
    expect(screen.getByText('over the stack limit')).toBeTruthy();
    expect(screen.getByText('Red Berries')).toBeTruthy();
    expect(screen.getByText('common')).toBeTruthy();
  });

  it('in German: the same container in the catalog’s words', () => {
    const { container } = renderIntl(<ContainerBlock c={FOOD_BOX} />, { language: 'de' });
    expect(screen.getByRole('region', { name: 'Futterkiste' })).toBeTruthy();
    expect(screen.getByText('Futter knapp')).toBeTruthy();
    expect(container.textContent).toContain('120 Gegenstände · 1 von 10 Plätzen');
    expect(screen.getByText('über dem Stapellimit')).toBeTruthy();
    expect(screen.getByText('gewöhnlich')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Seltenheit/ })).toBeTruthy();
  });
});
