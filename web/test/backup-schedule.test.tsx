// @vitest-environment jsdom
// The backup schedule card with a scripted fetch: an admin edits it; a viewer reads it in words,
// with no editor at all (issue 24: viewers see read-only views, not disabled editors).
import { cleanup, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScheduleCard } from '../src/features/backups/ScheduleCard';
import { SessionContext } from '../src/shared/session';
import type { BackupSchedule } from '../src/types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const schedule: BackupSchedule = {
  enabled: true,
  intervalHours: 6,
  retentionDays: 14,
  keepDailyWeeks: 4,
  keepWeeklyMonths: 0,
  budgetBytes: 2_000_000_000,
  checkIntervalHours: 0,
  checkMaxAgeHours: 48,
};

function renderAs(role: 'admin' | 'viewer') {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url.endsWith('/backups/schedule')
        ? Promise.resolve(new Response(JSON.stringify({ data: schedule }), { headers: { 'content-type': 'application/json' } }))
        : Promise.reject(new TypeError('Failed to fetch')),
    ),
  );
  return renderIntl(
    <SessionContext.Provider value={{ me: { username: 'ann', role }, signOut: () => undefined }}>
      <ScheduleCard />
    </SessionContext.Provider>,
  );
}

describe('the backup schedule card', () => {
  it('a viewer reads the schedule in words, with no editor', async () => {
    const { container } = renderAs('viewer');
    await screen.findByText('every 6 hours');
    expect(screen.getByText('14 days, then one a day for 4 weeks')).toBeTruthy();
    expect(screen.getByText('2,000 MB')).toBeTruthy();
    expect(screen.getByText('when an admin asks; warns past 48 hours')).toBeTruthy();
    expect(container.querySelectorAll('input, select, button, textarea')).toHaveLength(0);
  });

  it('an admin gets the editors and the save button', async () => {
    renderAs('admin');
    const box = await screen.findByLabelText<HTMLInputElement>('Back up on a schedule');
    expect(box.disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Every (hours, 1–12)').value).toBe('6');
    expect(screen.getByRole('button', { name: 'Save schedule' })).toBeTruthy();
  });
});
