// @vitest-environment jsdom
// The configuration screen's groups (issue 38): the settings fold into the groups GET /config
// names, each with its count; a search by readable name, raw key or explanation shows the matches
// under their group's heading; a value out of range or not a number is said beside its field
// and keeps "Save settings" disabled, with the reason in the save bar too, until it is fixed.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Config } from '../src/features/config/Config';
import { SessionContext } from '../src/shared/session';
import type { ConfigData } from '../src/types';
import { setting } from './config-setting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONFIG: ConfigData = {
  format: 'ini',
  file: 'PalWorldSettings.ini',
  service: null,
  version: 'v1',
  apply: { target: 'ini', command: null, words: 'Restart the game.' },
  effectiveFrom: 'not_configured',
  worldOption: null,
  groups: [
    { id: 'server', title: 'Server and access', about: 'Who may join.' },
    { id: 'rates', title: 'Rates', about: 'Multipliers.' },
    { id: 'network', title: 'Network, REST and RCON', about: 'Ports.' },
  ],
  settings: [
    setting({}),
    setting({ key: 'PalCaptureRate', name: 'Capture chance', description: 'Chance to capture a Pal.', min: 0.5, max: 2 }),
    setting({
      key: 'ServerPlayerMaxNum',
      name: 'Players at most',
      group: 'server',
      type: 'int',
      value: 32,
      min: 1,
      max: 32,
      description: 'Players on the server at most.',
    }),
    setting({
      key: 'RESTAPIPort',
      name: 'REST API port',
      group: 'network',
      type: 'int',
      value: 8212,
      min: 1,
      max: 65535,
      description: 'REST API port.',
    }),
    setting({
      key: 'MyModKey',
      name: null,
      group: null,
      known: false,
      type: 'text',
      value: '3',
      min: null,
      max: null,
      default: null,
      description: null,
    }),
  ],
};

function renderAdmin() {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '');
    if (path === '/config/raw') return Promise.resolve(new Response(JSON.stringify({ data: { text: '' } })));
    if (path === '/config' && (init?.method ?? 'GET') === 'GET') return Promise.resolve(new Response(JSON.stringify({ data: CONFIG })));
    return Promise.reject(new TypeError('not here'));
  });
  vi.stubGlobal('fetch', fetch);
  renderIntl(
    <SessionContext.Provider value={{ me: { username: 'ann', role: 'admin' }, signOut: () => undefined }}>
      <Config />
    </SessionContext.Provider>,
  );
  return fetch;
}

const summaries = () => [...document.querySelectorAll('summary')].map((s) => s.textContent);

describe('the settings editor in groups', () => {
  it('folds the settings into their groups with counts; unknown keys last, open', async () => {
    renderAdmin();
    await screen.findByText('Other keys in the file');
    expect(summaries()).toEqual([
      'Server and access1 setting',
      'Rates2 settings',
      'Network, REST and RCON1 setting',
      'Other keys in the file1 setting',
    ]);
    // Folded: a group's settings are not drawn until it is opened.
    expect(screen.queryByText('ExpRate')).toBeNull();
    fireEvent.click(screen.getByText('Rates'));
    const exp = await screen.findByLabelText(/^Experience\s*ExpRate/);
    expect(exp.tagName).toBe('INPUT');
    expect(screen.getByText(/Chance to capture a Pal\./)).toBeTruthy();
  });

  it('finds a setting by its readable name, its raw key or the words that explain it', async () => {
    renderAdmin();
    await screen.findByText('Other keys in the file');
    const search = screen.getByLabelText('Search settings');
    fireEvent.change(search, { target: { value: 'capture' } });
    expect(screen.getByRole('heading', { name: /^Rates/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Capture chance\s*PalCaptureRate/)).toBeTruthy();
    expect(screen.queryByText('ExpRate')).toBeNull();
    fireEvent.change(search, { target: { value: 'restapiport' } });
    expect(screen.getByLabelText(/^REST API port\s*RESTAPIPort/)).toBeTruthy();
    expect([...document.querySelectorAll('.setting-group h2')].map((h) => h.textContent)).toEqual(['Network, REST and RCON 1']);
    fireEvent.change(search, { target: { value: 'on the server at most' } });
    expect(screen.getByLabelText(/^Players at most/)).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText(/No setting matches “zzz”/)).toBeTruthy();
  });

  it('keeps Save disabled while a value is out of range or not a number, the reason beside the field', async () => {
    renderAdmin();
    await screen.findByText('Other keys in the file');
    fireEvent.click(screen.getByText('Rates'));
    const exp = await screen.findByLabelText(/^Experience/);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save settings' });
    fireEvent.change(exp, { target: { value: '50' } });
    const field = exp.closest('.setting')!;
    expect(within(field as HTMLElement).getByText('Out of range: 0.1 to 20.')).toBeTruthy();
    expect(exp.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
    expect(screen.getByText(/Nothing can be saved until this value is fixed: Experience \(Out of range: 0\.1 to 20\.\)/)).toBeTruthy();
    fireEvent.change(exp, { target: { value: '' } });
    expect(within(field as HTMLElement).getByText('A number is needed.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await act(() => {
      fireEvent.change(exp, { target: { value: '2' } });
      return Promise.resolve();
    });
    expect(save.disabled).toBe(false);
    expect(exp.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/Nothing can be saved/)).toBeNull();
  });
});
