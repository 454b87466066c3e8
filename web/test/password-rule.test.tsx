// @vitest-environment jsdom
// The password rule in one place (lib/account): the form for a new user says the text the server
// enforces, and the browser's own check uses the same number the store refuses below.
import { cleanup, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE } from '../../src/contract/account-words.js';
import { validatePassword } from '../../src/store/users';
import { UsersCard } from '../src/features/settings/UsersCard';
import { SessionContext } from '../src/shared/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the password rule', () => {
  it('is said on the form as the server enforces it, with the same minimum', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 }))),
    );
    renderIntl(
      <SessionContext.Provider value={{ me: { username: 'ann', role: 'admin' }, signOut: () => undefined }}>
        <UsersCard />
      </SessionContext.Provider>,
    );
    const field = await screen.findByLabelText('Password');
    expect(field.getAttribute('minlength')).toBe(String(PASSWORD_MIN_LENGTH));
    const hint = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(`${PASSWORD_RULE} palpanel checks it when the user is saved.`);
    expect(PASSWORD_RULE).toContain(`At least ${PASSWORD_MIN_LENGTH} characters`);
    // No other number of characters anywhere on the card.
    expect(document.body.textContent.match(/\d+ characters/g)).toEqual([`${PASSWORD_MIN_LENGTH} characters`]);
  });

  it('is the store’s: one character short is refused, the minimum accepted', () => {
    const short = 'harbor-lantern-quiet'.slice(0, PASSWORD_MIN_LENGTH - 1);
    const enough = 'harbor-lantern-quiet'.slice(0, PASSWORD_MIN_LENGTH);
    expect(() => validatePassword(short, 'ann')).toThrow(`use at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(validatePassword(enough, 'ann')).toBe(enough);
  });
});
