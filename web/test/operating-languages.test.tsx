// @vitest-environment jsdom
// The operating screens in another language: counts take each language's plural forms (Russian
// one/few/many, Japanese none), the heatmap's weekdays come from Intl in the UI's language, and
// a restore's diff, the off-site copy and the ask-first dialog of the console read translated.
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderIntl } from './render-intl';
import { BackupCopyCell } from '../src/features/backups/BackupCopy';
import { DiffView } from '../src/features/backups/RestoreDialog';
import { Heatmap } from '../src/features/activity/Heatmap';
import { ConfirmCommand } from '../src/features/console/ConfirmCommand';
import { consoleDanger } from '../../src/contract/console-danger';
import type { BackupCopy, DryRun } from '../src/types';

afterEach(cleanup);
// jsdom has no modal dialogs: showModal and close just set `open`.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterAll(() => {
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
});

const failed = (attempts: number): BackupCopy => ({
  state: 'failed',
  attempts,
  lastAttemptAt: '2026-07-14T09:31:00.000Z',
  lastExitCode: 1,
  lastDurationMs: 2_400,
  lastOutput: '',
  nextAttemptAt: null,
  copiedAt: null,
});

const week = (busy: [number, number]) =>
  Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => (d === busy[0] && h === busy[1] ? 3 : 0)));

describe('the operating screens in other languages', () => {
  it.each([
    [1, '1 попытка'],
    [3, '3 попытки'],
    [5, '5 попыток'],
  ])('counts %i attempts of an off-site copy with the Russian plural', (n, words) => {
    renderIntl(<BackupCopyCell copy={failed(n)} detail />, { language: 'ru' });
    expect(screen.getByText(new RegExp(`${words}; последняя`))).toBeTruthy();
    expect(screen.getAllByText('ошибка').length).toBeGreaterThan(0);
  });

  it('names the busiest hour with the weekday Intl writes in Japanese, and the zone', () => {
    renderIntl(<Heatmap hours={week([2, 21])} zone="UTC" />, { language: 'ja' });
    const figure = screen.getByRole('img');
    expect(figure.getAttribute('aria-label')).toBe('曜日と時間ごとのプレイ時間 (UTC)。最多: 水 21:00、3時間。');
    // The row labels run Monday to Sunday in the language's own short forms.
    expect([...document.querySelectorAll('g > text')].map((t) => t.textContent)).toEqual(['月', '火', '水', '木', '金', '土', '日']);
  });

  it("reads a restore's diff in German, names isolated as before", () => {
    const d: DryRun = {
      files: { added: ['a'], removed: [], changed: ['b', 'c'], kept: [] },
      players: { gained: [], lost: [{ id: 'p1', name: 'Ann' }] },
      guilds: { gained: [], lost: [] },
      pals: { gained: 4, lost: 2 },
    } as unknown as DryRun;
    const { container } = renderIntl(<DiffView d={d} />, { language: 'de' });
    expect(container.textContent).toContain('Dateien: 2 geändert, 1 hinzugefügt, 0 entfernt');
    expect(container.textContent).toContain('Spieler weg: Ann');
    expect(container.querySelector('.gained')!.textContent).toBe('+4');
    expect(container.querySelector('.lost span.lost, li > span.lost')!.textContent).toBe('−2');
  });

  it("says why a console command asks first in the UI's language", () => {
    const why = consoleDanger('KickPlayer all')!;
    renderIntl(
      <ConfirmCommand
        asked={{ command: 'KickPlayer all', why }}
        busy={false}
        error={null}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
      {
        language: 'fr',
      },
    );
    expect(screen.getByText('KickPlayer avec cet argument agit sur tous les joueurs.')).toBeTruthy();
    expect(screen.getByText('Exécuter cette commande ?')).toBeTruthy();
  });
});
