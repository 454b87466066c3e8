// @vitest-environment jsdom
// The pal browser's skill cells: the game's names with the id on hover, an id the panel cannot
// name shown as-is and marked, and "none" for a pal without skills.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skills } from '../src/features/pals/PalBits';
import { renderIntl } from './render-intl';

afterEach(cleanup);

describe('skill cells', () => {
  it('shows names with the id as title, and unknown ids as-is and marked', () => {
    const { container } = renderIntl(
      <Skills
        kind="passive"
        list={[
          { id: 'PAL_CorporateSlave', name: 'Work Slave', known: true },
          { id: 'Brand_New_9', name: 'Brand_New_9', known: false },
        ]}
      />,
    );
    // The id on the element around the name (marked translate="no": the name inside is words).
    expect(screen.getByText('Work Slave').closest('[title]')?.getAttribute('title')).toBe('PAL_CorporateSlave');
    expect(screen.getByText('Brand_New_9').tagName).toBe('CODE');
    expect(screen.getByText('(unknown)')).toBeTruthy();
    expect(container.textContent).toBe('Work Slave, Brand_New_9 (unknown)');
  });

  it('says none for a pal without skills', () => {
    const { container } = renderIntl(<Skills list={[]} kind="active" />);
    expect(container.textContent).toBe('none');
  });
});
