// The event log as a screen of its own (issue 38: it lived at the bottom of Moderation, its
// heading 776 px down): every event, newest first, of one kind or all, paged. Audit events are an
// admin's only (the server answers a viewer 403 for them), so a viewer is not offered them.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import { useNow } from '../../shared/use-now';
import { PageHead } from '../../ui/bits';
import { SelectField } from '../../ui/fields';
import { PagedList } from '../../ui/states';
import { useEvents } from './api';
import { EventList } from './EventList';

/** The kinds a reader can pick ('' every kind); the words are `events.filter.<kind or all>`. */
const KINDS = ['', 'join', 'leave', 'system', 'backup', 'moderation', 'crash', 'restart', 'audit'];

export function Events() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useTitle(t('events.title'));
  const admin = useIsAdmin();
  const [kind, setKind] = useState('');
  const list = useEvents(kind);
  const now = useNow();
  return (
    <>
      <PageHead title={t('events.title')}>
        <SelectField hideLabel label={t('events.kindLabel')} value={kind} onChange={(e) => setKind(e.target.value)}>
          {KINDS.filter((k) => admin || k !== 'audit').map((k) => (
            <option key={k} value={k}>
              {t(`events.filter.${k || 'all'}`)}
            </option>
          ))}
        </SelectField>
      </PageHead>
      <div className="card">
        <PagedList list={list} what={t('events.reading')} more={t('events.older')}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="muted">{t(kind ? 'events.emptyKind' : 'events.empty')}</p>
            ) : (
              <EventList events={rows} now={now} />
            )
          }
        </PagedList>
      </div>
    </>
  );
}
