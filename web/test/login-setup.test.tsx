// @vitest-environment jsdom
// The login page of a fresh install says how to make the first admin (GET /auth/setup says no
// user exists); once one exists it says nothing of it.
import { cleanup, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Login } from '../src/features/auth/Login';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(usersExist: boolean) {
  const fetch = vi.fn((url: string) =>
    url === '/api/v1/auth/setup'
      ? Promise.resolve(new Response(JSON.stringify({ data: { usersExist } }), { status: 200 }))
      : Promise.reject(new TypeError('Failed to fetch')),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the login page', () => {
  it('no user yet: names the users add command', async () => {
    const fetch = answer(false);
    renderIntl(<Login onSignedIn={() => {}} />);
    const note = await screen.findByRole('status');
    expect(note.textContent).toContain('No panel user exists yet');
    expect(note.textContent).toContain('palpanel users add <name> --role admin');
    expect(fetch).toHaveBeenCalledWith('/api/v1/auth/setup', expect.anything());
  });

  it('a user exists: no such note', async () => {
    const fetch = answer(true);
    renderIntl(<Login onSignedIn={() => {}} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
