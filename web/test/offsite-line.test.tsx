// @vitest-environment jsdom
// The backups screen's line on the off-site copies, in each state it is drawn in: not set up, a
// good check, a damaged copy in words, the newest good copy past its bound, and an admin's "check
// now" sent to the API (a viewer has no such button).
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OffsiteLine } from '../src/features/backups/OffsiteLine';
import { SessionContext } from '../src/shared/session';
import type { BackupStorage, Me } from '../src/types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Offsite = BackupStorage['offsite'];
const NOW = Date.parse('2026-07-14T12:00:00.000Z');
const OK: Offsite = {
  configured: true,
  running: false,
  last: {
    at: '2026-07-14T11:00:00.000Z',
    backupId: '20260714T093000Z-scheduled-1a2b3c',
    backupCreatedAt: '2026-07-14T09:30:00.000Z',
    outcome: 'ok',
    detail: 'The copy came back whole.',
  },
  newestGoodAt: '2026-07-14T09:30:00.000Z',
  stale: false,
};

function draw(offsite: Offsite, role: Me['role'] = 'admin', onChecked = () => undefined) {
  const me = { username: 'ann', role };
  return renderIntl(
    <SessionContext.Provider value={{ me, signOut: () => undefined }}>
      <OffsiteLine offsite={offsite} now={NOW} onChecked={onChecked} />
    </SessionContext.Provider>,
  );
}

describe('the off-site line of the backups screen', () => {
  it('says when checks are not set up, and offers no button', () => {
    draw({ configured: false, running: false, last: null, newestGoodAt: null, stale: false });
    expect(screen.getByText(/Off-site copies are not checked \(SERVICE_BACKUP_CHECK_COMMAND is not set\)/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a good check, then a damaged copy in words, then a stale newest good copy', () => {
    draw(OK);
    expect(screen.getByText(/came back whole \(checked/)).toBeTruthy();
    cleanup();
    const bad = {
      ...OK,
      last: { ...OK.last!, outcome: 'corrupt' as const, detail: 'The copy came back damaged: Level.sav does not match.' },
    };
    draw({ ...bad, stale: true });
    expect(screen.getByText(/came back damaged \(checked .*\)\. The copy came back damaged: Level\.sav does not match\./)).toBeTruthy();
    expect(screen.getByText(/The newest good off-site copy is of .*: older than the schedule allows\./)).toBeTruthy();
  });

  it("an admin's check is sent, and the screen reads storage again; a viewer has no button", async () => {
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      url.endsWith('/backups/check') && init?.method === 'POST'
        ? Promise.resolve(new Response(JSON.stringify({ data: { ...OK, running: true } }), { status: 202 }))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetch);
    const onChecked = vi.fn();
    draw(OK, 'admin', onChecked);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check the off-site copy now' }));
      await Promise.resolve();
    });
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/api\/v1\/backups\/check$/), expect.objectContaining({ method: 'POST' }));
    await vi.waitFor(() => expect(onChecked).toHaveBeenCalled());
    cleanup();
    draw(OK, 'viewer');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
