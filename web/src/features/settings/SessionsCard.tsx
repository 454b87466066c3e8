// Open panel sessions, every user's; any but this one can be ended.
import { ago, when } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { describeAgent } from '../../shared/user-agent';
import type { Session } from '../../types';
import { Card } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { endSession, useSessions } from './api';

export function SessionsCard() {
  const sessions = useSessions({ refreshMs: 30000 });
  const end = useAction();
  const now = useNow();
  const stop = async (s: Session) => {
    if ((await end.run(() => endSession(s.id))) !== undefined) sessions.reload();
  };
  return (
    <Card title="Sessions">
      <ErrorNote error={end.error} />
      <Async r={sessions} what="Reading sessions">
        {(rows) => (
          <DataTable
            caption="Sessions"
            rows={rows}
            rowKey={(s) => s.id}
            columns={[
              { key: 'user', label: 'User', sort: (s) => s.username, render: (s) => `${s.username}${s.current ? ' (this one)' : ''}` },
              {
                key: 'from',
                label: 'From',
                wide: true,
                render: (s) => `${describeAgent(s.userAgent)} · ${s.address ?? 'address unknown'}`,
              },
              { key: 'seen', label: 'Last active', sort: (s) => s.lastSeenAt, render: (s) => ago(s.lastSeenAt, now) },
              { key: 'expires', label: 'Expires', wide: true, render: (s) => when(s.expiresAt) },
              {
                key: 'x',
                label: 'End',
                render: (s) =>
                  s.current ? null : (
                    <button type="button" className="link" onClick={() => void stop(s)}>
                      End
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
