import { useIntl } from 'react-intl';
import { useServerText } from '../../i18n/server-text';
import { ago, when } from '../../shared/format';
import type { LoggedEvent } from '../../types';
import { Badge, type Tone } from '../../ui/bits';

const TONE: Record<string, Tone> = { join: 'ok', leave: 'muted', system: 'info', backup: 'info', moderation: 'warn', audit: 'muted' };

export function EventList({ events, now }: { events: LoggedEvent[]; now: number }) {
  const intl = useIntl();
  const text = useServerText();
  return (
    <ol className="events">
      {events.map((e) => (
        <li key={e.id}>
          <Badge tone={TONE[e.kind] ?? 'muted'}>{intl.formatMessage({ id: 'events.kind.badge' }, { kind: e.kind })}</Badge>
          <span className="event-text">{text(e)}</span>
          <time className="muted" dateTime={e.at} title={when(e.at)}>
            {ago(e.at, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}
