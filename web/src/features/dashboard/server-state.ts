// The server card's state in words: the spec's `state` says only running or unreachable, so the
// panel's own fields say why (no game configured is not a game that is down, a refused password
// is not a server that is down).
import type { IntlShape } from 'react-intl';
import type { ServerStatus } from '../../types';
import type { Tone } from '../../ui/bits';

export interface CardState {
  key: 'running' | 'unreachable' | 'unauthorized' | 'pending' | 'notConfigured';
  badge: string;
  tone: Tone;
  /** A sentence under the name; null while running or not asked yet. */
  note: string | null;
}

/** `reachable`: the live stream's latest word (null before it has spoken). */
export function serverCardState(
  intl: IntlShape,
  s: Pick<ServerStatus, 'state' | 'poller' | 'gameConfigured'>,
  reachable: boolean | null,
): CardState {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `dashboard.state.${id}` }, values);
  if (!s.gameConfigured) return { key: 'notConfigured', badge: t('notConfigured'), tone: 'muted', note: t('notConfigured.note') };
  if (s.poller?.state === 'pending') return { key: 'pending', badge: t('pending'), tone: 'muted', note: null };
  if (s.poller?.state === 'unauthorized')
    return { key: 'unauthorized', badge: t('unauthorized'), tone: 'bad', note: t('unauthorized.note') };
  if (reachable === false || s.state !== 'running') {
    const error = s.poller?.lastError?.replace(/\.$/, '');
    const note = error ? t('unreachable.noteLast', { error }) : t('unreachable.note');
    return { key: 'unreachable', badge: t('unreachable'), tone: 'bad', note };
  }
  return { key: 'running', badge: t('running'), tone: 'ok', note: null };
}
