import { ago } from '../../shared/format';
import type { LoggedEvent } from '../../types';
import { Badge, type Tone } from '../../ui/bits';

const TONE: Record<string, Tone> = { join: 'ok', leave: 'muted', system: 'info', backup: 'info', moderation: 'warn', audit: 'muted' };

export function EventList({ events, now }: { events: LoggedEvent[]; now: number }) {
  return (
    <ol className="events">
      {events.map((e) => (
        <li key={e.id}>
          <Badge tone={TONE[e.kind] ?? 'muted'}>{e.kind}</Badge>
          <span className="event-text">{e.message}</span>
          <time className="muted" dateTime={e.at} title={new Date(e.at).toLocaleString()}>
            {ago(e.at, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}
