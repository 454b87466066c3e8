// The dashboard's server card in words: no game URL is "Not configured" with the setting to set,
// never "Unreachable"; a refused password, a game that is down and a running one each as such.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { serverCardState as stateOf } from '../src/features/dashboard/server-state';
import { messagesOf } from './render-intl';

const intl = createIntl({ locale: 'en', messages: messagesOf('en') });
const serverCardState = (...a: [Parameters<typeof stateOf>[1], Parameters<typeof stateOf>[2]]) => stateOf(intl, ...a);

const poller = (state: string, lastError: string | null = null) => ({
  state,
  lastSuccessAt: null,
  lastAttemptAt: null,
  lastError,
  failedPolls: 0,
});

describe('the server card state', () => {
  it('no game URL: "Not configured", naming SERVICE_GAME_REST_URL, whatever the spec state says', () => {
    const c = serverCardState({ state: 'unreachable', poller: null, gameConfigured: false }, false);
    expect(c).toMatchObject({ key: 'notConfigured', badge: 'Not configured', tone: 'muted' });
    expect(c.note).toContain('SERVICE_GAME_REST_URL');
    expect(c.badge).not.toMatch(/unreachable/i);
  });

  it('a refused password, a game that is down, one not asked yet and one running', () => {
    const refused = serverCardState({ state: 'unreachable', poller: poller('unauthorized'), gameConfigured: true }, false);
    expect(refused.badge).toBe('Refused the admin password');
    expect(refused.note).toContain('SERVICE_GAME_ADMIN_PASSWORD');
    const down = serverCardState(
      { state: 'unreachable', poller: poller('unreachable', 'the game refused the connection.'), gameConfigured: true },
      false,
    );
    expect(down).toMatchObject({ badge: 'Unreachable', tone: 'bad' });
    expect(down.note).toContain('Last try: the game refused the connection.');
    expect(serverCardState({ state: 'unreachable', poller: poller('pending'), gameConfigured: true }, null)).toMatchObject({
      badge: 'Not asked yet',
      note: null,
    });
    expect(serverCardState({ state: 'running', poller: poller('running'), gameConfigured: true }, true)).toMatchObject({
      badge: 'Running',
      note: null,
    });
    // The live stream's newer word wins over a card fetched before the game went away.
    expect(serverCardState({ state: 'running', poller: poller('running'), gameConfigured: true }, false).badge).toBe('Unreachable');
  });
});
