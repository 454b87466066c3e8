// @vitest-environment jsdom
// The restore dialog with a scripted fetch in place of the browser's: the dry run's names each
// isolated (<bdi>), so a name holding a right-to-left override cannot turn the list around;
// what is left as it is listed; once confirmed, the restore job followed to its end, its step in
// words while it runs, its failure shown in the dialog, its success handed back.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RestoreDialog } from '../src/features/backups/RestoreDialog';
import type { Backup, DryRun, RestoreJob } from '../src/types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
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

const BACKUP: Backup = {
  id: '20260714T093000Z-manual-1a2b3c',
  trigger: 'manual',
  createdAt: '2026-07-14T09:30:00.000Z',
  sizeBytes: 1000,
  gameVersion: null,
  world: null,
  worldId: null,
  fileCount: 3,
  note: null,
};

const DIFF: DryRun = {
  files: { added: [], removed: ['Players/43797F87000000000000000000000000.sav'], changed: ['Level.sav'], kept: ['backup/', 'notes.txt'] },
  players: {
    gained: [],
    // The second name carries a right-to-left override (U+202E), as a player may type it.
    lost: [
      { id: 'a', name: 'Anna' },
      { id: 'b', name: 'evil\u202Eeman' },
      { id: 'c', name: 'Carl' },
    ],
  },
  pals: { gained: 0, lost: 3, gainedSample: [], lostSample: [] },
  guilds: { gained: [], lost: [] },
};

const job = (over: Partial<RestoreJob>): RestoreJob => ({
  id: 'restore-0a0b0c0d',
  backupId: BACKUP.id,
  state: 'running',
  step: 'reading-backup',
  startedAt: '2026-07-14T10:00:00.000Z',
  finishedAt: null,
  error: null,
  result: null,
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The panel API as the dialog reads it: the dry run, the restore's start, then `polls` in turn. */
function fakeApi(polls: RestoreJob[]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '');
    if (path === `/backups/${BACKUP.id}/restore/dry-run`) return Promise.resolve(json({ data: DIFF }));
    if (path === `/backups/${BACKUP.id}/restore` && init?.method === 'POST') return Promise.resolve(json({ data: job({}) }, 202));
    if (path === `/backups/${BACKUP.id}/restore`) return Promise.resolve(json({ data: polls.length > 1 ? polls.shift() : polls[0] }));
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function confirm() {
  fireEvent.change(screen.getByLabelText('Type RESTORE to confirm'), { target: { value: 'RESTORE' } });
  await act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    return Promise.resolve();
  });
}

describe('the restore dialog', () => {
  it("shows each name isolated, in the list's order, and what is left as it is", async () => {
    fakeApi([]);
    renderIntl(<RestoreDialog backup={BACKUP} onClose={() => undefined} onEnded={() => undefined} />);
    const lost = await screen.findByText(/Players lost:/);
    const names = [...lost.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(names).toEqual(['Anna', 'evil\u202Eeman', 'Carl']);
    // Nothing of a name stands outside its isolate: the separators are plain text between them.
    expect(lost.textContent).toBe('Players lost: Anna, evil\u202Eeman, Carl');
    expect(screen.getByText(/Left as they are:/).textContent).toBe('Left as they are: backup/, notes.txt');
  });

  it('follows the job to its end: its steps in words, then the outcome handed back', async () => {
    const done = job({
      state: 'done',
      step: 're-parsing',
      finishedAt: '2026-07-14T10:00:09.000Z',
      result: { diff: DIFF, preRestoreBackup: '20260714T100000Z-pre-restore-000001', restoredAt: '2026-07-14T10:00:08.000Z', warnings: [] },
    });
    fakeApi([job({ step: 'swapping' }), done]);
    const ended = vi.fn();
    renderIntl(<RestoreDialog backup={BACKUP} onClose={() => undefined} onEnded={ended} pollMs={5} />);
    await screen.findByText(/Players lost:/);
    await confirm();
    await screen.findByText('Putting the backup’s files in place…');
    await vi.waitFor(() => expect(ended).toHaveBeenCalledWith(done));
  });

  it('a dry run that could not read the world shows its words and offers no Restore; compared again, the diff', async () => {
    const words = 'The world is being saved; try again in a few seconds.';
    let asked = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.replace('/api/v1', '') !== `/backups/${BACKUP.id}/restore/dry-run`) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(
          asked++ === 0
            ? new Response(JSON.stringify({ error: { code: 'unavailable', message: words } }), {
                status: 503,
                headers: { 'retry-after': '5' },
              })
            : json({ data: DIFF }),
        );
      }),
    );
    renderIntl(<RestoreDialog backup={BACKUP} onClose={() => undefined} onEnded={() => undefined} />);
    await screen.findByText(new RegExp(words.replace(/[.;]/g, '.')));
    expect(screen.queryByText(/Players lost:/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Type RESTORE to confirm'), { target: { value: 'RESTORE' } });
    expect(screen.getByRole('button', { name: 'Restore' })).toHaveProperty('disabled', true);
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      return Promise.resolve();
    });
    await screen.findByText(/Players lost:/);
    expect(asked).toBe(2);
    fireEvent.change(screen.getByLabelText('Type RESTORE to confirm'), { target: { value: 'RESTORE' } });
    expect(screen.getByRole('button', { name: 'Restore' })).toHaveProperty('disabled', false);
  });

  it('shows a failed job in the dialog, in its own words', async () => {
    const failed = job({
      state: 'failed',
      step: 'checking-game',
      finishedAt: '2026-07-14T10:00:05.000Z',
      error: "The game server may still be running: the game's RCON port accepts connections. Stop it, then restore.",
    });
    fakeApi([failed]);
    const ended = vi.fn();
    renderIntl(<RestoreDialog backup={BACKUP} onClose={() => undefined} onEnded={ended} pollMs={5} />);
    await screen.findByText(/Players lost:/);
    await confirm();
    await screen.findByText(
      /^The restore did not complete: The game server may still be running: the game's RCON port accepts connections/,
    );
    expect(ended).toHaveBeenCalledWith(failed);
    // It can be tried again once the game is stopped.
    expect(screen.getByRole('button', { name: 'Restore' })).toHaveProperty('disabled', false);
  });
});
