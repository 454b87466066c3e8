// Open panel sessions, every user's; any but this one can be ended.
import { useIntl } from 'react-intl';
import { ago, when } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import type { Session } from '../../types';
import { Card } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { agentWords } from '../account/agent-words';
import { endSession, useSessions } from './api';

export function SessionsCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const sessions = useSessions({ refreshMs: 30000 });
  const end = useAction();
  const now = useNow();
  const stop = async (s: Session) => {
    if ((await end.run(() => endSession(s.id))) !== undefined) sessions.reload();
  };
  return (
    <Card title={t('settings.sessions.title')}>
      <ErrorNote error={end.error} />
      <Async r={sessions} what={t('settings.sessions.reading')}>
        {(rows) => (
          <DataTable
            caption={t('settings.sessions.title')}
            rows={rows}
            rowKey={(s) => s.id}
            columns={[
              {
                key: 'user',
                label: t('settings.sessions.col.user'),
                sort: (s) => s.username,
                render: (s) =>
                  s.current ? t('settings.sessions.thisOne', { name: s.username }) : <span translate="no">{s.username}</span>,
              },
              {
                key: 'from',
                label: t('settings.sessions.col.from'),
                wide: true,
                render: (s) =>
                  t('settings.sessions.from', {
                    agent: agentWords(intl, s.userAgent),
                    address: s.address ?? t('settings.sessions.addressUnknown'),
                  }),
              },
              { key: 'seen', label: t('settings.sessions.col.seen'), sort: (s) => s.lastSeenAt, render: (s) => ago(s.lastSeenAt, now) },
              { key: 'expires', label: t('settings.sessions.col.expires'), wide: true, render: (s) => when(s.expiresAt) },
              {
                key: 'x',
                label: t('settings.sessions.end'),
                render: (s) =>
                  s.current ? null : (
                    <button type="button" className="link" onClick={() => void stop(s)}>
                      {t('settings.sessions.end')}
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Async>
    </Card>
  );
}
