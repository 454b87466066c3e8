// @vitest-environment jsdom
// The configuration screen with a scripted fetch (issue 27): a save names the version it read
// (If-Match); when someone else changed the file meanwhile (412) it says so and reads the file
// again, the edit kept; a setting the game runs with another value says both; "How to apply"
// shows the words for the file's kind as an instruction, without asking the API for its 501.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Config } from '../src/features/config/Config';
import { SessionContext } from '../src/shared/session';
import type { ConfigData, ConfigSetting } from '../src/types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setting = (over: Partial<ConfigSetting>): ConfigSetting => ({
  key: 'PLAYERS',
  value: 16,
  known: true,
  type: 'int',
  default: '32',
  min: 1,
  max: 32,
  values: null,
  description: 'Players on the server at most.',
  name: null,
  group: null,
  secret: false,
  isSet: null,
  locked: null,
  effective: 16,
  worldOption: null,
  ...over,
});

const config = (version: string, players: number): ConfigData => ({
  format: 'compose',
  file: 'compose.yaml',
  service: 'palworld',
  version,
  apply: {
    target: 'compose',
    command: 'docker compose up -d palworld',
    words: 'Run `docker compose up -d palworld` in the compose file’s folder. `docker compose restart` is not enough.',
  },
  effectiveFrom: 'game',
  worldOption: null,
  groups: [],
  settings: [
    setting({ value: players, effective: 16 }),
    setting({ key: 'EXP_RATE', type: 'float', value: 2, effective: 1, min: 0.1, max: 20, default: '1.000000', description: 'Experience.' }),
    setting({
      key: 'TZ',
      type: 'text',
      known: false,
      value: 'UTC',
      effective: null,
      min: null,
      max: null,
      default: null,
      description: null,
    }),
  ],
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The panel API as the screen reads it: GET /config answers `versions` in turn; PUT answers 412
 * while the version it names is not the newest. */
function fakeApi(versions: ConfigData[]) {
  let current = 0;
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace('/api/v1', '');
    if (path === '/config' && (init?.method ?? 'GET') === 'GET') {
      const v = versions[Math.min(current, versions.length - 1)];
      return Promise.resolve(json({ data: v }));
    }
    if (path === '/config/raw') return Promise.resolve(json({ data: { text: 'services: {}' } }));
    if (path === '/config' && init?.method === 'PUT') {
      const ifMatch = (init.headers as Record<string, string>)['if-match'];
      if (ifMatch !== `"${versions[versions.length - 1].version}"`)
        return Promise.resolve(
          json({ error: { code: 'precondition_failed', message: 'The settings file has changed since you read it.' } }, 412),
        );
      return Promise.resolve(
        json({ data: { ...versions[versions.length - 1], changed: Object.keys(JSON.parse(init.body as string) as object) } }),
      );
    }
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, changeOnDisk: () => (current = versions.length - 1) };
}

function renderAs(role: 'admin' | 'viewer') {
  return renderIntl(
    <SessionContext.Provider value={{ me: { username: 'ann', role }, signOut: () => undefined }}>
      <Config />
    </SessionContext.Provider>,
  );
}

const putCalls = (fetch: ReturnType<typeof fakeApi>['fetch']) => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('the configuration screen', () => {
  it('saves with If-Match; on 412 says someone else changed the file and reads it again, the edit kept', async () => {
    // Bob opened the screen on version v1; Alice then saved v2 (PLAYERS 20).
    const api = fakeApi([config('v1', 16), config('v2', 20)]);
    renderAs('admin');
    const players = await screen.findByLabelText(/^PLAYERS/);
    api.changeOnDisk();
    fireEvent.change(players, { target: { value: '24' } });
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
      return Promise.resolve();
    });
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Someone else changed the settings file since you opened it, so nothing was saved/,
    );
    const [first] = putCalls(api.fetch);
    expect((first[1]!.headers as Record<string, string>)['if-match']).toBe('"v1"');
    // Read again: the file's new value is there, the edit still in the field.
    await vi.waitFor(() => expect(screen.getByText(/Changing 1: PLAYERS 20 → 24/)).toBeTruthy());
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
      return Promise.resolve();
    });
    await screen.findByText('Saved: PLAYERS.');
    expect((putCalls(api.fetch)[1][1]!.headers as Record<string, string>)['if-match']).toBe('"v2"');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the value the game runs with beside the file’s when they differ, and nothing when they agree', async () => {
    fakeApi([config('v1', 16)]);
    renderAs('viewer');
    await screen.findByText('EXP_RATE');
    expect(screen.getByText(/The game runs with 1; the file says 2: applies at the next start\./)).toBeTruthy();
    expect(screen.getByText('1 setting differs from what the game runs with: the file’s value applies at the next start.')).toBeTruthy();
    expect(screen.queryByText(/The game runs with 16/)).toBeNull();
    expect(screen.queryByText(/The game runs with .*UTC/)).toBeNull();
  });

  it('"How to apply" shows the words for the file as an instruction, asking the API nothing', async () => {
    const api = fakeApi([config('v1', 16)]);
    renderAs('admin');
    await screen.findByLabelText(/^PLAYERS/);
    fireEvent.click(screen.getByRole('button', { name: 'How to apply' }));
    const note = screen.getByText(/How to apply:/).closest('[role="status"]')!;
    expect(note.textContent).toBe(
      'How to apply: Run docker compose up -d palworld in the compose file’s folder. docker compose restart is not enough.',
    );
    expect([...note.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
      'docker compose up -d palworld',
      'docker compose restart',
    ]);
    expect(note.className).not.toMatch(/error/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.fetch.mock.calls.some(([url]) => String(url).endsWith('/config/apply'))).toBe(false);
  });

  it('shows a viewer the values as text, with no editor (disabled or not) and no save bar', async () => {
    const api = fakeApi([config('v1', 16)]);
    const { container } = renderAs('viewer');
    await screen.findByText('EXP_RATE');
    const settings = container.querySelector('.settings')!;
    expect(settings.querySelectorAll('input, select, textarea')).toHaveLength(0);
    const row = screen.getByText('EXP_RATE').closest('.setting')!;
    expect(row.querySelector('.setting-value')!.textContent).toBe('2');
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'How to apply' })).toBeNull();
    // A viewer is never sent to the admin-only raw file.
    expect(api.fetch.mock.calls.some(([url]) => String(url).endsWith('/config/raw'))).toBe(false);
  });

  it('keeps an editor for an admin, and shows a value palpanel does not rewrite as text with the reason', async () => {
    fakeApi([
      {
        ...config('v1', 16),
        settings: [
          ...config('v1', 16).settings,
          setting({ key: 'SERVER_NAME', type: 'string', value: '${NAME}', locked: 'is a variable' }),
        ],
      },
    ]);
    renderAs('admin');
    expect((await screen.findByLabelText(/^PLAYERS/)).tagName).toBe('INPUT');
    const locked = screen.getByText('SERVER_NAME').closest('.setting')!;
    expect(locked.querySelectorAll('input, select')).toHaveLength(0);
    expect(locked.textContent).toMatch(/\$\{NAME\}.*Not editable here: it is a variable\./);
  });

  it('without a settings file says so once, with the setting and a restart, and no retry that cannot help', async () => {
    const message =
      "palpanel has no deployment file configured (SERVICE_CONFIG_FILE: the game's PalWorldSettings.ini, palworld-server-docker's env file, or a compose file).";
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        json({ error: { code: 'conflict', message } }, String(url).endsWith('/config') || String(url).endsWith('/config/raw') ? 409 : 404),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderAs('admin');
    await screen.findByText(message);
    expect(screen.getAllByText(/SERVICE_CONFIG_FILE: the game/)).toHaveLength(1);
    expect(document.body.textContent).toMatch(/set SERVICE_CONFIG_FILE \(palpanel serve --help lists it\), then restart palpanel\./);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/config/raw'))).toBe(false);
  });

  it('an unreadable settings file is an error a retry can fix', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(json({ error: { code: 'conflict', message: 'The settings file cannot be read: permission denied.' } }, 409)),
      ),
    );
    renderAs('admin');
    await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
