// The event log as a screen of its own (issue 38: it lived at the bottom of Moderation, its
// heading 776 px down): every event, newest first, of one kind or all, paged. Audit events are an
// admin's only (the server answers a viewer 403 for them), so a viewer is not offered them.
import { useState } from 'react';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import { useNow } from '../../shared/use-now';
import { PageHead } from '../../ui/bits';
import { SelectField } from '../../ui/fields';
import { PagedList } from '../../ui/states';
import { useEvents } from './api';
import { EventList } from './EventList';

const KINDS: [kind: string, words: string][] = [
  ['', 'Every kind'],
  ['join', 'Joins'],
  ['leave', 'Leaves'],
  ['system', 'System'],
  ['backup', 'Backups'],
  ['moderation', 'Moderation'],
  ['crash', 'Crashes'],
  ['restart', 'Restarts'],
  ['audit', 'Audit (admins)'],
];

export function Events() {
  useTitle('Events');
  const admin = useIsAdmin();
  const [kind, setKind] = useState('');
  const list = useEvents(kind);
  const now = useNow();
  return (
    <>
      <PageHead title="Events">
        <SelectField hideLabel label="Kind of event" value={kind} onChange={(e) => setKind(e.target.value)}>
          {KINDS.filter(([k]) => admin || k !== 'audit').map(([k, words]) => (
            <option key={k} value={k}>
              {words}
            </option>
          ))}
        </SelectField>
      </PageHead>
      <div className="card">
        <PagedList list={list} what="Reading events" more="Older events">
          {(rows) =>
            rows.length === 0 ? (
              <p className="muted">
                {kind ? 'No events of this kind yet.' : 'No events yet: joins, leaves, backups and actions appear here.'}
              </p>
            ) : (
              <EventList events={rows} now={now} />
            )
          }
        </PagedList>
      </div>
    </>
  );
}
